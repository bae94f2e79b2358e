// A row changed on this device shows it, in either account table: 'Não sincronizado'
// (pending) or 'Recusado pelo servidor' (rejected). The offline layer fills `local`; the
// tables only render it, through the cells they share.
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AccountPayableSchema, AccountReceivableSchema } from '../../../shared/contract/accounts';
import { PayableTable } from '../../features/payables/payable-table';
import { ReceivableTable } from '../../features/receivables/receivable-table';
import { payableJson, receivableJson } from '../../test/finance-fixtures';
import { expectLocalMarks } from '../../test/screen-text';

/** Each row's name and mark: pending on this device, refused by the server, from the server. */
const MARKED = [
  ['Pendente Local', 'pending'],
  ['Recusada', 'rejected'],
  ['Do Servidor', undefined],
] as const;
const names = MARKED.map(([name]) => name);

const payables = MARKED.map(([supplier_name, local]) => ({
  ...AccountPayableSchema.parse(payableJson({ supplier_name })),
  local,
}));
const receivables = MARKED.map(([description, local]) => ({
  ...AccountReceivableSchema.parse(receivableJson({ description })),
  local,
}));

describe('account tables', () => {
  it.each<[string, () => ReactElement]>([
    ['PayableTable', () => <PayableTable accounts={payables} emptyText="-" onAction={() => undefined} />],
    ['ReceivableTable', () => <ReceivableTable accounts={receivables} canReceive={false} onPay={() => undefined} />],
  ])('%s marks rows not yet synchronized or refused by the server', (_, view) => {
    render(view());
    const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
    const { pending, rejected } = expectLocalMarks(rowOf, names);
    expect(pending.className).toContain('bg-yellow-100');
    expect(rejected.className).toContain('bg-red-100');
  });
});
