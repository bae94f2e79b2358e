// What the demo store shows on a first sale, in the real Chromium against the real server:
// the till starts with 'Consumidor final' chosen, so an anonymous sale is scan, pay by Pix
// (the demo has a key: the QR shows), finish; the next sale starts the same way. A sale
// partly paid with a customer's vale-troca prints a receipt (read back from the PDF) that
// names the payment 'Vale-troca', the balance left after the sale and the till by its name
// ('Caixa 1 (A)'); the history lists payments in pt-BR, never as codes.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { screenshot, type Page } from './support/browser';
import { idbKeys, idbProductCount, until } from './support/idb';
import { pdfText, printedPdf } from './support/print';
import { fileBrowser, fileServer } from './support/suite';
import { deviceRef, typeInto as typeIntoField } from './support/returns';
import { type ApiCustomer, type ApiProduct, confirmPix, openTill, signIn } from './support/till';

const server = fileServer();
const browser = fileBrowser({ width: 1280, height: 860 });
let page: Page;
let adminToken: string;
let products: (ApiProduct & { barcode: string | null })[];

const RAW = /store_credit|credit_card|debit_card|crediario/;
const brl = (reais: number) => `R$ ${reais.toFixed(2).replace('.', ',')}`;
const keyed = () => ({ token: adminToken, headers: { 'idempotency-key': crypto.randomUUID() } });

/**
 * A USB scanner: the whole code and Enter in one burst of key events, a few ms apart. Sent
 * from inside the page: the keys typed through the driver on a loaded machine can come too
 * far apart to look like a scanner (use-scanner.ts reads the events' timing).
 */
async function scan(code: string) {
  await page.evaluate((keys) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...keys.split(''), 'Enter']) {
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
    }
  }, code);
}

/** Types as a person does: click into the field, then the keys. */
async function typeInto(placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).click();
  await page.keyboard.type(text);
}

beforeAll(async () => {
  adminToken = await loginToken(server, 'admin@demo.com');
  const catalogue = await api<{ data: { products: (ApiProduct & { barcode: string | null })[] } }>(
    server,
    'GET',
    '/api/products?limit=200',
    { token: adminToken },
  );
  products = catalogue.body.data.products.filter((p) => p.current_stock >= 10 && p.barcode && p.sale_price > 20);
  page = await browser.context.newPage();
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await signIn(server, page, 'caixa@demo.com');
  await openTill(server, page);
  await until(async () => (await idbProductCount(page)) >= catalogue.body.data.products.length, 'espelho');
});

