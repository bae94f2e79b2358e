// Signs of values and local marks on cash-flow rows (marks filled by the offline layer).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CashFlowEntrySchema } from '../../../shared/contract/cash-flow';
import { cashEntryJson } from '../../test/finance-fixtures';
import type { CashEntryRow } from './api';
import { CashFlowTable, signedAmount } from './cash-flow-table';
import { expectLocalMarks } from '../../test/screen-text';

const row = (description: string, local?: CashEntryRow['local'], more: Record<string, unknown> = {}): CashEntryRow => ({
  ...CashFlowEntrySchema.parse(cashEntryJson({ description, ...more })),
  local,
});

describe('CashFlowTable', () => {
  it('writes income with + and expenses with -', () => {
    expect(signedAmount({ type: 'income', amount: 1000 }).replace(/\s/g, ' ')).toBe('+ R$ 10,00');
    expect(signedAmount({ type: 'expense', amount: 500 }).replace(/\s/g, ' ')).toBe('- R$ 5,00');
  });

  it('marks rows not yet synchronized or refused by the server', () => {
    render(
      <CashFlowTable
        entries={[row('Local', 'pending'), row('Recusado', 'rejected'), row('Servidor')]}
        canWrite
        onEdit={() => undefined}
        onDelete={() => undefined}
      />,
    );
    expectLocalMarks((d) => screen.getAllByText(d)[0]!.closest('tr')!, ['Local', 'Recusado', 'Servidor']);
  });

  it('offers edit and delete on a manual entry, never on a caixa close’s Quebra or Sobra', () => {
    render(
      <CashFlowTable
        entries={[
          row('Aluguel', undefined, { type: 'expense', category: 'Administrativo' }),
          row('Quebra de caixa - Caixa 1', undefined, { type: 'expense', category: 'Quebra de caixa' }),
          row('Sobra de caixa - Caixa 2', undefined, { category: 'Sobra de caixa' }),
        ]}
        canWrite
        onEdit={() => undefined}
        onDelete={() => undefined}
      />,
    );
    const rowOf = (d: string) => screen.getAllByText(d)[0]!.closest('tr')!;
    expect(within(rowOf('Aluguel')).queryAllByRole('button').length).toBeGreaterThan(0);
    expect(within(rowOf('Quebra de caixa - Caixa 1')).queryAllByRole('button')).toEqual([]);
    expect(within(rowOf('Sobra de caixa - Caixa 2')).queryAllByRole('button')).toEqual([]);
  });
});
