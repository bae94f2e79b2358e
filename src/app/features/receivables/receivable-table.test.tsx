// Local marks on receivable rows (filled by the offline layer).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountReceivableSchema } from '../../../shared/contract/accounts';
import { receivableJson } from '../../test/finance-fixtures';
import type { ReceivableRow } from './api';
import { ReceivableTable } from './receivable-table';

const row = (description: string, local?: ReceivableRow['local']): ReceivableRow => ({
  ...AccountReceivableSchema.parse(receivableJson({ description })),
  local,
});

describe('ReceivableTable', () => {
  it('marks rows not yet synchronized or refused by the server', () => {
    render(
      <ReceivableTable
        accounts={[row('Local', 'pending'), row('Recusada', 'rejected'), row('Servidor')]}
        canReceive={false}
        onPay={() => undefined}
      />,
    );
    const rowOf = (d: string) => screen.getByText(d).closest('tr')!;
    expect(within(rowOf('Local')).getByText('Não sincronizado')).toBeTruthy();
    expect(within(rowOf('Recusada')).getByText('Recusado pelo servidor')).toBeTruthy();
    expect(within(rowOf('Servidor')).queryByText(/sincronizado|Recusado/)).toBeNull();
  });
});
