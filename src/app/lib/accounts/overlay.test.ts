// The overlay laid over cached finance data: lists, statistics and the cash summary show
// exactly what the server will hold once the queued changes arrive (property tests
// compare with figures computed from scratch over the changed records).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountPayable } from '../../../shared/contract/accounts';
import type { CashFlowEntry, CashFlowSummary } from '../../../shared/contract/cash-flow';
import { addDays } from '../../../shared/dates';
import {
  adjustCashSummary,
  adjustOverdueCount,
  adjustPayableStatistics,
  adjustReceivableStatistics,
  statusToday,
} from '../../../shared/account-overlay';
import { liveOverlays, mergeRows, type OverlayView } from './overlay';

const TODAY = '2026-11-23';

function payable(id: string, status: AccountPayable['status'], due: string, amount: number): AccountPayable {
  return {
    id,
    supplier_name: `Fornecedor ${id}`,
    description: `Conta ${id}`,
    amount,
    due_date: due,
    payment_method: null,
    category: 'Serviços',
    reference_number: null,
    notes: null,
    status,
    payment_date: status === 'paid' ? TODAY : null,
  };
}

function overlay(
  kind: OverlayView['kind'],
  id: string,
  server: unknown,
  local: unknown,
  extra: Partial<OverlayView> = {},
): OverlayView {
  return {
    key: `${kind}:${id}`,
    kind,
    id,
    resource: `${kind}:${id}`,
    server,
    local,
    updatedAt: 1,
    syncedAt: null,
    state: 'pending',
    ...extra,
  };
}

/** Statistics computed from scratch, as the server does. */
function stats(accounts: readonly AccountPayable[]) {
  const s = { total_pending: 0, total_overdue: 0, total_paid: 0, count_pending: 0, count_overdue: 0, count_paid: 0 };
  for (const a of accounts) {
    const status = statusToday(a, TODAY);
    if (status === 'pending') {
      s.total_pending += a.amount;
      s.count_pending++;
    } else if (status === 'overdue') {
      s.total_overdue += a.amount;
      s.count_overdue++;
    } else if (status === 'paid') {
      s.total_paid += a.amount;
      s.count_paid++;
    }
  }
  return s;
}

