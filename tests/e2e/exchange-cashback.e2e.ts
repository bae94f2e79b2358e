// An exchange for a cheaper product with the difference given back in cash, in the real
// Chromium against the real server, on an 820 px tablet offline: the cashier sells, then
// 'Trocar por outros produtos' (the return to vale-troca), adds a cheaper product and ticks
// 'Devolver R$ Z em dinheiro' in the exchange's banner; finishing the sale queues the
// payout after the return and the new sale. The blind close (still offline) expects the
// sale's cash less what went back. Back online everything arrives once: the customer's
// vale is zero and the ledger shows the payout; the server's caixa is the device's to the
// centavo. At 390 px, from the sale's detail in the history (which lists the return and
// what went back in cash), the banner with the choice fits without sideways scrolling;
// online there, after that exchange and a return paid back in dinheiro, the phone's blind
// close expects the cash the server's does and its figures are the server's.
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { screenshot, type Page } from './support/browser';
import { idbCount, storedCaixa, until } from './support/idb';
import { overflow } from './support/layout';
import { addProduct } from './support/till';
import {
  cents,
  chooseOneToReturn,
  deviceRef,
  exchangeCounter,
  exchangeInNewSale,
  fileCounter,
  reais,
  returnOne,
  sellOnDevice,
  shownBRL,
  storeCreditBalance,
} from './support/returns';
import { fileBrowser, fileServer } from './support/suite';
import { cashMatched, closeCountingCash, expectClosedAsOnDevice } from './support/caixa-close';
import { onPhoneAtSale } from './support/history';

const server = fileServer();
const tablet = fileBrowser({ width: 820, height: 1180 });
const counter = fileCounter(tablet, (page) => exchangeCounter(server, page, 2));

async function setOnline(p: Page, online: boolean) {
  await tablet.context.setOffline(!online);
  await p.evaluate((on) => window.dispatchEvent(new Event(on ? 'online' : 'offline')), online);
}

