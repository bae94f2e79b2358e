// The troca period: a cashier opens a sale of the store by its exact number (or id) within
// the store's period (default 30 days) and returns or exchanges it; past it, a pt-BR
// refusal saying the period, online (403 to read, 409 to return) and, from the outbox, the
// return kept and flagged. The cashier's list stays today's. Admins have no period.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { saleConflicts, sales } from '../../db/schema';
import { databases } from '../../test/testDb';
import { returnsSuite } from './sale-returns-fixtures';

const DAY_MS = 86_400_000;
const PERIOD_PASSED = 'Esta venda passou do prazo de troca de 30 dias.';

describe.each(databases())('troca period (%s)', (kind) => {
  const { s, keyed, product, sell, giveBack } = returnsSuite(kind);

  /** A sale made `days` ago (its sold_at moved back, as a sale of that day): its id and number. */
  async function saleOf(days: number, quantity = 2) {
    const p = await product(2500, 1000, 20);
    const sale = await sell([{ product: p, quantity }]);
    const [row] = await s.ctx.db
      .update(sales)
      .set({ soldAt: new Date(Date.now() - days * DAY_MS) })
      .where(and(eq(sales.tenantId, s.tenantId), eq(sales.id, sale.id)))
      .returning();
    return { id: sale.id, number: row!.number, item: sale.items[0]!.id };
  }
  const lookup = (number: string, token = s.cashier) =>
    s.http.get(`/api/sales/lookup?number=${encodeURIComponent(number)}`, { token });
  const kindsOf = async (saleId: string) =>
    (
      await s.ctx.db
        .select({ kind: saleConflicts.kind })
        .from(saleConflicts)
        .where(and(eq(saleConflicts.tenantId, s.tenantId), eq(saleConflicts.saleId, saleId)))
    ).map((r) => r.kind);
  const setPeriod = async (days: number) => {
    const res = await s.http.put('/api/settings', { troca_period_days: days }, keyed(s.admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('a cashier opens a sale of 10 days ago by its exact number, and only that sale; the list stays today', async () => {
    const old = await saleOf(10);
    const today = await saleOf(0);
    for (const typed of [old.number, `#${old.number}`, old.number.toLowerCase()]) {
      const found = await lookup(typed);
      expect(found.status, typed).toBe(200);
      expect(found.body.data).toMatchObject({ id: old.id, number: old.number });
    }
    expect((await lookup(today.number)).body.data.id).toBe(today.id);
    // Its detail and its lines to return, by id too.
    expect((await s.http.get(`/api/sales/${old.id}`, { token: s.cashier })).status).toBe(200);
    const lines = await s.http.get(`/api/sales/${old.id}/returns`, { token: s.cashier });
    expect(lines.body.data.lines[0]).toMatchObject({ quantity: 2, returned: 0 });
    // The list is today's: the old sale is not listed, not even by its number.
    const listed = await s.http.get(`/api/sales?number=${old.number}`, { token: s.cashier });
    expect(listed.body.data.sales).toEqual([]);
    const all = await s.http.get('/api/sales?limit=100&start_date=2020-01-01', { token: s.cashier });
    expect(all.body.data.sales.map((x: { id: string }) => x.id)).not.toContain(old.id);
    // A number nobody has: 404 with the number; not a number: 400 naming the field.
    const missing = await lookup('Z-9999');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Nenhuma venda com o número #Z-9999. Confira o número no recibo.');
    const bad = await lookup('camisa');
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('number');
  });

  it('past the period a cashier is refused with the period said; an admin opens it', async () => {
    const old = await saleOf(31);
    const refused = await lookup(old.number);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain(PERIOD_PASSED);
    for (const url of [`/api/sales/${old.id}`, `/api/sales/${old.id}/returns`]) {
      const res = await s.http.get(url, { token: s.cashier });
      expect(res.status, url).toBe(403);
      expect(res.body.error).toContain(PERIOD_PASSED);
    }
    expect((await lookup(old.number, s.admin)).body.data.id).toBe(old.id);
    // Day 30 is still within it.
    expect((await lookup((await saleOf(30)).number)).status).toBe(200);
  });

  it("a cashier's return past the period: 409 online, kept and flagged from the outbox; an admin returns it", async () => {
    const within = await saleOf(10);
    const ok = await giveBack(within.id, [{ sale_item_id: within.item, quantity: 1 }], {}, s.cashier);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);

    const old = await saleOf(31);
    const online = await giveBack(old.id, [{ sale_item_id: old.item, quantity: 1 }], {}, s.cashier);
    expect(online.status).toBe(409);
    expect(online.body.error).toContain(PERIOD_PASSED);
    expect(await kindsOf(old.id)).toEqual([]);

    const queued = await giveBack(
      old.id,
      [{ sale_item_id: old.item, quantity: 1 }],
      { offline: true, id: randomUUID(), returned_at: new Date().toISOString() },
      s.cashier,
    );
    expect(queued.status, JSON.stringify(queued.body)).toBe(201);
    expect(await kindsOf(old.id)).toEqual(['return_period']);
    const detail = await s.http.get(`/api/sales/${old.id}`, { token: s.admin });
    expect(detail.body.data.conflicts).toEqual([{ kind: 'return_period', reviewed_at: null }]);

    const byAdmin = await giveBack(old.id, [{ sale_item_id: old.item, quantity: 1 }], {}, s.admin);
    expect(byAdmin.status).toBe(201);
  });

  it('the period is the store setting (admins change it, 0 to 365 days; cashiers cannot)', async () => {
    const read = await s.http.get('/api/settings', { token: s.cashier });
    expect(read.body.data.troca_period_days).toBe(30);
    const old = await saleOf(10);
    expect((await s.http.put('/api/settings', { troca_period_days: 60 }, keyed(s.cashier))).status).toBe(403);
    for (const bad of [-1, 366, 7.5, '7']) {
      const res = await s.http.put('/api/settings', { troca_period_days: bad }, keyed(s.admin));
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.details[0].path).toBe('troca_period_days');
    }
    try {
      await setPeriod(7);
      const refused = await lookup(old.number);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toContain('Esta venda passou do prazo de troca de 7 dias.');
      const ret = await giveBack(old.id, [{ sale_item_id: old.item, quantity: 1 }], {}, s.cashier);
      expect(ret.status).toBe(409);
      await setPeriod(0);
      expect((await lookup((await saleOf(0)).number)).status).toBe(200);
      expect((await lookup((await saleOf(1)).number)).status).toBe(403);
    } finally {
      await setPeriod(30);
    }
  });
});
