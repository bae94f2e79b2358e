// The store's money without a connection, in the real Chromium against the real
// server: the admin opens Contas a Pagar, Contas a Receber and Fluxo de Caixa online; the
// internet drops; each screen reloads from the cache with the time of its data; the admin
// receives an installment and pays a bill offline (both shown at once, not synchronized);
// the app is closed and opened again; the network returns and the server holds each
// payment once, with one cash entry each.
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates';
import { api, loginToken } from './support/api';
import { screenshot, waitForServiceWorker, type Page } from './support/browser';
import { idbCount, idbKeys, until } from './support/idb';
import { signIn } from './support/till';
import { fileBrowser, fileServer } from './support/suite';

const server = fileServer();
const desktop = fileBrowser({ width: 1280, height: 860 });

interface Account {
  id: string;
  status: string;
  payment_date: string | null;
}
interface Entry {
  account_payable_id: string | null;
  account_receivable_id: string | null;
  amount: number;
  type: string;
}

const rowOf = (page: Page, text: string) => page.locator('tr', { hasText: text }).first();

describe('Finanças offline', () => {
  it('lê as três telas sem rede, paga uma conta e recebe uma parcela, e o servidor registra cada uma uma vez', async () => {
    const token = await loginToken(server, 'admin@demo.com');
    const today = todayIso();
    const bill = await api<{ data: Account }>(server, 'POST', '/api/accounts-payable', {
      token,
      body: {
        supplier_name: 'Energia Paulista',
        description: 'Conta de luz de outubro',
        amount: 412.37,
        due_date: addDays(today, -3),
        category: 'Utilidades',
        payment_method: 'pix',
      },
    });
    expect(bill.status).toBe(201);
    const customers = await api<{ data: { customers: { id: string; name: string }[] } }>(
      server,
      'GET',
      '/api/customers?limit=1',
      { token },
    );
    const customer = customers.body.data.customers[0]!;
    const due = await api<{ data: Account }>(server, 'POST', '/api/accounts-receivable', {
      token,
      body: { description: 'Ajuste de barra', customer_id: customer.id, amount: 58.9, due_date: addDays(today, 2) },
    });
    expect(due.status).toBe(201);
    const opening = await api(server, 'POST', '/api/cash-flow', {
      token,
      body: { date: addDays(today, -1), type: 'income', description: 'Troco inicial', category: 'Vendas', amount: 200 },
    });
    expect(opening.status).toBe(201);

    // Online: the admin opens the three screens (the tablet installs the app meanwhile).
    const page = await desktop.context.newPage();
    await signIn(server, page, 'admin@demo.com');
    await waitForServiceWorker(page);
    for (const [path, text, key, shot] of [
      ['/pagar', 'Energia Paulista', 'payables', '20-pagar-online'],
      ['/receber', 'Ajuste de barra', 'receivables', '21-receber-online'],
      ['/fluxo-caixa', 'Troco inicial', 'cash-flow', '22-fluxo-online'],
    ] as const) {
      await page.goto(`${server.demoUrl}${path}`);
      await rowOf(page, text).waitFor();
      // The screen's answers are on the device (written as they arrive).
      await until(
        async () => (await idbKeys(page, 'queryCache')).some((k) => k.includes(`"${key}"`)),
        `cache de ${path}`,
      );
      await screenshot(page, shot);
    }

    // The internet drops: every screen reopens from the cache, saying how old it is.
    await desktop.context.setOffline(true);
    for (const [path, text, shot] of [
      ['/pagar', 'Energia Paulista', '23-pagar-offline'],
      ['/fluxo-caixa', 'Troco inicial', '24-fluxo-offline'],
      ['/receber', 'Ajuste de barra', '25-receber-offline'],
    ] as const) {
      await page.goto(`${server.demoUrl}${path}`);
      await rowOf(page, text).waitFor();
      await page.getByText(/^Offline · dados de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/).waitFor();
      await screenshot(page, shot);
    }

    // Offline, the admin receives the installment...
    await rowOf(page, 'Ajuste de barra').getByRole('button', { name: 'Registrar Pagamento' }).click();
    const receive = page.getByRole('dialog', { name: 'Confirmar Pagamento' });
    await receive.getByRole('button', { name: 'Confirmar Pagamento' }).click();
    await page.getByText('Salvo neste dispositivo').first().waitFor();
    await rowOf(page, 'Ajuste de barra').getByText('Não sincronizado').waitFor();
    expect(await rowOf(page, 'Ajuste de barra').textContent()).toContain('Pago');
    await screenshot(page, '26-receber-pago-offline');

    // ...and pays the bill.
    await page.goto(`${server.demoUrl}/pagar`);
    await rowOf(page, 'Energia Paulista').getByRole('button', { name: 'Marcar como Pago' }).click();
    const pay = page.getByRole('dialog', { name: 'Marcar como Pago' });
    await pay.getByRole('button', { name: 'Marcar como Pago' }).click();
    await rowOf(page, 'Energia Paulista').getByText('Não sincronizado').waitFor();
    await screenshot(page, '27-pagar-pago-offline');
    expect(await idbCount(page, 'outbox')).toBe(2);

    // The cash flow already shows both payments.
    await page.goto(`${server.demoUrl}/fluxo-caixa`);
    await rowOf(page, 'Pagamento - Energia Paulista').waitFor();
    await rowOf(page, 'Recebimento - Ajuste de barra').waitFor();
    await screenshot(page, '28-fluxo-offline-com-pagamentos');

    // The app is closed and opened again, still offline: both changes are still there.
    await page.close();
    const reopened = await desktop.context.newPage();
    await reopened.goto(`${server.demoUrl}/pagar`);
    await rowOf(reopened, 'Energia Paulista').getByText('Não sincronizado').waitFor();
    expect(await idbCount(reopened, 'outbox')).toBe(2);
    await screenshot(reopened, '29-pagar-reaberto-offline');

    // Nothing reached the server meanwhile.
    const before = await api<{ data: Account }>(server, 'GET', `/api/accounts-payable/${bill.body.data.id}`, { token });
    expect(before.body.data.status).toBe('overdue');

    // The network returns: the outbox drains by itself and the screen shows the server's data.
    await desktop.context.setOffline(false);
    await until(async () => (await idbCount(reopened, 'outbox')) === 0, 'entrega das alterações', 90_000);
    await until(
      async () => (await rowOf(reopened, 'Energia Paulista').getByText('Não sincronizado').count()) === 0,
      'a tela com os dados do servidor',
    );
    await screenshot(reopened, '30-pagar-sincronizado');

    const paidBill = await api<{ data: Account }>(server, 'GET', `/api/accounts-payable/${bill.body.data.id}`, {
      token,
    });
    expect(paidBill.body.data).toMatchObject({ status: 'paid', payment_date: today });
    const paidDue = await api<{ data: Account }>(server, 'GET', `/api/accounts-receivable/${due.body.data.id}`, {
      token,
    });
    expect(paidDue.body.data).toMatchObject({ status: 'paid', payment_date: today });
    const book = await api<{ data: { entries: Entry[] } }>(server, 'GET', '/api/cash-flow?limit=200', { token });
    const ofBill = book.body.data.entries.filter((e) => e.account_payable_id === bill.body.data.id);
    const ofDue = book.body.data.entries.filter((e) => e.account_receivable_id === due.body.data.id);
    expect(ofBill).toEqual([expect.objectContaining({ type: 'expense', amount: 412.37 })]);
    expect(ofDue).toEqual([expect.objectContaining({ type: 'income', amount: 58.9 })]);
  });
});
