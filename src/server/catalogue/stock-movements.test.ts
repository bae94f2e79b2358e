import { describe, expect, it } from 'vitest';
import { inTransaction } from '../db/client';
import { enterStock } from '../ledgers/stock-moves';
import { NO_STORE, NO_UUID, OTHER_HOST, useTestStore } from '../test/helpers';
import { makeCustomer, makeProduct, saleBody, stockOf } from '../test/sales-fixtures';
import { databases } from '../test/testDb';

interface Movement {
  kind: string;
  quantity: number;
  stock_after: number;
  reason: string | null;
  sale_id: string | null;
  entry_id: string | null;
  user_name: string | null;
}

describe.each(databases())('stock movements (%s)', (kind) => {
  let { ctx, http, admin, cashier, tenantId, otherAdmin } = NO_STORE;
  const movementsOf = async (id: string, query = 'limit=100'): Promise<Movement[]> => {
    const res = await http.get(`/api/products/${id}/stock-movements?${query}`, { token: cashier });
    expect(res.status).toBe(200);
    return res.body.data.movements;
  };
  /** The movements add up to the stock, and each one's stock_after follows the one before it. */
  const expectExplained = async (id: string) => {
    const list = (await movementsOf(id)).reverse();
    let stock = 0;
    for (const m of list) {
      stock += m.quantity;
      expect(m.stock_after).toBe(stock);
    }
    expect(stock).toBe(await stockOf(ctx.db, tenantId, id));
  };

  useTestStore(kind, (store) => ({ ctx, http, admin, cashier, tenantId, otherAdmin } = store));

  it('records the opening stock, sales, line edits, a cancel and adjustments, newest first', async () => {
    const created = await http.post(
      '/api/products',
      { sku: 'MOV-1', name: 'Movimentado', current_stock: 10, sale_price: 10 },
      { token: admin },
    );
    const id = created.body.data.id;
    const product = { id, price: 1000, cost: 0, name: 'Movimentado', sku: 'MOV-1', stock: 10 };
    const other = await makeProduct(ctx.db, tenantId, { stock: 5, price: 500 });
    const customer = await makeCustomer(ctx.db, tenantId);

    const sale = await http.post('/api/sales', saleBody(customer.id, [{ product, quantity: 3 }]), { token: cashier });
    expect(sale.status).toBe(201);
    const saleId = sale.body.data.id;
    const item = sale.body.data.items[0].id;
    expect((await http.put(`/api/sales/items/${item}`, { quantity: 5 }, { token: admin })).status).toBe(200);
    const added = await http.post(
      '/api/sales/items',
      { sale_id: saleId, product_id: other.id, quantity: 1 },
      { token: admin },
    );
    expect(added.status).toBe(201);
    expect(
      (await http.put(`/api/sales/${saleId}/cancel`, { reason: 'Cliente desistiu' }, { token: admin })).status,
    ).toBe(200);

    // The dialog's stock: an adjustment by the difference, with the reason typed.
    const noReason = await http.put(`/api/products/${id}`, { current_stock: 7 }, { token: admin });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details).toEqual([
      expect.objectContaining({ path: 'stock_reason', message: 'Informe o motivo do ajuste de estoque' }),
    ]);
    expect(await stockOf(ctx.db, tenantId, id)).toBe(10);
    const adjusted = await http.put(
      `/api/products/${id}`,
      { name: 'Movimentado', current_stock: 7, stock_reason: 'Avaria: 3 peças manchadas' },
      { token: admin },
    );
    expect(adjusted.status).toBe(200);
    expect(adjusted.body.data.current_stock).toBe(7);
    // The same stock sent again needs no reason and moves nothing.
    expect((await http.put(`/api/products/${id}`, { current_stock: 7 }, { token: admin })).status).toBe(200);

    const list = await movementsOf(id);
    expect(list.map((m) => [m.kind, m.quantity, m.stock_after, m.reason])).toEqual([
      ['adjustment', -3, 7, 'Avaria: 3 peças manchadas'],
      ['sale_cancelled', 5, 10, null],
      ['sale_edit', -2, 5, null],
      ['sale', -3, 7, null],
      ['adjustment', 10, 10, 'Estoque inicial'],
    ]);
    expect(list.filter((m) => m.kind.startsWith('sale')).every((m) => m.sale_id === saleId)).toBe(true);
    expect(list[0]!.user_name).toBe('Administrador Demo');
    expect(list[3]!.user_name).not.toBeNull();
    await expectExplained(id);
    const others = await movementsOf(other.id);
    expect(others.map((m) => [m.kind, m.quantity])).toEqual([
      ['sale_cancelled', 1],
      ['sale_edit', -1],
      ['adjustment', 5],
    ]);
  });

  it('records offline sales beyond stock, one movement per sale of a run', async () => {
    const product = await makeProduct(ctx.db, tenantId, { stock: 1, price: 1000 });
    const customer = await makeCustomer(ctx.db, tenantId);
    const body = () => saleBody(customer.id, [{ product, quantity: 2 }], { offline: true, id: crypto.randomUUID() });
    const sales = [body(), body()].map((b) => ({ key: crypto.randomUUID(), body: b }));
    const batch = await http.post('/api/sales/batch', { sales }, { token: cashier });
    expect(batch.body.data.results.map((r: { status: number }) => r.status)).toEqual([201, 201]);
    const list = await movementsOf(product.id);
    expect(list.map((m) => [m.kind, m.quantity, m.stock_after])).toEqual([
      ['sale', -2, -3],
      ['sale', -2, -1],
      ['adjustment', 1, 1],
    ]);
    await expectExplained(product.id);
  });

  it('enters stock from a stock entry (the NF-e import calls enterStock)', async () => {
    const product = await makeProduct(ctx.db, tenantId, { stock: 2 });
    const entryId = crypto.randomUUID();
    const after = await inTransaction(ctx.db, undefined, (t) =>
      enterStock(t, tenantId, [{ productId: product.id, quantity: 12 }], { entryId, userId: null }),
    );
    expect(after).toEqual([expect.objectContaining({ product_id: product.id, current_stock: 14 })]);
    const [entry] = await movementsOf(product.id);
    expect(entry).toMatchObject({ kind: 'nfe_entry', quantity: 12, stock_after: 14, entry_id: entryId });
    await expect(
      inTransaction(ctx.db, undefined, (t) =>
        enterStock(t, tenantId, [{ productId: NO_UUID, quantity: 1 }], { entryId, userId: null }),
      ),
    ).rejects.toThrow('Produto não encontrado.');
  });

  it('pages newest first; another store’s product is 404', async () => {
    const created = await http.post(
      '/api/products',
      { sku: 'PAGE-1', name: 'Paginado', current_stock: 1 },
      { token: admin },
    );
    const id = created.body.data.id;
    for (let stock = 2; stock <= 5; stock++) {
      await http.put(
        `/api/products/${id}`,
        { current_stock: stock, stock_reason: `Contagem ${stock}` },
        { token: admin },
      );
    }
    const page1 = await http.get(`/api/products/${id}/stock-movements?page=1&limit=2`, { token: cashier });
    expect(page1.body.data.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(page1.body.data.movements.map((m: Movement) => m.stock_after)).toEqual([5, 4]);
    const page3 = await http.get(`/api/products/${id}/stock-movements?page=3&limit=2`, { token: cashier });
    expect(page3.body.data.movements.map((m: Movement) => m.stock_after)).toEqual([1]);
    const foreign = await http.get(`/api/products/${id}/stock-movements`, { token: otherAdmin, host: OTHER_HOST });
    expect(foreign.status).toBe(404);
    expect((await http.get(`/api/products/${NO_UUID}/stock-movements`, { token: cashier })).status).toBe(404);
  });
});
