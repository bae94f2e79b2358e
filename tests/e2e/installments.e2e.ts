// Receiving a crediário instalment at the counter, in the real Chromium against the real
// server: on an 820 px tablet, the cashier (the store lets cashiers receive) opens the
// caixa, finds the customer's instalment of 30 days ago by searching for her (a cashier
// otherwise sees today's accounts only), the network drops and it is paid in part in cash: the dialog shows multa, juros and the
// total before confirming, and the change for what was handed over. The caixa's blind close
// (still offline) expects the float plus that money; back online the receipt and the close
// arrive once, and the server's session has the device's figures to the centavo, the rest
// of the instalment open. At 390 px the dialog fits without sideways scrolling.
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates';
import { api, loginToken } from './support/api';
import { screenshot, waitForServiceWorker, type Page } from './support/browser';
import { idbCount, idbKeys, storedCaixa, until } from './support/idb';
import { overflow } from './support/layout';
import { openTill, signIn, typeMoney } from './support/till';
import { fileBrowser, fileServer } from './support/suite';
import { cashMatched, expectClosedAsOnDevice } from './support/caixa-close';

const server = fileServer();
const tablet = fileBrowser({ width: 820, height: 1180 });

/** The row whose description is exactly `text`. */
const rowOf = (page: Page, text: string) =>
  page
    .locator('tr')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();
const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

async function setOnline(page: Page, online: boolean) {
  await tablet.context.setOffline(!online);
  await page.evaluate((on) => window.dispatchEvent(new Event(on ? 'online' : 'offline')), online);
}

describe('Parcelas no caixa', () => {
  it('recebe parte de uma parcela atrasada com multa e juros sem rede, e o caixa do aparelho e o do servidor esperam o mesmo', async () => {
    const token = await loginToken(server, 'admin@demo.com');
    // The store's terms: multa 2%, juros 1% a month; cashiers receive instalments.
    const terms = await api(server, 'PUT', '/api/settings', {
      token,
      body: { late_fee_percent: 2, late_interest_monthly_percent: 1, cashiers_receive_installments: true },
    });
    expect(terms.status).toBe(200);
    const customer = await api<{ data: { id: string } }>(server, 'POST', '/api/customers', {
      token,
      body: { name: 'Clarice Prestes' },
    });
    expect(customer.status).toBe(201);
    const due = await api<{ data: { id: string } }>(server, 'POST', '/api/accounts-receivable', {
      token,
      body: {
        description: 'Carnê 2/3',
        customer_id: customer.body.data.id,
        amount: 100,
        due_date: addDays(todayIso(), -30),
      },
    });
    expect(due.status).toBe(201);

    // The cashier's device: the caixa opens with R$ 100,00 of change.
    const page = await tablet.context.newPage();
    await signIn(server, page, 'caixa@demo.com');
    await waitForServiceWorker(page);
    await openTill(server, page, { caixa: false });
    await typeMoney(page, 'Fundo de troco', '100,00');
    await page.getByRole('button', { name: 'Abrir Caixa' }).click();
    await page.getByText('Caixa aberto', { exact: true }).waitFor();
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'abertura do caixa no servidor');

    // Contas a Receber, online once (its answers stay on the device), then the network drops.
    // A cashier sees today's accounts; the customer searched, all of theirs.
    await page.goto(`${server.demoUrl}/receber`);
    await page.getByText('Busque o cliente para ver todas as parcelas dele.').waitFor();
    await page.getByPlaceholder('Nome ou CPF do cliente').click();
    await page.keyboard.type('Clarice');
    await rowOf(page, 'Carnê 2/3').waitFor();
    await until(async () => (await idbKeys(page, 'queryCache')).some((k) => k.includes('"settings"')), 'regras');
    await setOnline(page, false);

    // R$ 40,00 of it in cash, 30 days late: multa 0,80, juros 0,40; R$ 50,00 handed over.
    await rowOf(page, 'Carnê 2/3').getByRole('button', { name: 'Registrar Pagamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar Pagamento' });
    await dialog.getByLabel('Forma de pagamento').selectOption('cash');
    await typeMoney(page, 'Valor pago da parcela', '40,00', dialog);
    await dialog.getByText('Pagamento parcial: o restante fica em aberto.').waitFor();
    const figures = dialog.getByTestId('receipt-figures');
    await figures.getByText('R$ 41,20').waitFor();
    expect(flat(await figures.textContent())).toBe(
      'Multa (2%)R$ 0,80Juros (30 dia(s) de atraso)R$ 0,40Total a receberR$ 41,20',
    );
    await typeMoney(page, 'Valor recebido', '50,00', dialog);
    expect(flat(await dialog.getByTestId('receipt-change').textContent())).toBe('R$ 8,80');
    await screenshot(page, 'parcela-01-confirmar-pagamento');
    await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
    await page.getByText('Salvo neste dispositivo').first().waitFor();
    // The rest stays open as the same instalment; the paid part is shown paid.
    await rowOf(page, 'Carnê 2/3').getByText('R$ 60,00').waitFor();
    await rowOf(page, 'Carnê 2/3 (pagamento parcial)').getByText('Pago').last().waitFor();
    expect((await storedCaixa(page)).receipts).toEqual([{ id: expect.any(String), method: 'cash', amount: 4120 }]);
    await screenshot(page, 'parcela-02-offline');

    // Still offline, the blind close: the caixa expects R$ 100,00 + R$ 41,20 in cash.
    await page.goto(`${server.demoUrl}/vendas`);
    await page.getByRole('button', { name: 'Fechar Caixa' }).click();
    await typeMoney(page, 'Dinheiro contado', '141,20');
    await page.getByRole('button', { name: 'Confirmar fechamento' }).click();
    const report = page.getByTestId('caixa-fechamento');
    await report.waitFor();
    const cashLine = flat(await report.getByRole('row').filter({ hasText: 'Dinheiro' }).textContent());
    expect(cashLine).toContain('R$ 141,20');
    await screenshot(page, 'parcela-03-caixa-fechado');
    const device = await storedCaixa(page);
    expect(device.figures!.find((f) => f.method === 'cash')).toEqual(cashMatched(14_120));

    // Back online: the receipt and the close arrive once; the server's caixa is the device's.
    await setOnline(page, true);
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega', 90_000);
    const served = await expectClosedAsOnDevice(server, token, device.id, device.figures);
    expect(served.installments_by_method).toEqual([{ method: 'cash', count: 1, amount: 41.2 }]);
    const left = await api<{ data: { amount: number; status: string } }>(
      server,
      'GET',
      `/api/accounts-receivable/${due.body.data.id}`,
      { token },
    );
    expect(left.body.data).toMatchObject({ amount: 60, status: 'overdue' });
    await page.getByRole('button', { name: 'Concluir' }).click();

    // A phone: the dialog for the rest fits the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.demoUrl}/receber`);
    await page.getByPlaceholder('Nome ou CPF do cliente').fill('Clarice');
    await rowOf(page, 'Carnê 2/3').getByRole('button', { name: 'Registrar Pagamento' }).click();
    await page.getByRole('dialog', { name: 'Confirmar Pagamento' }).getByText('Total a receber').waitFor();
    expect(await overflow(page)).toEqual({ page: null, regions: [] });
    await screenshot(page, 'parcela-04-390');
  });
});
