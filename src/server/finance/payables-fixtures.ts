// What the accounts-payable tests share: a bill's form, the store emptied of bills and
// their cash entries before each test, and reads of what was written.
import { eq } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import { addDays, todayIso } from '../../shared/dates';
import { accountsPayable, cashFlowEntries } from '../db/schema';
import { NO_STORE, storeRows, useTestStore, type TestStore } from '../test/helpers';
import type { TestDbKind } from '../test/testDb';

export const BASE = '/api/accounts-payable';
export const today = todayIso();
export const day = (n: number) => addDays(today, n);

/** The form of a bill, with `extra` fields over it. */
export const bill = (extra: Record<string, unknown> = {}) => ({
  supplier_name: 'Tecidos Paulista',
  description: 'Malha de algodão',
  amount: 1250.5,
  due_date: day(10),
  category: 'Matéria-prima',
  ...extra,
});

/**
 * The store for the describe block (handed to `take`, as useTestStore), without bills
 * before each test; `create` posts a bill as the admin and expects 201.
 */
export function usePayables(kind: TestDbKind, take: (store: TestStore) => unknown) {
  let store = NO_STORE;
  useTestStore(kind, (opened) => {
    store = opened;
    return take(opened);
  });
  beforeEach(async () => {
    await store.ctx.db.delete(cashFlowEntries).where(eq(cashFlowEntries.tenantId, store.tenantId));
    await store.ctx.db.delete(accountsPayable);
  });
  return {
    create: async (extra: Record<string, unknown> = {}) => {
      const res = await store.http.post(BASE, bill(extra), { token: store.admin });
      expect(res.status).toBe(201);
      return res.body.data;
    },
    rows: () => storeRows(store.ctx.db, store.tenantId, accountsPayable),
    entriesOf: (id: string) => storeRows(store.ctx.db, store.tenantId, cashFlowEntries, { accountPayableId: id }),
  };
}
