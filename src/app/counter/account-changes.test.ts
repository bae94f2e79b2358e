// Account changes made offline, on fake-indexeddb: written with their overlay in one
// transaction, sent now when the server can be reached, queued (same Idempotency-Key)
// when it cannot, delivered FIFO with the sales, and their overlay settled, kept when
// refused and gone when an admin discards them.
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../lib/api-error';
import { outstandingFor, recordAccountChange, submitAccountChange, type AccountChange } from './account-changes';
import type { OutboxEntry } from '../offline/db';
import { readOverlay } from '../offline/overlay-store';
import { pruneOverlay } from '../offline/overlay-sync';
import { discardRejected, retryRejected } from '../offline/outbox';
import { recordSale } from './records';
import { drainOutbox, type SendResult } from '../offline/sender';
import { onAck } from './outbox-kinds';
import { deviceIdentity } from '../offline/device-identity';
import { freshDevices } from '../test/device-db';
import { clearSessionData, saveLastUser } from '../offline/session-cache';
import type { User } from '../../shared/contract/users';
import { saleBody } from '../test/sale-body';

const openDb = freshDevices('a');

const BILL = {
  id: '00000000-0000-4000-8000-0000000000b1',
  supplier_name: 'Energia SP',
  description: 'Conta de luz',
  amount: 15_000,
  due_date: '2026-11-20',
  category: 'Utilidades',
  status: 'overdue',
};

function pay(id: string = crypto.randomUUID()): AccountChange {
  return {
    id,
    resource: `payable:${BILL.id}`,
    method: 'POST',
    path: `/api/accounts-payable/${BILL.id}/mark-as-paid`,
    body: { payment_date: '2026-11-23' },
    summary: 'Pagamento de conta a pagar: Conta de luz · R$ 150,00',
    overlay: [
      { kind: 'payable', id: BILL.id, before: BILL, after: { ...BILL, status: 'paid', payment_date: '2026-11-23' } },
      {
        kind: 'cash-entry',
        id: `pay-${BILL.id}`,
        before: null,
        after: { id: `pay-${BILL.id}`, date: '2026-11-23', type: 'expense', amount: 15_000 },
      },
    ],
  };
}

function cancel(): AccountChange {
  return {
    id: crypto.randomUUID(),
    resource: `payable:${BILL.id}`,
    method: 'POST',
    path: `/api/accounts-payable/${BILL.id}/cancel`,
    body: undefined,
    summary: 'Cancelamento de conta a pagar: Conta de luz · R$ 150,00',
    overlay: [{ kind: 'payable', id: BILL.id, before: BILL, after: { ...BILL, status: 'cancelled' } }],
  };
}

const ok = (body: unknown = { success: true }): SendResult => ({ kind: 'ok', status: 200, body });

