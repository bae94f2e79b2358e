import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants } from '../db/schema';
import { DEMO_PIX } from '../demo/seed';
import { OTHER_HOST, NO_STORE, useTestStore } from '../test/helpers';
import { databases } from '../test/testDb';

const DEFAULTS = {
  cashiers_see_cost_price: true,
  stock_cost_method: 'average',
  new_product_markup_percent: 100,
  pix_key: '',
  pix_receiver_name: '',
  pix_city: '',
  cashier_max_discount_percent: 10,
  cash_close_tolerance: 500,
  receipt_paper_width: '80mm',
  receipt_auto_print: false,
  cashier_max_return: 20000,
  credit_limit_default: 0,
  late_fee_percent: 0,
  late_interest_monthly_percent: 0,
  cashiers_receive_installments: false,
  troca_period_days: 30,
  final_consumer: false,
};
/** A store created today starts Nova Venda with Consumidor final; the demo also has a Pix key. */
const NEW_STORE = { ...DEFAULTS, final_consumer: true };
const DEMO = { ...NEW_STORE, ...DEMO_PIX };

describe.each(databases())('store settings (%s)', (kind) => {
  let { ctx, http, admin, cashier, otherAdmin } = NO_STORE;

  const savedSettings = async () =>
    (await ctx.db.select({ s: tenants.settings }).from(tenants).where(eq(tenants.id, ctx.demo.tenant.id)))[0]!.s;

  useTestStore(kind, (store) => ({ ctx, http, admin, cashier, otherAdmin } = store));

  it('a store starts with the defaults (the demo with its Pix key), and settings never saved read as their defaults', async () => {
    for (const token of [admin, cashier]) {
      const res = await http.get('/api/settings', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: DEMO });
    }
    expect((await http.get('/api/settings')).status).toBe(401);
    // A row written by a version that knew other settings (or none of these).
    await ctx.db
      .update(tenants)
      .set({ settings: sql`'{"recibo_largura_mm": 58}'::jsonb` })
      .where(eq(tenants.id, ctx.demo.tenant.id));
    expect((await http.get('/api/settings', { token: cashier })).body.data).toEqual(DEFAULTS);
  });

  it('admins change them (only what they send); cashiers cannot; a bad value is a 400 naming the field', async () => {
    const before = await savedSettings();
    const refused = await http.put('/api/settings', { cashiers_see_cost_price: false }, { token: cashier });
    expect(refused.status).toBe(403);
    const bad = await http.put('/api/settings', { cashiers_see_cost_price: 'não' }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      code: 'VALIDATION',
      details: [expect.objectContaining({ path: 'cashiers_see_cost_price' })],
    });
    expect(bad.body.error).toMatch(/^Dados inválidos: cashiers_see_cost_price: /);
    expect(await savedSettings()).toEqual(before);

    const off = await http.put('/api/settings', { cashiers_see_cost_price: false }, { token: admin });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ ...DEFAULTS, cashiers_see_cost_price: false });
    expect((await http.get('/api/settings', { token: cashier })).body.data).toEqual({
      ...DEFAULTS,
      cashiers_see_cost_price: false,
    });
    // What this version does not know is kept for the one that wrote it.
    expect(await savedSettings()).toEqual({ recibo_largura_mm: 58, cashiers_see_cost_price: false });
    // Nothing sent, nothing changed.
    expect((await http.put('/api/settings', {}, { token: admin })).body.data).toEqual({
      ...DEFAULTS,
      cashiers_see_cost_price: false,
    });
    // Another store keeps its own.
    const other = await http.get('/api/settings', { token: otherAdmin, host: OTHER_HOST });
    expect(other.body.data).toEqual(NEW_STORE);
  });

  it('the cost method and the markup of new products from an NF-e: saved, and refused when not one of theirs', async () => {
    const set = await http.put(
      '/api/settings',
      { stock_cost_method: 'last', new_product_markup_percent: 45.5 },
      { token: admin },
    );
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ stock_cost_method: 'last', new_product_markup_percent: 45.5 });
    const bad = await http.put('/api/settings', { stock_cost_method: 'fifo' }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([expect.objectContaining({ path: 'stock_cost_method' })]);
    const negative = await http.put('/api/settings', { new_product_markup_percent: -1 }, { token: admin });
    expect(negative.status).toBe(400);
  });

  it('Pix key, receiver and city, and the cashier discount limit: validated, 400 naming the field, nothing written', async () => {
    const before = await savedSettings();
    const bads: [Record<string, unknown>, string][] = [
      [{ pix_key: '123.456.789-00' }, 'pix_key'],
      [{ pix_key: '12345678900' }, 'pix_key'],
      [{ pix_key: '11987654321' }, 'pix_key'],
      [{ pix_key: 'nao-e-uma-chave' }, 'pix_key'],
      [{ pix_receiver_name: 'Um nome de loja longo demais para o Pix' }, 'pix_receiver_name'],
      [{ pix_city: 'Sao Jose dos Campos' }, 'pix_city'],
      [{ cashier_max_discount_percent: 101 }, 'cashier_max_discount_percent'],
      [{ cashier_max_discount_percent: 2.5 }, 'cashier_max_discount_percent'],
    ];
    for (const [body, field] of bads) {
      const res = await http.put('/api/settings', body, { token: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details[0].path).toBe(field);
    }
    expect(await savedSettings()).toEqual(before);
    for (const key of [
      '52998224725',
      '11222333000181',
      'loja@exemplo.com.br',
      '+5511987654321',
      '123e4567-e12b-12d1-a456-426655440000',
    ]) {
      const res = await http.put('/api/settings', { pix_key: key }, { token: admin });
      expect(res.status, key).toBe(200);
      expect(res.body.data.pix_key).toBe(key);
    }
    const res = await http.put(
      '/api/settings',
      { pix_receiver_name: 'Loja da Esquina', pix_city: 'Sao Paulo', cashier_max_discount_percent: 15 },
      { token: admin },
    );
    expect(res.body.data).toMatchObject({
      pix_key: '123e4567-e12b-12d1-a456-426655440000',
      pix_receiver_name: 'Loja da Esquina',
      pix_city: 'Sao Paulo',
      cashier_max_discount_percent: 15,
    });
    expect((await http.put('/api/settings', { pix_key: '' }, { token: admin })).body.data.pix_key).toBe('');
  });

  it('the receipt roll width and automatic printing are saved; a width the till cannot print is refused', async () => {
    const saved = await http.put(
      '/api/settings',
      { receipt_paper_width: '58mm', receipt_auto_print: true },
      { token: admin },
    );
    expect(saved.status).toBe(200);
    expect((await http.get('/api/settings', { token: cashier })).body.data).toMatchObject({
      receipt_paper_width: '58mm',
      receipt_auto_print: true,
    });
    const bad = await http.put('/api/settings', { receipt_paper_width: '76mm' }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/receipt_paper_width: Use 80mm ou 58mm/);
    const back = await http.put(
      '/api/settings',
      { receipt_paper_width: '80mm', receipt_auto_print: false },
      { token: admin },
    );
    expect(back.body.data).toMatchObject({ receipt_paper_width: '80mm', receipt_auto_print: false });
  });
});
