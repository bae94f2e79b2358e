// What the tests of the server's checks on a sale share (sale-price.test.ts,
// sale-conflicts.test.ts): the store with one customer, products at a price, a price
// changed through the API, and a sale's recorded conflicts.
import { expect } from 'vitest';
import { saleConflicts } from '../../db/schema';
import { NO_STORE, storeRows, useTestStore, type TestStore } from '../../test/helpers';
import { makeCustomer, makeProduct } from '../../test/sales-fixtures';
import type { TestDbKind } from '../../test/testDb';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The ISO time `ms` before now (after it, for a negative `ms`). */
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export interface Customer {
  id: string;
  name: string;
}

/** The store for the describe block, handed to `take` with its customer Helena Duarte. */
export function useSaleChecks(kind: TestDbKind, take: (store: TestStore, customer: Customer) => unknown) {
  let store = NO_STORE;
  useTestStore(kind, async (opened) => {
    store = opened;
    return take(opened, await makeCustomer(opened.ctx.db, opened.tenantId, 'Helena Duarte'));
  });
  return {
    /** A product with 50 in stock at `price` centavos. */
    product: (price: number, name?: string) => makeProduct(store.ctx.db, store.tenantId, { stock: 50, price, name }),
    /** The product's price changed by the admin, in reais. */
    reprice: async (id: string, reais: number) => {
      const res = await store.http.put(`/api/products/${id}`, { sale_price: reais }, { token: store.admin });
      expect(res.status).toBe(200);
    },
    conflictsOf: (saleId: string) => storeRows(store.ctx.db, store.tenantId, saleConflicts, { saleId }),
  };
}