describe('account changes', () => {
  it('queue with their overlay; a second change of the account waits for the first and keeps its server version', async () => {
    const db = openDb();
    const first = await recordAccountChange(db, pay());
    const second = await recordAccountChange(db, cancel());
    expect(second.dependsOn).toEqual([first.id]);
    expect(second.kind).toBe('account');
    const overlay = await readOverlay(db);
    const bill = overlay.find((o) => o.key === `payable:${BILL.id}`)!;
    expect(bill).toMatchObject({ state: 'pending', server: BILL, local: { status: 'cancelled' }, syncedAt: null });
    expect(overlay.find((o) => o.kind === 'cash-entry')).toMatchObject({ state: 'pending', server: null });
    expect((await outstandingFor(db, `payable:${BILL.id}`)).map((e) => e.id)).toEqual([first.id, second.id]);
  });

  it('are sent at once when the server answers, and queued under the same key when it cannot be reached', async () => {
    const db = openDb();
    const sent: string[] = [];
    const direct = await submitAccountChange(db, pay('k1'), {
      online: () => true,
      send: async (c) => {
        sent.push(c.id);
        return { success: true, data: { id: BILL.id } };
      },
    });
    expect(direct).toEqual({ queued: false, body: { success: true, data: { id: BILL.id } } });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.financeOverlay.count()).toBe(0);

    let drains = 0;
    const lost = await submitAccountChange(db, pay('k2'), {
      online: () => true,
      send: async () => {
        throw new NetworkError(new TypeError('Failed to fetch'));
      },
      queued: () => drains++,
    });
    expect(lost).toEqual({ queued: true });
    expect(drains).toBe(1);
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual(['k2']);

    // The account has a change queued: the next one queues behind it, online or not.
    const behind = await submitAccountChange(db, cancel(), {
      online: () => true,
      send: async () => {
        throw new Error('não devia enviar');
      },
    });
    expect(behind.queued).toBe(true);
    expect(await db.outbox.count()).toBe(2);
  });

  it('an instalment received at the till names this device, and says it comes from the outbox once queued', async () => {
    const db = openDb();
    const receipt = (id: string): AccountChange => ({
      id,
      resource: 'receivable:00000000-0000-4000-8000-0000000000c1',
      method: 'POST',
      path: '/api/accounts-receivable/00000000-0000-4000-8000-0000000000c1/receive',
      body: { payment_method: 'cash', cash_session_id: 'caixa-1' },
      summary: 'Recebimento de parcela',
      overlay: [],
      caixaReceipt: { sessionId: 'caixa-1', receipt: { id, method: 'cash', amount: 1000 } },
    });
    const device = (await deviceIdentity(db)).id;
    const bodies: unknown[] = [];
    await submitAccountChange(db, receipt('r1'), {
      online: () => true,
      send: async (c) => {
        bodies.push(c.body);
        return { success: true };
      },
    });
    expect(bodies).toEqual([{ payment_method: 'cash', cash_session_id: 'caixa-1', device_id: device, offline: false }]);
    const queued = await submitAccountChange(db, receipt('r2'), { online: () => false, send: async () => ({}) });
    expect(queued).toEqual({ queued: true });
    expect((await db.outbox.toArray()).map((e) => e.body)).toEqual([
      {
        payment_method: 'cash',
        cash_session_id: 'caixa-1',
        device_id: device,
        offline: true,
      },
    ]);
    // Any other change goes as it was made.
    const bill = await recordAccountChange(db, pay('p1'));
    expect(bill.body).toEqual({ payment_date: '2026-11-23' });
  });

  it('an instalment received at the till names who received it (the signed-in user then), queued or sent', async () => {
    const db = openDb();
    const cashier = {
      id: crypto.randomUUID(),
      name: 'Caixa Manhã',
      email: 'manha@demo.com',
      role: 'user',
      active: true,
    };
    await saveLastUser(db, cashier as User);
    const change: AccountChange = {
      id: 'r3',
      resource: 'receivable:00000000-0000-4000-8000-0000000000c2',
      method: 'POST',
      path: '/api/accounts-receivable/00000000-0000-4000-8000-0000000000c2/receive',
      body: { payment_method: 'cash', cash_session_id: 'caixa-1' },
      summary: 'Recebimento de parcela',
      overlay: [],
      caixaReceipt: { sessionId: 'caixa-1', receipt: { id: 'r3', method: 'cash', amount: 1000 } },
    };
    await submitAccountChange(db, change, { online: () => false, send: async () => ({}) });
    // The next person signs in before the queue drains: the receipt still names who took the money.
    await clearSessionData(db);
    await saveLastUser(db, { ...cashier, id: crypto.randomUUID(), email: 'tarde@demo.com' } as User);
    expect((await db.outbox.toArray()).map((e) => (e.body as { made_by?: string }).made_by)).toEqual([cashier.id]);
  });

  it('refusals reach the person at once and queue nothing; a server error is kept for later', async () => {
    const db = openDb();
    const refused = submitAccountChange(db, pay(), {
      online: () => true,
      send: async () => {
        throw new ApiError('Esta conta já foi paga.', 409, 'CONFLICT');
      },
    });
    await expect(refused).rejects.toThrow('Esta conta já foi paga.');
    expect(await db.outbox.count()).toBe(0);
    const busy = await submitAccountChange(db, pay(), {
      online: () => true,
      send: async () => {
        throw new ApiError('Erro interno do servidor', 503, 'HTTP_503');
      },
    });
    expect(busy.queued).toBe(true);
    // Offline: queued without trying.
    const offline = await submitAccountChange(openDb(), pay(), {
      online: () => false,
      send: async () => {
        throw new Error('não devia enviar');
      },
    });
    expect(offline.queued).toBe(true);
  });

  it('travel FIFO with the sales; the overlay is synced when the last change of the account is acknowledged', async () => {
    const db = openDb();
    const sale = {
      id: crypto.randomUUID(),
      createdAt: Date.now(),
      customerName: 'Maria',
      totalCentavos: 1000,
      paymentMethod: 'cash',
      items: [],
    };
    await recordSale(db, sale, saleBody(sale), { summary: 'venda' });
    const payment = await recordAccountChange(db, pay());
    const cancellation = await recordAccountChange(db, cancel());
    const order: string[] = [];
    let synced: number | null = null;
    const result = await drainOutbox(db, {
      send: async (entry: OutboxEntry) => {
        order.push(entry.id);
        if (entry.id === cancellation.id) {
          // Between the two acknowledgements the account still shows as pending.
          synced = (await readOverlay(db)).find((o) => o.kind === 'payable')!.syncedAt;
        }
        return ok({ success: true, data: { id: entry.id, stock_conflicts: [] } });
      },
      onAck,
    });
    expect(result.delivered).toBe(3);
    expect(order).toEqual([sale.id, payment.id, cancellation.id]);
    expect(synced).toBeNull();
    const overlay = await readOverlay(db);
    expect(overlay.every((o) => o.state === 'synced' && o.syncedAt !== null)).toBe(true);
    // A day later the synced rows are dropped.
    await pruneOverlay(db, Date.now() + 25 * 60 * 60 * 1000);
    expect(await db.financeOverlay.count()).toBe(0);
  });

  it('a refused change stays visible (rejected), its later changes wait; retry or discard decides', async () => {
    const db = openDb();
    const payment = await recordAccountChange(db, pay());
    const cancellation = await recordAccountChange(db, cancel());
    const refuse = async (entry: OutboxEntry): Promise<SendResult> =>
      entry.id === payment.id
        ? { kind: 'http', status: 409, code: 'CONFLICT', error: 'Esta conta está cancelada e não pode ser paga.' }
        : ok();
    const sentIds: string[] = [];
    const result = await drainOutbox(db, {
      send: async (e) => {
        sentIds.push(e.id);
        return refuse(e);
      },
      onAck,
    });
    expect(result).toMatchObject({ delivered: 0, rejected: 1 });
    expect(sentIds).toEqual([payment.id]);
    const overlay = await readOverlay(db);
    expect(overlay.find((o) => o.kind === 'payable')).toMatchObject({
      state: 'rejected',
      local: { status: 'cancelled' },
    });

    await retryRejected(db, payment.id);
    expect((await readOverlay(db))[0]!.state).toBe('pending');
    await drainOutbox(db, { send: refuse, onAck });
    await discardRejected(db, payment.id);
    // The refused payment is gone; the cancellation goes next and keeps the overlay until then.
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual([cancellation.id]);
    expect(await db.financeOverlay.count()).toBe(2);
    await drainOutbox(db, { send: async () => ok(), onAck });
    expect((await readOverlay(db)).every((o) => o.state === 'synced')).toBe(true);

    // Discarding the only change of an account takes its overlay with it.
    const lonely = await recordAccountChange(db, {
      ...pay(),
      resource: 'payable:outra',
      overlay: [{ kind: 'payable', id: 'outra', before: BILL, after: { ...BILL, id: 'outra', status: 'paid' } }],
    });
    expect(await db.financeOverlay.where('resource').equals('payable:outra').count()).toBe(1);
    await drainOutbox(db, {
      send: async () => ({ kind: 'http', status: 409, code: 'CONFLICT', error: 'não' }),
      onAck,
    });
    await discardRejected(db, lonely.id);
    expect(await db.financeOverlay.where('resource').equals('payable:outra').count()).toBe(0);
  });
});
