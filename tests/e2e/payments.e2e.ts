// Paying at the till, in the real Chromium against the real server, on an 820 px tablet:
// cash with 'Valor recebido' and 'Troco'; Pix with the QR on screen (read by zbarimg: a
// BR Code of the store's key and the sale's amount whose CRC checks) confirmed by 'Pix
// recebido'; 'Dividir pagamento' (cash + Pix); crediário with its entrada by Pix; an
// offline split sale that reaches the server once. At 390 px the payment area fits; at 390
// and 360 px 'Copiar código Pix' and 'Pix recebido' come into view clear of the bar at the
// bottom (which stays at the screen's bottom: the page itself never scrolls), and a plain
// click on 'Pix recebido' finishes the sale.
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePixBrCode } from '../../src/shared/pix/br-code';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot, type Page } from './support/browser';
import { idbCount, idbProductCount, until } from './support/idb';
import { overflow } from './support/layout';
import { addProduct, chooseCustomer, confirmPix, demoLists, finish, openTill, signIn } from './support/till';
import type { ApiCustomer, ApiProduct } from './support/till';
import { decodePage } from './support/zbar';
import { fileBrowser, fileServer } from './support/suite';

let page: Page;
let adminToken: string;
let products: ApiProduct[];
let customers: ApiCustomer[];

/**
 * The QR in the middle of the screen, where the customer's phone is pointed: with the caixa
 * bar above the sale, a crediário's entrada QR starts below the bar of the total.
 */
const showQr = () => page.getByTestId('pix-qr').evaluate((qr) => qr.scrollIntoView({ block: 'center' }));

interface ApiSale {
  id: string;
  total: number;
  offline: boolean;
  payment_method: string;
  payments: { method: string; amount: number; received: number | null; change: number | null }[];
  crediario: { entrada: number; entrada_method?: string } | null;
}

const PIX_KEY = '123e4567-e12b-12d1-a456-426655440000';
const reais = (n: number) => n.toFixed(2).replace('.', ',');

async function lastSale(): Promise<ApiSale> {
  const res = await api<{ data: { sales: ApiSale[] } }>(server, 'GET', '/api/sales?limit=1', { token: adminToken });
  return res.body.data.sales[0]!;
}

/** The sale the till just confirmed, as the server holds it. */
async function finishedSale(): Promise<ApiSale> {
  await page
    .getByText(/Venda finalizada! Cliente:/)
    .first()
    .waitFor();
  return lastSale();
}

/**
 * Where a button is against the bar at the bottom: whether its box meets the bar, how far the
 * page itself (not <main>) has scrolled, and whether the bar sits at the screen's bottom.
 */
function besideBar(p: Page, name: string) {
  return p.getByRole('button', { name, exact: true }).evaluate((button) => {
    const bar = document.querySelector('[data-testid="finish-bar"]')!.getBoundingClientRect();
    const box = button.getBoundingClientRect();
    return {
      pageScrolled: window.scrollY,
      barAtBottom: Math.abs(bar.bottom - window.innerHeight) <= 1,
      underBar: box.bottom > bar.top && box.top < bar.bottom,
    };
  });
}

async function salesCount(): Promise<number> {
  const res = await api<{ data: { pagination: { total: number } } }>(server, 'GET', '/api/sales?limit=1', {
    token: adminToken,
  });
  return res.body.data.pagination.total;
}

/** Types as a person does: click into the field, then the keys. */
async function typeInto(p: Page, label: string, text: string) {
  const field = p.getByLabel(label, { exact: true });
  await field.click();
  await p.keyboard.press('ControlOrMeta+A');
  await p.keyboard.type(text);
}

/** One `product` to `customer` with 'Dividir pagamento': `first` pays `firstAmount` (typed), `second` the rest. */
async function splitSale(
  customer: ApiCustomer,
  product: ApiProduct,
  first: string,
  second: string,
  firstAmount: string,
) {
  await chooseCustomer(page, customer.name);
  await addProduct(page, product, 1);
  await page.getByLabel('Dividir pagamento').check();
  await page.getByLabel('Forma 1').selectOption(first);
  await page.getByLabel('Forma 2').selectOption(second);
  await typeInto(page, 'Valor 1', firstAmount);
}

const server = fileServer();
const tablet = fileBrowser({ width: 820, height: 1180 });

