// The crediário credit limit at the till in the real Chromium against the real server: on
// an 820 px tablet a cashier chooses a customer and sees their open crediário and limit; a
// crediário sale that would pass it is stopped with the figures; an admin present types
// their e-mail and password and the sale goes through (the server accepts the approval).
// At 390 px the customer's crediário and the refusal fit without sideways scrolling.
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates';
import { api, loginToken } from './support/api';
import { screenshot, type Page } from './support/browser';
import { overflow } from './support/layout';
import { fileBrowser, fileServer } from './support/suite';
import { addProduct, chooseCustomer, openTill, signIn, type ApiCustomer, type ApiProduct } from './support/till';

const server = fileServer();
const tablet = fileBrowser({ width: 820, height: 1180 });
const phone = fileBrowser({ width: 390, height: 844 });

const FIGURES = 'Limite de crédito: R$ 1.000,00; em aberto: R$ 850,00; esta venda: R$ 300,00';

/** A text as read on screen, spaces (the currency's no-break one too) as one space. */
const read = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();

/** A crediário sale of the product, one unit, stopped over the limit: the dialog. */
async function crediarioOverLimit(page: Page, product: ApiProduct) {
  await addProduct(page, product, 1);
  await page.getByLabel('Forma de pagamento').selectOption('crediario');
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Limite de crédito excedido' });
  await dialog.waitFor();
  return dialog;
}

describe('Limite de crédito no PDV', () => {
  it('o caixa vê o crediário do cliente, é recusado acima do limite e um administrador autoriza', async () => {
    const admin = await loginToken(server, 'admin@demo.com');
    expect(
      (await api(server, 'PUT', '/api/settings', { token: admin, body: { credit_limit_default: 100_000 } })).status,
    ).toBe(200);
    const made = async <T>(path: string, body: unknown) => {
      const res = await api<{ data: T }>(server, 'POST', path, { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data;
    };
    const customer = await made<ApiCustomer>('/api/customers', { name: 'Dona Carnê' });
    const sofa = await made<ApiProduct>('/api/products', {
      sku: 'CRD-850',
      name: 'Poltrona',
      sale_price: 850,
      current_stock: 5,
    });
    const mesa = await made<ApiProduct>('/api/products', {
      sku: 'CRD-300',
      name: 'Mesa de Centro',
      sale_price: 300,
      current_stock: 5,
    });
    // R$ 850,00 already open in two instalments.
    await made('/api/sales', {
      customer_id: customer.id,
      items: [{ product_id: sofa.id, quantity: 1, unit_price: 850 }],
      payment_method: 'crediario',
      crediario: { entrada: 0, parcelas: 2, vencimentos: [addDays(todayIso(), 30), addDays(todayIso(), 60)] },
    });

    const page = await tablet.context.newPage();
    await signIn(server, page, 'caixa@demo.com');
    await openTill(server, page);
    await chooseCustomer(page, customer.name);
    await page.getByText('Crediário em aberto: R$', { exact: false }).waitFor();
    expect(await read(page, 'customer-credit')).toBe(
      'Crediário em aberto: R$ 850,00 (2 parcelas) Limite de crédito: R$ 1.000,00 · disponível: R$ 150,00',
    );

    const dialog = await crediarioOverLimit(page, mesa);
    expect(await read(page, 'credit-figures')).toBe(FIGURES);
    await screenshot(page, 'credit-01-recusado-com-os-valores');

    // An admin present types their e-mail and password at the cashier's till.
    await dialog.getByLabel('E-mail do administrador').click();
    await page.keyboard.type('admin@demo.com');
    await dialog.getByLabel('Senha do administrador').click();
    await page.keyboard.type('demo123');
    await dialog.getByRole('button', { name: 'Autorizar e finalizar' }).click();
    await page.getByText(/Venda finalizada! Cliente: Dona Carnê/).waitFor();

    const open = await api<{ data: { open_amount: number; open_count: number } }>(
      server,
      'GET',
      `/api/customers/${customer.id}/crediario`,
      { token: admin },
    );
    expect(open.body.data.open_amount).toBe(1150);

    // At 390 px: the customer's crediário and the refusal, without sideways scrolling.
    const narrow = await phone.context.newPage();
    await signIn(server, narrow, 'caixa@demo.com');
    await openTill(server, narrow);
    await chooseCustomer(narrow, customer.name);
    await narrow.getByText('Crediário em aberto: R$ 1.150,00', { exact: false }).waitFor();
    expect(await overflow(narrow)).toEqual({ page: null, regions: [] });
    await crediarioOverLimit(narrow, mesa);
    expect(await read(narrow, 'credit-figures')).toBe(
      'Limite de crédito: R$ 1.000,00; em aberto: R$ 1.150,00; esta venda: R$ 300,00',
    );
    expect(await overflow(narrow)).toEqual({ page: null, regions: [] });
    await screenshot(narrow, 'credit-02-recusado-390');
  });
});
