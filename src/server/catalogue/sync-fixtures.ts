// The sync pull suites' pieces (sync*.test.ts): a page as the till reads it, its versions
// and ids, and the app on a fresh database with a till's pulls (one page, a whole pass,
// caught up).
import { afterAll, beforeAll, expect } from 'vitest';
import { SyncPullResponseSchema } from '../../shared/contract';
import { NO_STORE, openTestStore } from '../test/helpers';
import type { TestDbKind } from '../test/testDb';

export interface Page {
  products: { id: string; version: number; current_stock: number; sale_price: number; minimum_stock: number }[];
  customers: { id: string; version: number; name: string }[];
  tombstones: { entity: 'product' | 'customer'; id: string; version: number }[];
  cursor: string;
  hasMore: boolean;
  remaining: number;
  reset: boolean;
}

export const versionsOf = (page: Page) =>
  [...page.products, ...page.customers, ...page.tombstones].map((r) => r.version).sort((a, b) => a - b);
export const idsOf = (page: Page) => [...page.products, ...page.customers, ...page.tombstones].map((r) => r.id);

/** The app on a fresh database around the suite (read `s` inside the tests), and a till's pulls. */
export function syncSuite(kind: TestDbKind) {
  const s = { ...NO_STORE };
  beforeAll(async () => {
    Object.assign(s, await openTestStore(kind));
  });
  afterAll(() => s.ctx?.close());

  const pull = async (since?: string | number, limit?: number, token = s.cashier): Promise<Page> => {
    const query = new URLSearchParams();
    if (since !== undefined) query.set('since', String(since));
    if (limit !== undefined) query.set('limit', String(limit));
    const res = await s.http.get(`/api/sync/pull?${query}`, { token });
    expect(res.status, String(since)).toBe(200);
    expect(SyncPullResponseSchema.safeParse(res.body).success).toBe(true);
    return res.body.data as Page;
  };
  /** Every page of a pass from `since`; the pages and the cursor the next pass starts from. */
  const pass = async (since?: string, limit?: number) => {
    const pages: Page[] = [];
    let cursor = since;
    for (;;) {
      const page = await pull(cursor, limit);
      pages.push(page);
      cursor = page.cursor;
      if (!page.hasMore) return { pages, cursor };
    }
  };
  /** The cursor of a till that has everything. */
  const caughtUp = async () => (await pass()).cursor;

  return { s, pull, pass, caughtUp };
}
