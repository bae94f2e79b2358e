// An exchange in one step in the real Chromium against the real server, on an 820 px
// tablet offline: the cashier sells, then at 'Trocas e Devoluções' exchanges one item for
// a dearer one ('Trocar por outros produtos': the return goes to vale-troca and Nova Venda
// opens with the customer and the vale applied), paying the difference in cash. Back
// online everything arrives once, the return before the new sale; stock and the
// customer's balance agree on the server and the device. At 390 px, from the sale's detail
// in the history, the dialog and the exchange's banner fit without sideways scrolling.
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { screenshot } from './support/browser';
import { idbCount, idbKeys, until } from './support/idb';
import { overflow } from './support/layout';
import { addProduct, chooseCustomer, finish, openTill, shownStock } from './support/till';
import type { ApiProduct } from './support/till';
import {
  cents,
  chooseOneToReturn,
  deviceRef,
  exchangeCounter,
  exchangeInNewSale,
  fileCounter,
  reais,
  sellOnDevice,
  shownBRL,
  storeCreditBalance,
  typeInto,
  saleReturns,
} from './support/returns';
import { fileBrowser, fileServer } from './support/suite';
import { onPhoneAtSale } from './support/history';

const server = fileServer();
const tablet = fileBrowser({ width: 820, height: 1180 });
const counter = fileCounter(tablet, (page) => exchangeCounter(server, page, 1));

const serverBalance = () => storeCreditBalance(server, counter.adminToken, counter.customer.id);

async function serverStock(product: ApiProduct): Promise<number> {
  const res = await api<{ data: ApiProduct }>(server, 'GET', `/api/products/${product.id}`, {
    token: counter.adminToken,
  });
  return res.body.data.current_stock;
}

describe('Troca (tablet 820 px)', () => {
  it('offline: troca um item por um mais caro pagando a diferença em dinheiro; online, tudo chega uma vez e estoque e saldo conferem', async () => {
    const { page, adminToken, cheap, dearer, customer } = counter;
    const balanceBefore = await serverBalance();
    expect(balanceBefore).toBe(0); // a customer of this file's fresh demo store
    const stockBefore = { cheap: await serverStock(cheap), dearer: await serverStock(dearer) };
    await tablet.context.setOffline(true);
    await page.getByText('Offline', { exact: true }).first().waitFor();

    // The sale being exchanged: 2 units of the cheap product, made offline on this device.
    const saleId = await sellOnDevice(page, customer, cheap, 2);

    // 'Trocar por outros produtos': the return to vale-troca, and Nova Venda goes on.
    await chooseOneToReturn(page, deviceRef(saleId), cheap, 'Trocar por outro modelo');
    await screenshot(page, 'exchange-01-dialogo-820');
    const banner = await exchangeInNewSale(page);
    expect(shownBRL(await banner.textContent())).toContain(
      `vale-troca de R$ ${reais(cheap.sale_price)} para ${customer.name}`,
    );
    expect(await idbCount(page, 'outbox')).toBe(2);

    // The dearer item: the vale is applied by itself, the rest is paid in cash.
    const afterExchange = new Set(await idbKeys(page, 'sales'));
    await addProduct(page, dearer, 1);
    const credit = balanceBefore + cheap.sale_price;
    const rest = (cents(dearer.sale_price) - cents(credit)) / 100;
    await expect.poll(async () => shownBRL(await banner.textContent())).toContain(`Falta pagar R$ ${reais(rest)}`);
    expect(await page.getByLabel(/Usar vale-troca/).isChecked()).toBe(true);
    await screenshot(page, 'exchange-02-nova-venda-820');
    await finish(page);
    const newSaleId = (await idbKeys(page, 'sales')).find((id) => !afterExchange.has(id))!;
    expect(newSaleId).toBeTruthy();
    expect(await idbCount(page, 'outbox')).toBe(3);
    // The device's stock: 2 sold, 1 back; 1 of the dearer sold.
    expect(await shownStock(page, cheap)).toBe(stockBefore.cheap - 1);
    expect(await shownStock(page, dearer)).toBe(stockBefore.dearer - 1);

    // Back online: the sale, the return and the new sale arrive once, in that order.
    await tablet.context.setOffline(false);
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega da fila', 90_000);
    const returns = await saleReturns<{ amount: number; refund_method: string }>(server, adminToken, saleId);
    expect(returns.map((r) => [r.amount, r.refund_method])).toEqual([[cheap.sale_price, 'vale_troca']]);
    const newSale = await api<{ data: { total: number; payments: { method: string; amount: number }[] } }>(
      server,
      'GET',
      `/api/sales/${newSaleId}`,
      { token: adminToken },
    );
    expect(newSale.status).toBe(200);
    expect(newSale.body.data.payments.map((p) => [p.method, cents(p.amount)]).sort()).toEqual(
      [
        ['cash', cents(rest)],
        ['store_credit', cents(credit)],
      ].sort(),
    );
    expect(await serverBalance()).toBe(0);
    expect(await serverStock(cheap)).toBe(stockBefore.cheap - 1);
    expect(await serverStock(dearer)).toBe(stockBefore.dearer - 1);

    // The device agrees once its mirror has the server's figures.
    await page.reload();
    await openTill(server, page);
    await until(async () => (await shownStock(page, dearer)) === stockBefore.dearer - 1, 'estoque no aparelho');
    expect(await shownStock(page, cheap)).toBe(stockBefore.cheap - 1);
    await chooseCustomer(page, customer.name);
    await page
      .getByRole('table', { name: 'Itens da Venda' })
      .or(page.getByText('Forma de pagamento'))
      .first()
      .waitFor();
    expect(await page.getByTestId('store-credit-balance').count()).toBe(0);

    // At 390 px, from the sale's detail in Histórico de Vendas (the other unit, online): the
    // dialog fits, and the exchange goes on at Nova Venda with its banner, which fits too.
    await onPhoneAtSale(server, adminToken, saleId, async (p, number) => {
      const detail = p.getByTestId('sale-detail');
      await detail.waitFor();
      await detail.getByRole('button', { name: 'Trocas e Devoluções' }).click();
      await p.getByText('Vendidas 2 · devolvidas 1').waitFor();
      await typeInto(p, `Quantidade a devolver de ${cheap.name}`, '1');
      await typeInto(p, 'Motivo', 'Trocar por outro modelo');
      await screenshot(p, 'exchange-03-dialogo-390');
      expect(await overflow(p)).toEqual({ page: null, regions: [] });
      const phoneBanner = await exchangeInNewSale(p);
      expect(shownBRL(await phoneBanner.textContent())).toContain(`Troca da venda #${number}`);
      await p.getByText(`Cliente selecionado: ${customer.name}`).waitFor();
      await addProduct(p, dearer, 1);
      await phoneBanner.scrollIntoViewIfNeeded();
      await screenshot(p, 'exchange-04-nova-venda-390');
      expect(await overflow(p)).toEqual({ page: null, regions: [] });
    });
  });
});
