// Discounts at the till in the real Chromium against the real server: on an 820 px tablet a
// cashier cannot finish before opening the caixa; gives 5% off a line and 4% off the sale
// (within the store's 10%), sees both on the line and in the total, is refused 20% off the
// sale with the limit named; the server records the sale at the till's total. An admin
// gives 30% and finishes. At 390 px the discount dialog fits without sideways scrolling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot, type Page } from './support/browser';
import { overflow } from './support/layout';
import { startServer, type RunningServer } from './support/server';
import {
  addProduct,
  chooseCustomer,
  finish,
  openCaixa,
  openTill,
  signIn,
  type ApiCustomer,
  type ApiProduct,
} from './support/till';

let server: RunningServer;
let tablet: Awaited<ReturnType<typeof openBrowser>>;
let phone: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  server = await startServer();
  tablet = await openBrowser({ width: 820, height: 1180 });
  phone = await openBrowser({ width: 390, height: 844 });
});

afterAll(async () => {
  await tablet?.close();
  await phone?.close();
  await server?.stop();
});

const brl = (centavos: number) =>
  `R$ ${(centavos / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Opens the discount dialog by its button, chooses R$ or % and types the value as a person does. */
async function giveDiscount(page: Page, button: string, mode: 'amount' | 'percent', text: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tipo de desconto').selectOption(mode);
  const field = dialog.getByLabel(mode === 'amount' ? 'Desconto (R$)' : 'Desconto (%)');
  await field.click();
  await page.keyboard.type(text);
  await dialog.getByRole('button', { name: 'Aplicar desconto' }).click();
}

/** A text as read on screen (the currency's no-break space as a space). */
async function shown(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).textContent()) ?? '').replace(/\u00a0/g, ' ');
}

interface ServerSale {
  id: string;
  total: number;
  discount: number;
  items: { discount: number; total_price: number }[];
}

describe('Desconto no PDV', () => {
  it('o caixa dá desconto dentro do limite, é recusado acima dele; o admin não tem limite', async () => {
    const adminToken = await loginToken(server, 'admin@demo.com');
    const catalogue = await api<{ data: { products: ApiProduct[] } }>(server, 'GET', '/api/products?limit=200', {
      token: adminToken,
    });
    const [x, y] = catalogue.body.data.products.filter((p) => p.current_stock >= 5 && p.sale_price >= 10);
    const people = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=2', {
      token: adminToken,
    });
    const [ana, bruno] = people.body.data.customers;
    if (!x || !y || !ana || !bruno) throw new Error('o demo precisa de dois produtos com estoque e dois clientes');

    const page = await tablet.context.newPage();
    await signIn(server, page, 'caixa@demo.com');
    await openTill(server, page, { caixa: false });

    // No caixa open: the sale cannot be finished, and the till says why.
    await chooseCustomer(page, ana.name);
    await addProduct(page, x, 2);
    const finishButton = page.getByRole('button', { name: 'Finalizar Venda' });
    expect(await finishButton.isDisabled()).toBe(true);
    await page.getByText('Abra o caixa antes de finalizar a venda.').first().waitFor();
    await openCaixa(page);
    expect(await finishButton.isDisabled()).toBe(false);

    // 5% off the line: shown on the line (the price before, struck through) and in the total.
    const gross = 2 * Math.round(x.sale_price * 100);
    const lineOff = Math.floor((gross * 5) / 100);
    await giveDiscount(page, `Dar desconto em ${x.name}`, 'percent', '5');
    const items = page.getByRole('table', { name: 'Itens da Venda' });
    await items.getByText(`Desconto - ${brl(lineOff)} (5%)`).waitFor();
    expect(await shown(page, 'sale-total')).toBe(brl(gross - lineOff));

    // 20% off the sale is over the cashier's 10%: refused, naming the limit; nothing changes.
    await giveDiscount(page, 'Desconto na venda', 'percent', '20');
    const refusal = page.getByRole('dialog').getByRole('alert');
    expect(await refusal.textContent()).toBe(
      'Desconto acima do limite do caixa: no máximo 10%. Só um administrador pode dar um desconto maior.',
    );
    await screenshot(page, 'discount-01-recusado-acima-do-limite');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    expect(await shown(page, 'sale-total')).toBe(brl(gross - lineOff));

    // 4% off the sale: 5% + 4% of what is left stays within 10% of the gross.
    const saleOff = Math.floor(((gross - lineOff) * 4) / 100);
    await giveDiscount(page, 'Desconto na venda', 'percent', '4');
    const total = gross - lineOff - saleOff;
    expect(await shown(page, 'sale-subtotal')).toBe(brl(gross));
    expect(await shown(page, 'sale-discount')).toBe(`- ${brl(lineOff + saleOff)}`);
    expect(await shown(page, 'sale-total')).toBe(brl(total));
    await screenshot(page, 'discount-02-dentro-do-limite');
    await page.getByLabel('Forma de pagamento').selectOption('cash');
    await finish(page);
    await page
      .getByText(`Total: ${brl(total)}`, { exact: false })
      .first()
      .waitFor();

    const sales = await api<{ data: { sales: ServerSale[] } }>(server, 'GET', '/api/sales', { token: adminToken });
    const [sold] = sales.body.data.sales;
    expect(Math.round(sold!.total * 100)).toBe(total);
    expect(Math.round(sold!.discount * 100)).toBe(saleOff);
    expect(Math.round(sold!.items[0]!.discount * 100)).toBe(lineOff);

    // An admin at the till has no limit: 30% off the sale is given and finished.
    const adminPage = await phone.context.newPage();
    await signIn(server, adminPage, 'admin@demo.com');
    await openTill(server, adminPage);
    await chooseCustomer(adminPage, bruno.name);
    await addProduct(adminPage, y, 1);
    await adminPage.getByRole('button', { name: 'Desconto na venda' }).click();
    const dialog = adminPage.getByRole('dialog');
    expect(await overflow(adminPage)).toEqual({ page: null, regions: [] });
    await screenshot(adminPage, 'discount-03-admin-390');
    await dialog.getByLabel('Tipo de desconto').selectOption('percent');
    await dialog.getByLabel('Desconto (%)').click();
    await adminPage.keyboard.type('30');
    await dialog.getByRole('button', { name: 'Aplicar desconto' }).click();
    const yGross = Math.round(y.sale_price * 100);
    const yTotal = yGross - Math.floor((yGross * 30) / 100);
    await adminPage.getByLabel('Forma de pagamento').selectOption('cash');
    await finish(adminPage);
    const after = await api<{ data: { sales: ServerSale[] } }>(server, 'GET', '/api/sales', { token: adminToken });
    expect(after.body.data.sales.map((s) => Math.round(s.total * 100))).toContain(yTotal);
  });
});