describe('Consumidor final, vale-troca e caixa com nome', () => {
  it('uma venda anônima: ler o código, pagar com Pix (o QR aparece), finalizar; a próxima começa igual', async () => {
    const [x] = products;
    await page.getByText('Cliente selecionado: Consumidor final').waitFor();
    await page.getByLabel('Quantidade', { exact: true }).click();
    await scan(x!.barcode!);
    await page.getByRole('table', { name: 'Itens da Venda' }).getByText(x!.name).first().waitFor();
    await page.getByLabel('Forma de pagamento').selectOption('pix');
    await page.getByTestId('pix-qr').waitFor();
    await screenshot(page, 'final-consumer-01-pix');
    await confirmPix(page);
    await page
      .getByText(`Venda finalizada! Cliente: Consumidor final | Total: ${brl(x!.sale_price)} | Pagamento: PIX`)
      .waitFor();
    await page.getByText('Nenhum produto adicionado').waitFor();
    await page.getByText('Cliente selecionado: Consumidor final').waitFor();
  });

  it('o recibo de uma venda com vale-troca diz Vale-troca, o saldo que sobrou e o nome do caixa; o histórico em pt-BR', async () => {
    const [, y, z] = products;
    const people = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=1', {
      token: adminToken,
    });
    const buyer = people.body.data.customers[0]!;
    // The customer's vale-troca: a sale of 2 units given back to vale-troca (through the API).
    const sold = await api<{ data: { id: string; items: { id: string }[] } }>(server, 'POST', '/api/sales', {
      ...keyed(),
      body: {
        customer_id: buyer.id,
        items: [{ product_id: y!.id, quantity: 2, unit_price: y!.sale_price }],
        payment_method: 'cash',
      },
    });
    expect(sold.status).toBe(201);
    const back = await api(server, 'POST', `/api/sales/${sold.body.data.id}/returns`, {
      ...keyed(),
      body: {
        lines: [{ sale_item_id: sold.body.data.items[0]!.id, quantity: 2 }],
        reason: 'Troca',
        refund_method: 'vale_troca',
      },
    });
    expect(back.status).toBe(201);
    const vale = 2 * y!.sale_price;
    // The till learns the balance with the customer (its next pull).
    await page.reload();
    await page.getByText('PDV - Ponto de Venda').waitFor();
    await until(async () => {
      await typeInto('Buscar cliente por nome ou CPF...', buyer.name.slice(0, 6));
      await page
        .getByRole('option', { name: new RegExp(buyer.name) })
        .first()
        .click();
      const shown = await page
        .getByTestId('store-credit-balance')
        .textContent({ timeout: 3_000 })
        .catch(() => null);
      return shown === brl(vale).replace(' ', '\u00a0') || shown === brl(vale);
    }, 'vale-troca no aparelho');
    await page.getByPlaceholder('Buscar produto por código ou nome...').click();
    await page.keyboard.type(z!.sku);
    await page
      .getByRole('option', { name: new RegExp(z!.sku) })
      .first()
      .click();
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    const total = z!.sale_price;
    const used = Math.min(vale, total);
    await page.getByLabel(/^Usar vale-troca/).check();
    await page.getByRole('button', { name: 'Finalizar Venda' }).click();
    await page.getByText(/Venda finalizada! Cliente:/).waitFor();
    await page
      .getByRole('region', { name: 'Venda finalizada' })
      .getByRole('button', { name: 'Imprimir recibo' })
      .click();
    const printed = pdfText(await printedPdf(page, 'final-consumer-02-receipt'));
    expect(printed).toMatch(new RegExp(`Vale-troca\\s+${brl(used).replace(/[.$]/g, '\\$&')}`));
    expect(printed).toMatch(new RegExp(`Saldo do vale-troca\\s+${brl(vale - used).replace(/[.$]/g, '\\$&')}`));
    expect(printed).toContain('Caixa: Caixa 1 (A)');
    expect(printed).not.toMatch(RAW);

    await page.goto(`${server.demoUrl}/historico-vendas`);
    const list = page.getByRole('list', { name: 'Vendas' });
    await list
      .getByText(/Vale-troca/)
      .first()
      .waitFor();
    await screenshot(page, 'final-consumer-03-history');
    const rows = await list.innerText();
    expect(rows).not.toMatch(RAW);
    expect(rows).toContain('Consumidor final');
    expect(rows).toContain('PIX');
  });

  it('a venda para Consumidor final volta em dinheiro ou estorno: sem vale-troca nem troca num passo', async () => {
    const x = products[3] ?? products[0]!;
    await page.goto(`${server.demoUrl}/vendas`);
    await page.getByText('Cliente selecionado: Consumidor final').waitFor();
    const before = new Set(await idbKeys(page, 'sales'));
    await page.getByLabel('Quantidade', { exact: true }).click();
    await scan(x.barcode!);
    await page.getByRole('table', { name: 'Itens da Venda' }).getByText(x.name).first().waitFor();
    await page.getByRole('button', { name: 'Finalizar Venda' }).click();
    await page.getByText(/Venda finalizada! Cliente: Consumidor final/).waitFor();
    const saleId = (await idbKeys(page, 'sales')).find((id) => !before.has(id))!;

    await page.getByRole('button', { name: 'Trocas e Devoluções' }).click();
    await typeIntoField(page, 'Número da venda', deviceRef(saleId));
    await page.getByRole('button', { name: 'Buscar venda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trocas e Devoluções' });
    await dialog.getByText(/a troca pede um cliente identificado/).waitFor();
    const choices = await dialog.getByLabel('Devolver o valor em').locator('option').allInnerTexts();
    expect(choices).not.toContain('Vale-troca');
    expect(await dialog.getByRole('button', { name: 'Trocar por outros produtos' }).isDisabled()).toBe(true);
    await screenshot(page, 'final-consumer-04-return');
    await typeIntoField(page, `Quantidade a devolver de ${x.name}`, '1');
    await typeIntoField(page, 'Motivo', 'Não serviu');
    await dialog.getByRole('button', { name: 'Confirmar devolução' }).click();
    await page.getByText('Devolução registrada').first().waitFor();
  });
});
