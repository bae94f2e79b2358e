// What the returns and exchange tests share: amounts as the screen writes them, typing into
// a labelled field as a person does, a customer's vale-troca and a sale's returns on the
// server, and the counter both start from.
import { beforeAll } from 'vitest';
import { api, loginToken } from './api';
import type { Page } from './browser';
import { idbKeys, idbProductCount, until } from './idb';
import type { RunningServer } from './server';
import type { OpenBrowser } from './suite';
import { addProduct, chooseCustomer, finish, openTill, signIn, type ApiCustomer, type ApiProduct } from './till';

/** Reais from the API as whole centavos. */
export const cents = (n: number) => Math.round(n * 100);

/** 12.5 -> '12,50' (the figure of 'R$ 12,50'). */
export const reais = (n: number) => n.toFixed(2).replace('.', ',');

/** A shown amount with its no-break spaces read as spaces. */
export const shownBRL = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** Types as a person does: click into the field, then the keys. */
export async function typeInto(p: Page, label: string, text: string) {
  const field = p.getByLabel(label, { exact: true });
  await field.click();
  await p.keyboard.press('ControlOrMeta+A');
  await p.keyboard.type(text);
}

/** The customer's vale-troca balance on the server (reais). */
export async function storeCreditBalance(server: RunningServer, token: string, customerId: string): Promise<number> {
  const res = await api<{ data: { balance: number } }>(server, 'GET', `/api/customers/${customerId}/store-credit`, {
    token,
  });
  return res.body.data.balance;
}

/** A sale's returns as the server lists them (with the fields `T` names). */
export async function saleReturns<T>(server: RunningServer, token: string, saleId: string): Promise<T[]> {
  const res = await api<{ data: { returns: T[] } }>(server, 'GET', `/api/sales/${saleId}/returns`, { token });
  return res.body.data.returns;
}

/**
 * The demo store as both tests start from it: an admin's token, the products with stock
 * to spare (10 or more, over R$ 5) cheapest first, the first customers, and the cashier
 * signed in on `page` with the caixa open and the whole catalogue on the device.
 */
export async function returnsCounter(server: RunningServer, page: Page) {
  const adminToken = await loginToken(server, 'admin@demo.com');
  const catalogue = await api<{ data: { products: ApiProduct[] } }>(server, 'GET', '/api/products?limit=200', {
    token: adminToken,
  });
  const stocked = catalogue.body.data.products
    .filter((p) => p.current_stock >= 10 && p.sale_price > 5)
    .sort((a, b) => a.sale_price - b.sale_price);
  const people = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=3', {
    token: adminToken,
  });
  await signIn(server, page, 'caixa@demo.com');
  await openTill(server, page);
  await until(async () => (await idbProductCount(page)) >= catalogue.body.data.products.length, 'espelho');
  return { adminToken, stocked, customers: people.body.data.customers };
}

/** A sale of `quantity` units to `customer` finished on this device: the id it is kept under. */
export async function sellOnDevice(page: Page, customer: ApiCustomer, product: ApiProduct, quantity: number) {
  const before = new Set(await idbKeys(page, 'sales'));
  await chooseCustomer(page, customer.name);
  await addProduct(page, product, quantity);
  await finish(page);
  const saleId = (await idbKeys(page, 'sales')).find((id) => !before.has(id));
  if (!saleId) throw new Error('a venda não ficou no aparelho');
  return saleId;
}

/** The counter of an exchange test: a cheap product, one at least R$ 10 dearer, and the `nth` customer. */
export async function exchangeCounter(server: RunningServer, page: Page, nth: number) {
  const counter = await returnsCounter(server, page);
  const cheap = counter.stocked[0];
  const dearer = counter.stocked.find((p) => cheap && p.sale_price >= cheap.sale_price + 10);
  const customer = counter.customers[nth];
  if (!dearer || !cheap || !customer) throw new Error('o demo precisa de produtos e clientes');
  return { adminToken: counter.adminToken, cheap, dearer, customer };
}

/** How a sale made on this device is found before it reaches the server: '#' and its id's first 8. */
export const deviceRef = (saleId: string) => `#${saleId.slice(0, 8).toUpperCase()}`;

/** Opens 'Trocas e Devoluções' on a sale and chooses one unit of `product`, typing `reason`. */
export async function chooseOneToReturn(p: Page, saleRef: string, product: ApiProduct, reason: string) {
  await p.getByRole('button', { name: 'Trocas e Devoluções' }).click();
  await typeInto(p, 'Número da venda', saleRef);
  await p.getByRole('button', { name: 'Buscar venda' }).click();
  await typeInto(p, `Quantidade a devolver de ${product.name}`, '1');
  await typeInto(p, 'Motivo', reason);
}

/** One unit of `product` returned from a sale, its value back in `refund`, until the till says so. */
export async function returnOne(
  p: Page,
  saleRef: string,
  product: ApiProduct,
  reason: string,
  refund: 'dinheiro' | 'vale_troca',
) {
  await chooseOneToReturn(p, saleRef, product, reason);
  await p.getByLabel('Devolver o valor em').selectOption(refund);
  await p.getByRole('button', { name: 'Confirmar devolução' }).click();
  await p.getByText('Devolução registrada').first().waitFor();
}

/** 'Trocar por outros produtos' in the dialog: Nova Venda goes on with the exchange's banner (returned). */
export async function exchangeInNewSale(p: Page) {
  await p.getByRole('button', { name: 'Trocar por outros produtos' }).click();
  await p.waitForURL(/\/vendas$/);
  const banner = p.getByTestId('exchange-banner');
  await banner.waitFor();
  return banner;
}

/**
 * The file's counter, on a page of its own in `browser`: what `open` makes of that page
 * (a returnsCounter or an exchangeCounter), filled before the file's first test.
 */
export function fileCounter<T extends object>(
  browser: OpenBrowser,
  open: (page: Page) => Promise<T>,
): T & { page: Page } {
  const counter = {} as T & { page: Page };
  beforeAll(async () => {
    const page = await browser.context.newPage();
    Object.assign(counter, await open(page), { page });
  });
  return counter;
}
