// A cancel needs its reason, as the screen asks: without one (absent, null, blank, no body)
// the API answers 400 naming the field and cancels nothing. A cancel the outbox delivers
// (offline: true) already happened at a device: without a reason it is accepted, and the
// sale is flagged for admins ('cancel_reason', in its detail and in Conflitos de Vendas).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('sales: the reason of a cancel (%s)', (kind) => {
  const s = fixtures.salesSuite(kind, 'Celia Cancela');
  const keyed = () => ({ token: s.admin, headers: { 'Idempotency-Key': randomUUID() } });
  const cancel = (id: string, body: unknown) => s.http.put(`/api/sales/${id}/cancel`, body, keyed());

  async function sale() {
    const p = await s.product(10);
    const res = await s.sell([{ product: p, quantity: 1 }]);
    expect(res.status).toBe(201);
    return { id: res.body.data.id as string, product: p };
  }

  it('without a reason the API answers 400 naming the field and cancels nothing', async () => {
    const { id, product } = await sale();
    const cases: [unknown, string][] = [
      [undefined, 'Informe o motivo do cancelamento'],
      [{}, 'Informe o motivo do cancelamento'],
      [{ reason: null }, 'Informe o motivo do cancelamento'],
      [{ reason: '' }, 'Informe o motivo do cancelamento'],
      [{ reason: '   \n ' }, 'Informe o motivo do cancelamento'],
      [{ reason: ' x ' }, 'Informe o motivo do cancelamento (pelo menos 3 letras)'],
      [{ reason: 'Cliente desistiu', offline: 'sim' }, 'Use verdadeiro ou falso'],
      [{ offline: false }, 'Informe o motivo do cancelamento'],
    ];
    for (const [body, message] of cases) {
      const res = await cancel(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const field = (body as { offline?: unknown } | undefined)?.offline === 'sim' ? 'offline' : 'reason';
      expect(res.body.details, JSON.stringify(body)).toEqual([expect.objectContaining({ path: field, message })]);
    }
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, product.id)).toBe(9);
    const detail = await s.http.get(`/api/sales/${id}`, { token: s.admin });
    expect(detail.body.data.sale_status).toBe('completed');
    const ok = await cancel(id, { reason: '  Cliente desistiu  ' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.cancel_reason).toBe('Cliente desistiu');
    const after = await s.http.get(`/api/sales/${id}`, { token: s.admin });
    expect(after.body.data.conflicts).toEqual([]);
  });

  it('from the outbox (offline) without a reason: accepted, and the sale flagged for admins', async () => {
    for (const body of [{ offline: true }, { offline: true, reason: null }, { offline: true, reason: '  ' }]) {
      const { id, product } = await sale();
      const res = await cancel(id, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ sale_status: 'cancelled', cancel_reason: null });
      expect(await fixtures.stockOf(s.ctx.db, s.tenantId, product.id)).toBe(10);
      const detail = await s.http.get(`/api/sales/${id}`, { token: s.admin });
      expect(detail.body.data.conflicts).toEqual([{ kind: 'cancel_reason', reviewed_at: null }]);
      const listed = await s.http.get('/api/sale-conflicts?status=open&limit=100', { token: s.admin });
      expect(listed.body.data.conflicts).toContainEqual(
        expect.objectContaining({ kind: 'cancel_reason', sale_id: id, sale_status: 'cancelled' }),
      );
    }
    // With its reason, the outbox's cancel is an ordinary one.
    const { id } = await sale();
    const res = await cancel(id, { offline: true, reason: 'Cliente desistiu' });
    expect(res.body.data.cancel_reason).toBe('Cliente desistiu');
    expect((await s.http.get(`/api/sales/${id}`, { token: s.admin })).body.data.conflicts).toEqual([]);
  });
});
