// An admin's cancel through the till's own outbox code (fake-indexeddb, drainOutbox,
// createTransport over the app's API client) against the real server: the outbox marks
// its cancel as queued (offline), so one that comes without a reason is taken (it was
// decided at the device) and the sale flagged for admins, while the same request made
// directly, without the mark, is refused with 400 naming the field.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { recordSaleCancel } from '../../src/app/counter/records';
import { createTransport } from '../../src/app/offline/send';
import { drainOutbox } from '../../src/app/offline/sender';
import { makeCustomer, makeProduct, saleBody } from '../../src/server/test/sales-fixtures';
import { appClientOf } from './app-client';
import { useDeviceAndServer } from './device-server';

describe('a cancel through the outbox', () => {
  const { ctx, db } = useDeviceAndServer('pglite', 'cancels');

  it('without a reason: refused directly (400, reason), taken from the outbox and flagged', async () => {
    const client = await appClientOf(ctx.app, 'admin@demo.com');
    const tenantId = ctx.demo.tenant.id;
    const product = await makeProduct(ctx.db, tenantId, { stock: 5, price: 1990 });
    const customer = await makeCustomer(ctx.db, tenantId, 'Clara Cancela');
    const sold = (await client.send('POST', '/sales', {
      body: saleBody(customer.id, [{ product, quantity: 1 }]),
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })) as { data: { id: string } };
    const saleId = sold.data.id;

    const direct = await client.send('PUT', `/sales/${saleId}/cancel`, { body: { reason: '' } }).catch((e) => e);
    expect(direct).toMatchObject({ status: 400, details: [expect.objectContaining({ path: 'reason' })] });

    const entry = await recordSaleCancel(db, { saleId, reason: '', summary: 'Cancelar venda' });
    const result = await drainOutbox(db, createTransport(client));
    expect(result).toMatchObject({ delivered: 1, rejected: 0 });
    expect(await db.outbox.where('id').equals(entry.id).count()).toBe(0);
    const detail = (await client.send('GET', `/sales/${saleId}`)) as {
      data: { sale_status: string; cancel_reason: string | null; conflicts: { kind: string }[] };
    };
    expect(detail.data).toMatchObject({ sale_status: 'cancelled', cancel_reason: null });
    expect(detail.data.conflicts.map((c) => c.kind)).toEqual(['cancel_reason']);
  });
});
