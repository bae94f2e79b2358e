// A row changed on this device shows it: 'Não sincronizado' (pending) or 'Recusado pelo
// servidor' (rejected). The offline layer fills `local`; the table only renders it.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountPayableSchema } from '../../../shared/contract/accounts';
import { payableJson } from '../../test/finance-fixtures';
import type { PayableRow } from './api';
import { PayableTable } from './payable-table';
import { expectLocalMarks } from '../../test/screen-text';

const row = (name: string, local?: PayableRow['local']): PayableRow => ({
  ...AccountPayableSchema.parse(payableJson({ supplier_name: name })),
  local,
});

describe('PayableTable', () => {
  it('marks rows not yet synchronized or refused by the server', () => {
    render(
      <PayableTable
        accounts={[row('Pendente Local', 'pending'), row('Recusada', 'rejected'), row('Do Servidor')]}
        emptyText="-"
        onAction={() => undefined}
      />,
    );
    const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
    const { pending, rejected } = expectLocalMarks(rowOf, ['Pendente Local', 'Recusada', 'Do Servidor']);
    expect(pending.className).toContain('bg-yellow-100');
    expect(rejected.className).toContain('bg-red-100');
  });
});
