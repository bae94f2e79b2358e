// Contas a Pagar without a connection, over the whole app (fake-indexeddb, the fake API
// at fetch): a payment made offline is queued with its overlay, shown at once as paid and
// not synchronized (totals too), survives a restart of the app, and is delivered with the
// key of the first attempt when the network returns; the server's answer then replaces it.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import { getDb } from '../../offline/db';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { PAYABLE_STATS, ok, payableJson, servePayables, type PayablesApi } from '../../test/finance-fixtures';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { text } from '../../test/screen-text';

let server: FakeServer;
let api: PayablesApi;
let network: 'online' | 'offline';

const energia = payableJson({
  supplier_name: 'Energia SA',
  description: 'Conta de luz',
  amount: 350,
  due_date: '2027-03-05',
});
const row = () => screen.getByText('Energia SA').closest('tr')!;
const card = (title: string) => screen.getByText(title).closest('div')!.parentElement!;

beforeEach(() => {
  network = 'online';
  server = createFakeServer();
  signedInAs(server, ADMIN);
  api = { accounts: [energia], totalPages: 1, stats: PAYABLE_STATS, overdueCount: 0 };
  servePayables(server, api);
  server.on('POST', `/api/accounts-payable/${energia.id}/mark-as-paid`, ({ body }) => {
    if (network === 'offline') throw new TypeError('Failed to fetch');
    const paid = { ...energia, status: 'paid', payment_date: (body as { payment_date: string }).payment_date };
    api.accounts = [paid];
    api.stats = { ...PAYABLE_STATS, total_pending: 884.56, count_pending: 0, total_paid: 449.9, count_paid: 4 };
    return ok(paid);
  });
});

describe('Contas a Pagar offline', () => {
  it('a payment made without a connection shows at once, survives a restart and is delivered once', async () => {
    const { user } = renderApp('/pagar');
    await screen.findByText('Energia SA');
    expect(text(card('Total Pago'))).toContain('R$ 99,90');

    network = 'offline';
    await user.click(within(row()).getByRole('button', { name: 'Marcar como Pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como Pago' });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como Pago' }));
    const toast = await screen.findByText('Conta a pagar marcada como paga!');
    expect(text(toast.parentElement)).toContain('Salvo neste dispositivo');

    // The row and the totals already count the payment, marked as not synchronized (the
    // cards read the same overlay through their own query: they may follow a render later).
    await waitFor(() => expect(text(row())).toContain('Não sincronizado'));
    expect(text(row())).toContain('Pago');
    await waitFor(() => expect(text(card('Total Pago'))).toContain('R$ 449,90'));
    expect(text(card('Total Pendente'))).toContain('R$ 884,56');

    const db = getDb();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'account',
      method: 'POST',
      path: `/api/accounts-payable/${energia.id}/mark-as-paid`,
      body: { payment_date: todayIso() },
      resource: `payable:${energia.id}`,
      summary: `Pagamento de conta a pagar: Conta de luz · ${formatBRL(35_000)}`,
    });
    const [attempt] = server.callsTo('POST', `/api/accounts-payable/${energia.id}/mark-as-paid`);
    expect(attempt!.headers['Idempotency-Key']).toBe(entry!.id);

    // The app is closed and opened again, still offline: the queued payment is still shown.
    cleanup();
    renderApp('/pagar');
    await screen.findByText('Energia SA', {}, { timeout: 5_000 });
    await waitFor(() => expect(text(row())).toContain('Não sincronizado'));

    // The network returns: the outbox delivers the payment under the same key, and the
    // screen shows the server's account.
    network = 'online';
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 5_000 });
    const calls = server.callsTo('POST', `/api/accounts-payable/${energia.id}/mark-as-paid`);
    expect(calls.at(-1)!.headers['Idempotency-Key']).toBe(entry!.id);
    await waitFor(() => expect(text(row())).not.toContain('Não sincronizado'), { timeout: 5_000 });
    expect(text(row())).toContain('Pago');
    expect(text(card('Total Pago'))).toContain('R$ 449,90');
  }, 30_000);
});