describe('Troca com a diferença em dinheiro (tablet 820 px)', () => {
  it('offline: troca por um mais barato e devolve a diferença em dinheiro; online chega uma vez, e o saldo e o caixa conferem no servidor e no aparelho', async () => {
    const { page, adminToken, cheap, dearer, customer } = counter;
    expect(await storeCreditBalance(server, adminToken, customer.id)).toBe(0);
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'abertura do caixa no servidor');
    const session = (await storedCaixa(page)).id;
    await setOnline(page, false);
    await page.getByText('Offline', { exact: true }).first().waitFor();

    // The sale being exchanged: one unit of the dearer product, in cash, on this device.
    const saleId = await sellOnDevice(page, customer, dearer, 1);
    await chooseOneToReturn(page, deviceRef(saleId), dearer, 'Trocar por um mais barato');
    const banner = await exchangeInNewSale(page);

    // The cheaper product: the vale pays it, the rest would stay as vale-troca...
    await addProduct(page, cheap, 1);
    const rest = (cents(dearer.sale_price) - cents(cheap.sale_price)) / 100;
    await expect
      .poll(async () => shownBRL(await banner.textContent()))
      .toContain(`O restante, R$ ${reais(rest)}, fica como vale-troca de ${customer.name}.`);
    // ...or goes back in cash, as the cashier chooses.
    await banner.getByLabel(`Devolver R$ ${reais(rest)} em dinheiro`).click();
    expect(shownBRL(await banner.textContent())).toContain(
      `O restante, R$ ${reais(rest)}, volta para ${customer.name} em dinheiro ao finalizar a venda.`,
    );
    await screenshot(page, 'troca-dinheiro-01-nova-venda-820');
    await page.getByRole('button', { name: 'Finalizar Venda' }).click();
    // The payout's instruction follows the sale's toast at once and takes its place (one
    // toast at a time): the cashier reads this one, and a busy machine may never draw the first.
    await page.getByText(`Devolva R$ ${reais(rest)} em dinheiro para ${customer.name}.`).waitFor();
    await screenshot(page, 'troca-dinheiro-02-finalizada-820');
    // The sale, the return, the new sale and the payout, in that order.
    await until(async () => (await idbCount(page, 'outbox')) === 4, 'a devolução em dinheiro na fila');
    expect((await storedCaixa(page)).receipts).toEqual([
      { id: expect.any(String), method: 'cash', amount: -cents(rest) },
    ]);

    // Still offline, the blind close: the caixa expects the sale's cash less what went back.
    const expectedCash = cents(dearer.sale_price) - cents(rest);
    const device = await closeCountingCash(page, expectedCash);
    expect(device.figures!.find((f) => f.method === 'cash')).toEqual(cashMatched(expectedCash));

    // Back online: everything arrives once; the vale is zero, its ledger has the payout.
    await setOnline(page, true);
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega da fila', 90_000);
    const ledger = await api<{ data: { balance: number; entries: { kind: string; amount: number }[] } }>(
      server,
      'GET',
      `/api/customers/${customer.id}/store-credit`,
      { token: adminToken },
    );
    expect(ledger.body.data.balance).toBe(0);
    expect(ledger.body.data.entries.map((e) => [e.kind, cents(e.amount)])).toEqual([
      ['credit', cents(dearer.sale_price)],
      ['use', cents(cheap.sale_price)],
      ['payout', cents(rest)],
    ]);
    await expectClosedAsOnDevice(server, adminToken, session, device.figures);
    const cash = await api<{ data: { entries: { description: string; amount: number; type: string }[] } }>(
      server,
      'GET',
      `/api/cash-flow?type=expense&limit=50`,
      { token: adminToken },
    );
    expect(
      cash.body.data.entries.filter((e) => e.description.startsWith('Vale-troca em dinheiro')).map((e) => e.amount),
    ).toEqual([rest]);
    // The device: no vale left for the customer once its mirror has the server's figures.
    await page.getByRole('button', { name: 'Concluir' }).click();

    // At 390 px, from the sale's detail in Histórico de Vendas: the return and what went back
    // in cash; a second exchange of the same customer's sale offers the cash, and fits.
    await onPhoneAtSale(server, adminToken, saleId, async (p) => {
      const returns = p.getByTestId('sale-returns');
      await returns.waitFor();
      expect(shownBRL(await returns.textContent())).toContain(`Vale-troca devolvido em dinheiro: R$ ${reais(rest)}`);
      await returns.scrollIntoViewIfNeeded();
      await screenshot(p, 'troca-dinheiro-03-detalhe-390');
      expect(await overflow(p)).toEqual({ page: null, regions: [] });

      await p.goto(`${server.demoUrl}/vendas`);
      const other = await sellOnDevice(p, customer, dearer, 1);
      await until(async () => (await idbCount(p, 'outbox')) === 0, 'venda no servidor');
      await chooseOneToReturn(p, deviceRef(other), dearer, 'Trocar por um mais barato');
      const phoneBanner = await exchangeInNewSale(p);
      await addProduct(p, cheap, 1);
      await phoneBanner.getByLabel(`Devolver R$ ${reais(rest)} em dinheiro`).click();
      await phoneBanner.scrollIntoViewIfNeeded();
      await screenshot(p, 'troca-dinheiro-04-nova-venda-390');
      expect(await overflow(p)).toEqual({ page: null, regions: [] });

      // Online this time: the exchange finished (its rest goes back in cash), then a third
      // sale returned whole in dinheiro; the phone's blind close expects the cash the
      // server does, and its figures are the server's.
      const phoneSession = (await storedCaixa(p)).id;
      await p.getByRole('button', { name: 'Finalizar Venda' }).click();
      await p.getByText(`Devolva R$ ${reais(rest)} em dinheiro para ${customer.name}.`).waitFor();
      const third = await sellOnDevice(p, customer, dearer, 1);
      await until(async () => (await idbCount(p, 'outbox')) === 0, 'vendas no servidor');
      await returnOne(p, deviceRef(third), dearer, 'Desistiu da compra', 'dinheiro');
      await until(async () => (await idbCount(p, 'outbox')) === 0, 'devolução no servidor');
      // No float; in: two sales of the dearer product in cash (the exchange's new sale was
      // paid with the vale); out: the exchange's rest and the third sale's price.
      const phoneCash = cents(dearer.sale_price) - cents(rest);
      const phoneClosed = await closeCountingCash(p, phoneCash);
      expect(phoneClosed.figures!.find((f) => f.method === 'cash')).toEqual(cashMatched(phoneCash));
      await until(async () => (await idbCount(p, 'outbox')) === 0, 'fechamento no servidor');
      await expectClosedAsOnDevice(server, adminToken, phoneSession, phoneClosed.figures);
    });
  });
});