beforeAll(async () => {
  adminToken = await loginToken(server, 'admin@demo.com');
  const saved = await api(server, 'PUT', '/api/settings', {
    token: adminToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { pix_key: PIX_KEY, pix_receiver_name: 'Loja Demo', pix_city: 'Sao Paulo' },
  });
  expect(saved.status).toBe(200);
  const demo = await demoLists(server, adminToken, 3);
  products = demo.products.filter((p) => p.current_stock >= 10 && p.sale_price > 20);
  customers = demo.customers;
  if (products.length < 2 || customers.length < 2) throw new Error('o demo precisa de produtos e clientes');
  page = await tablet.context.newPage();
  await signIn(server, page, 'caixa@demo.com');
  await openTill(server, page);
  await until(async () => (await idbProductCount(page)) >= demo.products.length, 'espelho');
});

describe('Pagamento no PDV (tablet 820 px)', () => {
  it('dinheiro: Valor recebido e Troco enquanto o caixa digita; menos que o total não finaliza', async () => {
    const [x] = products;
    await chooseCustomer(page, customers[0]!.name);
    await addProduct(page, x!, 1);
    await page.getByLabel('Forma de pagamento').selectOption('cash');
    await typeInto(page, 'Valor recebido', reais(x!.sale_price - 1));
    await page.getByText('O valor recebido é menor que o total a pagar.').first().waitFor();
    expect(await page.getByRole('button', { name: 'Finalizar Venda' }).isDisabled()).toBe(true);
    const received = Math.ceil(x!.sale_price) + 10;
    await typeInto(page, 'Valor recebido', reais(received));
    const change = Math.round((received - x!.sale_price) * 100) / 100;
    await expect
      .poll(async () => (await page.getByTestId('sale-change').textContent())?.replace(/\s/g, ' '))
      .toBe(`R$ ${reais(change)}`);
    await screenshot(page, 'pay-01-dinheiro-troco-820');
    await finish(page);
    const sale = await lastSale();
    expect(sale.payments).toEqual([{ method: 'cash', amount: x!.sale_price, received, change }]);
  });

  it('Pix: o QR na tela é lido pelo zbarimg com a chave e o valor, o CRC confere; Pix recebido finaliza', async () => {
    const [, y] = products;
    await chooseCustomer(page, customers[1]!.name);
    await addProduct(page, y!, 2);
    await page.getByLabel('Forma de pagamento').selectOption('pix');
    const qr = page.getByTestId('pix-qr');
    await qr.scrollIntoViewIfNeeded();
    expect(await page.getByRole('button', { name: 'Finalizar Venda' }).isDisabled()).toBe(true);
    const shown = await page.getByTestId('pix-code').inputValue();
    await showQr();
    const read = await decodePage(page, 'pay-02-pix-qr-820');
    expect(read).toEqual([shown]);
    const parsed = parsePixBrCode(read[0]!); // throws when the CRC does not check
    expect(parsed).toMatchObject({ key: PIX_KEY, receiver_name: 'Loja Demo', receiver_city: 'Sao Paulo' });
    expect(parsed.amount_cents).toBe(Math.round(y!.sale_price * 100) * 2);
    expect(parsed.txid).toMatch(/^[A-Za-z0-9]{25}$/);
    await confirmPix(page);
    const sale = await finishedSale();
    expect(sale.payments).toEqual([{ method: 'pix', amount: sale.total, received: null, change: null }]);
    // The txid came from the sale's id.
    expect(sale.id.replace(/-/g, '').startsWith(parsed.txid!)).toBe(true);
  });

  it('Dividir pagamento: dinheiro + Pix somando o total; cada parte no servidor', async () => {
    const [x] = products;
    await splitSale(customers[0]!, x!, 'cash', 'pix', '10,00');
    await page.getByText(/^Falta: R\$/).waitFor();
    await typeInto(page, 'Valor 2', reais(x!.sale_price - 10));
    await typeInto(page, 'Valor recebido 1', '20,00');
    await page.getByText('Total coberto').waitFor();
    await page.getByTestId('pix-qr').scrollIntoViewIfNeeded();
    await screenshot(page, 'pay-03-dividido-820');
    await confirmPix(page);
    const sale = await finishedSale();
    expect(sale.payments).toEqual([
      { method: 'cash', amount: 10, received: 20, change: 10 },
      { method: 'pix', amount: Math.round((x!.sale_price - 10) * 100) / 100, received: null, change: null },
    ]);
  });

  it('crediário com entrada paga por Pix', async () => {
    const [, y] = products;
    await chooseCustomer(page, customers[1]!.name);
    await addProduct(page, y!, 1);
    await page.getByLabel('Forma de pagamento').selectOption('crediario');
    await page.getByLabel('Quer adicionar uma entrada?').check();
    await typeInto(page, 'Valor da entrada', '5,00');
    await page.getByLabel('Entrada paga com').selectOption('pix');
    await showQr();
    const read = await decodePage(page, 'pay-04-crediario-entrada-pix-820');
    expect(parsePixBrCode(read[0]!).amount_cents).toBe(500);
    await confirmPix(page);
    const sale = await finishedSale();
    expect(sale.payment_method).toBe('crediario');
    expect(sale.crediario).toMatchObject({ entrada: 5, entrada_method: 'pix' });
    expect(sale.payments).toEqual([{ method: 'pix', amount: 5, received: null, change: null }]);
  });

  it('offline: uma venda com pagamento dividido chega ao servidor uma única vez', async () => {
    const [x] = products;
    const before = await salesCount();
    await tablet.context.setOffline(true);
    await page.getByText('Offline', { exact: true }).first().waitFor();
    await splitSale(customers[0]!, x!, 'cash', 'debit_card', '5,00');
    await typeInto(page, 'Valor 2', reais(x!.sale_price - 5));
    await finish(page);
    expect(await idbCount(page, 'outbox')).toBe(1);
    expect(await salesCount()).toBe(before);
    await tablet.context.setOffline(false);
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega da venda', 90_000);
    expect(await salesCount()).toBe(before + 1);
    const sale = await lastSale();
    expect(sale.offline).toBe(true);
    expect(sale.payments.map((p) => [p.method, p.amount])).toEqual([
      ['cash', 5],
      ['debit_card', Math.round((x!.sale_price - 5) * 100) / 100],
    ]);
  });

  it('390 px: o pagamento dividido com Pix cabe sem rolagem lateral', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      const p = await phone.context.newPage();
      await signIn(server, p, 'caixa@demo.com');
      await openTill(server, p);
      await chooseCustomer(p, customers[0]!.name);
      await addProduct(p, products[0]!, 1);
      await p.getByLabel('Dividir pagamento').check();
      await p.getByLabel('Forma 2').selectOption('pix');
      await typeInto(p, 'Valor 2', '5,00');
      await p.getByTestId('pix-qr').scrollIntoViewIfNeeded();
      await screenshot(p, 'pay-05-dividido-390');
      expect(await overflow(p)).toEqual({ page: null, regions: [] });
    } finally {
      await phone.close();
    }
  });

  it('360 e 390 px: Copiar código Pix e Pix recebido ficam fora da barra de Finalizar Venda, e o clique finaliza', async () => {
    const [x, y] = products;
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      const p = await phone.context.newPage();
      await signIn(server, p, 'caixa@demo.com');
      await openTill(server, p);
      for (const size of [
        { width: 390, height: 844 },
        { width: 360, height: 740 },
      ]) {
        await p.setViewportSize(size);
        await chooseCustomer(p, customers[1]!.name);
        await addProduct(p, x!, 1);
        await addProduct(p, y!, 2);
        await p.getByLabel('Forma de pagamento').selectOption('crediario');
        await p.getByLabel('Quer adicionar uma entrada?').check();
        // Clicking into the field as a person does (its focus once scrolled the page itself).
        await typeInto(p, 'Valor da entrada', '5,00');
        await p.getByLabel('Entrada paga com').selectOption('pix');
        await p.getByTestId('pix-qr').waitFor();
        for (const name of ['Copiar código Pix', 'Pix recebido']) {
          const button = p.getByRole('button', { name, exact: true });
          await button.scrollIntoViewIfNeeded();
          expect(await besideBar(p, name), `${name} a ${size.width} px`).toEqual({
            pageScrolled: 0,
            barAtBottom: true,
            underBar: false,
          });
        }
        await screenshot(p, `pay-06-pix-recebido-${size.width}`);
        // The real click, where the button is (no help to bring it to the middle first).
        await p.getByRole('button', { name: 'Pix recebido', exact: true }).click();
        await p
          .getByText(/Venda finalizada! Cliente:/)
          .first()
          .waitFor();
        const sale = await lastSale();
        expect(sale.crediario).toMatchObject({ entrada: 5, entrada_method: 'pix' });
      }
    } finally {
      await phone.close();
    }
  });
});