describe('finance overlay', () => {
  it('lays changes over a page: replaced and marked, deleted, filtered out, created ones first on page 1', () => {
    const a = payable('a', 'pending', TODAY, 100);
    const b = payable('b', 'overdue', '2026-11-01', 200);
    const c = payable('c', 'pending', '2026-12-01', 300);
    const created = payable('n', 'pending', '2026-12-10', 50);
    const overlays = [
      overlay('payable', 'a', a, { ...a, status: 'paid' }),
      overlay('payable', 'b', b, null),
      overlay('payable', 'n', null, created, { state: 'rejected' }),
    ];
    const everything = mergeRows([a, b, c], overlays, { matches: () => true, firstPage: true });
    expect(everything.map((r) => [r.id, r.status, r.local])).toEqual([
      ['n', 'pending', 'rejected'],
      ['a', 'paid', 'pending'],
      ['c', 'pending', undefined],
    ]);
    // The 'pending' filter: the account paid here leaves it; page 2 never gets the new one.
    const pendingOnly = (r: AccountPayable) => statusToday(r, TODAY) === 'pending';
    expect(mergeRows([a, c], overlays, { matches: pendingOnly, firstPage: false }).map((r) => r.id)).toEqual(['c']);
    // The 'paid' filter on page 1: the account paid here joins it.
    const paidOnly = (r: AccountPayable) => r.status === 'paid';
    expect(mergeRows([], overlays, { matches: paidOnly, firstPage: true }).map((r) => r.id)).toEqual(['a']);
  });

  it('a synced change counts for data fetched before it, never after', () => {
    const o = overlay('payable', 'a', null, payable('a', 'paid', TODAY, 1), { state: 'synced', syncedAt: 1000 });
    expect(liveOverlays([o], 'payable', 999)).toHaveLength(1);
    expect(liveOverlays([o], 'payable', 1000)).toHaveLength(0);
    expect(liveOverlays([o], 'receivable', 0)).toHaveLength(0);
  });

  it('statistics and the overdue count equal those of the changed accounts computed from scratch', () => {
    const status = fc.constantFrom<AccountPayable['status']>('pending', 'overdue', 'paid', 'cancelled');
    const account = (id: string) =>
      fc
        .record({ status, offset: fc.integer({ min: -40, max: 40 }), amount: fc.integer({ min: 1, max: 1_000_000 }) })
        .map(({ status: st, offset, amount }) => {
          const due = addDays(TODAY, offset);
          // A stored pending account shows overdue exactly when it is due before today.
          const shown =
            st === 'overdue' || st === 'pending' ? statusToday({ status: 'pending', due_date: due }, TODAY) : st;
          return payable(id, shown, due, amount);
        });
    const change = fc.constantFrom('pay', 'cancel', 'delete', 'edit', 'none');
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(account('x'), change, fc.integer({ min: -40, max: 40 }), fc.integer({ min: 1, max: 1_000_000 })),
          {
            maxLength: 12,
          },
        ),
        fc.array(account('new'), { maxLength: 4 }),
        (rows, created) => {
          const server = rows.map(([a], i) => ({ ...a, id: `s${i}` }));
          const overlays: OverlayView[] = [];
          const after: AccountPayable[] = [];
          rows.forEach(([, op, offset, amount], i) => {
            const before = server[i]!;
            const open = before.status === 'pending' || before.status === 'overdue';
            let local: AccountPayable | null = before;
            if (op === 'pay' && open) local = { ...before, status: 'paid', payment_date: TODAY };
            if (op === 'cancel' && open) local = { ...before, status: 'cancelled' };
            if (op === 'delete' && before.status !== 'paid') local = null;
            if (op === 'edit' && open) local = { ...before, due_date: addDays(TODAY, offset), amount };
            if (local !== before) overlays.push(overlay('payable', before.id, before, local));
            if (local) after.push(local);
          });
          created.forEach((a, i) => {
            const local = { ...a, id: `n${i}` };
            overlays.push(overlay('payable', local.id, null, local));
            after.push(local);
          });
          expect(adjustPayableStatistics(stats(server), overlays, TODAY)).toEqual(stats(after));
          expect(adjustOverdueCount(stats(server).count_overdue, overlays, TODAY)).toBe(stats(after).count_overdue);
          const range = { start_date: addDays(TODAY, -10), end_date: addDays(TODAY, 10) };
          const within = (list: AccountPayable[]) =>
            list.filter((a) => a.due_date >= range.start_date && a.due_date <= range.end_date);
          const { total_pending, total_overdue, count_pending } = stats(within(server));
          const expected = stats(within(after));
          expect(
            adjustReceivableStatistics({ total_pending, total_overdue, count_pending }, overlays, TODAY, range),
          ).toEqual({
            total_pending: expected.total_pending,
            total_overdue: expected.total_overdue,
            count_pending: expected.count_pending,
          });
        },
      ),
    );
  });

  it("the cash summary counts the overlay's entries on their day: before the range, in it or after", () => {
    const entry = (id: string, date: string, type: CashFlowEntry['type'], amount: number): CashFlowEntry => ({
      id,
      date,
      type,
      description: id,
      category: 'Vendas',
      amount,
      sale_id: null,
      account_payable_id: null,
      account_receivable_id: null,
    });
    const summary: CashFlowSummary = {
      initial_balance: 1000,
      total_income: 500,
      total_expenses: 200,
      final_balance: 1300,
    };
    const range = { start_date: '2026-11-01', end_date: '2026-11-30' };
    const adjusted = adjustCashSummary(
      summary,
      [
        overlay('cash-entry', 'pay', null, entry('pay', '2026-11-23', 'expense', 150)),
        overlay('cash-entry', 'old', null, entry('old', '2026-10-15', 'income', 40)),
        overlay(
          'cash-entry',
          'fix',
          entry('fix', '2026-11-10', 'income', 100),
          entry('fix', '2026-11-10', 'income', 120),
        ),
        overlay('cash-entry', 'gone', entry('gone', '2026-11-05', 'expense', 30), null),
        overlay('cash-entry', 'late', null, entry('late', '2026-12-02', 'income', 999)),
      ],
      range,
    );
    expect(adjusted).toEqual({ initial_balance: 1040, total_income: 520, total_expenses: 320, final_balance: 1240 });
  });
});
