// GET /api/sync/pull: products and customers a till has not seen, in version order
// across both tables, deleted rows as tombstones, pages with hasMore and remaining, empty
// pages for a till that has everything.
import { describe, expect, it } from 'vitest';
import { deleteCustomer } from './customers';
import { deleteProduct, updateProduct } from './products';
import { changeVersionOf, makeCustomer, makeProduct, saleBody } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { cursorText, parseCursor } from './sync';
import { idsOf, syncSuite, versionsOf } from './sync-fixtures';

describe.each(databases())('sync pull (%s)', (kind) => {
  const { s, pull, pass, caughtUp } = syncSuite(kind);

  it('a first pull brings the whole catalogue in version order, in pages, until hasMore is false', async () => {
    const everything = await pull();
    expect(everything.hasMore).toBe(false);
    expect(everything.remaining).toBe(0);
    expect(everything.reset).toBe(false);
    expect(everything.products).toHaveLength(62);
    // The 25 of the demo and the store's Consumidor final.
    expect(everything.customers).toHaveLength(26);
    expect(everything.products[0]).toMatchObject({ sale_price: expect.any(Number), version: expect.any(Number) });
    // A finished pass: the next one starts from this pull's snapshot.
    expect(parseCursor(everything.cursor)).toMatchObject({ from: expect.any(Object), after: 0, until: null });

    const { pages, cursor } = await pass(undefined, 20);
    expect(pages).toHaveLength(5);
    let remainingBefore = Infinity;
    for (const page of pages) {
      expect(versionsOf(page).length).toBeLessThanOrEqual(20);
      expect(page.remaining).toBeLessThan(remainingBefore);
      remainingBefore = page.remaining;
      if (page.hasMore) {
        // In the middle of a pass: the last version sent, and the pass's first snapshot.
        expect(parseCursor(page.cursor)).toMatchObject({ from: null, after: versionsOf(page).at(-1) });
        expect(cursorText(parseCursor(page.cursor))).toBe(page.cursor);
      }
    }
    const seen = pages.flatMap(versionsOf);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(88);
    expect(await pull(cursor)).toMatchObject({ products: [], customers: [], tombstones: [], hasMore: false });
  });

  it('remaining is counted on the first page of a pass and carried in the cursor: exact on a quiet store, and a row written meanwhile still comes', async () => {
    const since = await caughtUp();
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await makeProduct(s.ctx.db, s.tenantId, { stock: i }));
    const first = await pull(since, 3);
    expect(first).toMatchObject({ hasMore: true, remaining: 4 });
    expect(parseCursor(first.cursor).remaining).toBe(4);
    // Written while the pass goes on: the carried count does not know it, the pass still sends it.
    const late = [];
    for (let i = 0; i < 3; i++) late.push(await makeProduct(s.ctx.db, s.tenantId, { stock: 9 }));
    const second = await pull(first.cursor, 3);
    expect(second).toMatchObject({ hasMore: true, remaining: 1 });
    // The count ran out before the pass did: at least 1 while anything is left.
    const third = await pull(second.cursor, 3);
    expect(third).toMatchObject({ hasMore: true, remaining: 1 });
    const last = await pull(third.cursor, 3);
    expect(last).toMatchObject({ hasMore: false, remaining: 0 });
    expect([first, second, third, last].flatMap(idsOf)).toEqual([...made, ...late].map((p) => p.id));
    // A cursor with a count that is not a number is refused like any broken cursor.
    const broken = await s.http.get(`/api/sync/pull?since=${encodeURIComponent(`${first.cursor}x`)}`, {
      token: s.cashier,
    });
    expect(broken.status).toBe(400);
  });

  it('orders interleaved changes of both tables by version and cuts pages between them', async () => {
    const since = await caughtUp();
    const c1 = await makeCustomer(s.ctx.db, s.tenantId, 'Primeira');
    const p1 = await makeProduct(s.ctx.db, s.tenantId, { stock: 3 });
    const c2 = await makeCustomer(s.ctx.db, s.tenantId, 'Segunda');
    const first = await pull(since, 2);
    expect(first.customers.map((c) => c.id)).toEqual([c1.id]);
    expect(first.products.map((p) => p.id)).toEqual([p1.id]);
    expect(first).toMatchObject({ hasMore: true, remaining: 1 });
    const second = await pull(first.cursor, 2);
    expect(second.customers.map((c) => c.id)).toEqual([c2.id]);
    expect(second).toMatchObject({ hasMore: false, remaining: 0, products: [] });
    expect(versionsOf(first)[1]).toBeLessThan(versionsOf(second)[0]!);
    expect(idsOf(await pull(second.cursor))).toEqual([]);
  });

  it('deleted rows come as tombstones (and only the latest state of a row is sent)', async () => {
    const since = await caughtUp();
    const p = await makeProduct(s.ctx.db, s.tenantId, { stock: 1 });
    const c = await makeCustomer(s.ctx.db, s.tenantId, 'Some');
    const kept = await makeProduct(s.ctx.db, s.tenantId, { stock: 1 });
    await updateProduct(s.ctx.db, s.tenantId, kept.id, { sale_price: 1234 });
    await deleteProduct(s.ctx.db, s.tenantId, p.id);
    await deleteCustomer(s.ctx.db, s.tenantId, c.id);
    const v = await changeVersionOf(s.ctx.db, s.tenantId);
    const page = await pull(since);
    expect(page.tombstones).toEqual([
      { entity: 'product', id: p.id, version: v - 1 },
      { entity: 'customer', id: c.id, version: v },
    ]);
    expect(page.products).toEqual([expect.objectContaining({ id: kept.id, sale_price: 12.34, version: v - 2 })]);
    expect(page.customers).toEqual([]);
  });

  it('after a sale the sold product comes with its new stock and the version the sale answered', async () => {
    const p = await makeProduct(s.ctx.db, s.tenantId, { stock: 7 });
    const customer = await makeCustomer(s.ctx.db, s.tenantId, 'Comprador');
    const since = await caughtUp();
    const sale = await s.http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 3 }]), {
      token: s.cashier,
    });
    expect(sale.status).toBe(201);
    const page = await pull(since);
    expect(page.products).toEqual([expect.objectContaining({ id: p.id, current_stock: 4 })]);
    expect(page.products[0]!.version).toBe(sale.body.data.stock_after[0].version);
    // The cancel gives the units back: another delta.
    await s.http.put(`/api/sales/${sale.body.data.id}/cancel`, { reason: 'Cliente desistiu' }, { token: s.admin });
    const next = await pull(page.cursor);
    expect(next.products).toEqual([expect.objectContaining({ id: p.id, current_stock: 7 })]);
    expect(next.products[0]!.version).toBeGreaterThan(page.products[0]!.version);
  });

  it('a till with everything gets empty pages, and a cursor that goes on', async () => {
    const since = await caughtUp();
    const page = await pull(since);
    expect(page).toMatchObject({ products: [], customers: [], tombstones: [], hasMore: false, remaining: 0 });
    const p = await makeProduct(s.ctx.db, s.tenantId, { stock: 2 });
    expect((await pull(page.cursor)).products.map((r) => r.id)).toEqual([p.id]);
  });
});
