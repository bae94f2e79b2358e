// The DANFE NFC-e of a note issued in offline contingency, in the real Chromium against the
// real server. Emission in contingency is another branch's: the sale's answer is given the
// receipt of a note the till would have signed (tpEmis 9 in its key, pending, no protocol)
// on its way to the page, which keeps it with the sale as it keeps any note. 'Imprimir DANFE'
// prints through the app's print stylesheet at 80 mm: read back with pdftotext, the
// contingency message by the consulta, no protocol, the consumer's copy then the store's,
// one page of roll; zbarimg reads the QR of each copy in the PDF. Then the admin turns on
// 'Guarda eletrônica' in Configurações > Fiscal (clicking it, as a person does) and the next
// sale's DANFE prints the consumer's copy alone. window.print is counted, not shown.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAccessKey } from '../../src/shared/fiscal/access-key';
import { nfceAddresses } from '../../src/shared/fiscal/sefaz';
import { api, loginToken } from './support/api';
import { ARTIFACTS_DIR, screenshot, type Page } from './support/browser';
import { centavos } from './support/fiscal-note';
import { EMITTER } from './support/fiscal-store';
import { idbProductCount, until } from './support/idb';
import { pdfInfo, pdfText, printedPdf } from './support/print';
import { fileBrowser, fileServer } from './support/suite';
import { addProduct, demoLists, openTill, signIn, tillReady, type ApiProduct } from './support/till';

const server = fileServer();
const browser = fileBrowser({ width: 1280, height: 860 });
let page: Page;
let product: ApiProduct;

const CONTINGENCY = 'EMITIDA EM CONTINGÊNCIA';
const PENDING = 'Pendente de autorização';
const printCalls = () => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);

/** The receipt of note `number` as the till makes it in contingency (money in reais, as on the wire). */
function contingencyNote(number: number, totalCentavos: number) {
  const now = new Date();
  const local = new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(0, 19) + '-03:00';
  const key = buildAccessKey({
    uf_code: '35',
    year_month: local.slice(2, 4) + local.slice(5, 7),
    cnpj: EMITTER.cnpj,
    series: 7,
    number,
    emission_type: 9,
    numeric_code: '31415926',
  });
  const addresses = nfceAddresses('SP', 2);
  const vNF = (totalCentavos / 100).toFixed(2);
  // The offline QR v2's shape (chave|2|tpAmb|dd|vNF|digVal hex|idCSC|hash); its hash is not checked here.
  const qr = `${addresses.qr_url}?p=${key}|2|2|${local.slice(8, 10)}|${vNF}|4a6f2b7a3c1d5e9f0a8b|1|0123456789ABCDEF0123456789ABCDEF01234567`;
  return {
    id: crypto.randomUUID(),
    status: 'pendente',
    environment: 'homologacao',
    series: 7,
    number,
    key,
    emission_type: 9,
    issued_at_local: local,
    protocol: null,
    authorized_at: null,
    qr_code: qr,
    url_chave: addresses.url_chave,
    customer_document: null,
    approximate_taxes: null,
    total: totalCentavos / 100,
    change: 0,
    cstat: null,
    reason: null,
  };
}

/** Sells one `product` at the till; its answer carries contingency note `number`; prints its DANFE as a PDF. */
async function sellAndPrint(number: number, name: string) {
  const note = contingencyNote(number, centavos(product.sale_price));
  // The sale goes to the server as always (node:http: Node cannot resolve demo.localhost); its answer gains the note.
  await page.route('**/api/sales', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    const { host: _host, 'content-length': _length, ...headers } = request.headers();
    const answer = await api<{ data: Record<string, unknown> }>(server, 'POST', '/api/sales', {
      body: request.postDataJSON(),
      headers,
    });
    if (answer.status === 201) answer.body.data.fiscal_note = note;
    await route.fulfill({ status: answer.status, json: answer.body });
  });
  await addProduct(page, product, 1);
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  const bar = page.getByRole('region', { name: 'Venda finalizada' });
  const before = await printCalls();
  await bar.getByRole('button', { name: 'Imprimir DANFE' }).click();
  await until(async () => (await printCalls()) === before + 1, 'window.print');
  await page.unroute('**/api/sales');
  const path = await printedPdf(page, name);
  await bar.getByRole('button', { name: 'Fechar' }).click();
  return { path, note };
}

/** Every QR code zbarimg reads in the PDF's first page, drawn at 300 dpi. */
function qrCodesIn(path: string, name: string): string[] {
  const base = join(ARTIFACTS_DIR, `${name}-300dpi`);
  execFileSync('pdftoppm', ['-png', '-r', '300', '-f', '1', '-l', '1', '-singlefile', path, base]);
  // QR codes only: at 300 dpi a run of the DANFE's text could read as a linear barcode.
  const out = execFileSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', `${base}.png`], {
    encoding: 'utf8',
  });
  return out.split('\n').filter((line) => line !== '');
}

beforeAll(async () => {
  const admin = await loginToken(server, 'admin@demo.com');
  const demo = await demoLists(server, admin, 1);
  product = demo.products.find((p) => p.current_stock >= 5 && p.sale_price > 10)!;
  const saved = await api(server, 'PUT', '/api/fiscal/settings', {
    token: admin,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { emitter: EMITTER },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  page = await browser.context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { printCalls: number };
    w.printCalls = 0;
    window.print = () => {
      w.printCalls++;
    };
  });
  await signIn(server, page, 'admin@demo.com');
  await openTill(server, page);
  await until(async () => (await idbProductCount(page)) >= demo.products.length, 'espelho');
});

describe('DANFE NFC-e em contingência', () => {
  it("prints at 80 mm the contingency message, no protocol, the consumer's copy then the store's", async () => {
    const { path, note } = await sellAndPrint(43, 'danfe-contingency-80mm');
    const info = pdfInfo(path);
    expect(Math.abs(info.width - (80 * 72) / 25.4)).toBeLessThan(0.6);
    // One length of roll: both copies on one page, as long as they need.
    expect(info.pages).toBe(1);
    const flat = pdfText(path).replace(/\s+/g, ' ');
    const groups = note.key.match(/.{4}/g)!;
    const inOrder = [
      'Loja Demo Comércio Ltda',
      'DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica',
      'Troco R$',
      CONTINGENCY,
      PENDING,
      'Consulte pela Chave de Acesso em',
      groups[10]!,
      'CONSUMIDOR NÃO IDENTIFICADO',
      'NFC-e nº 000000043 Série 007',
      'Emissão:',
      'Via do Consumidor',
    ];
    let from = 0;
    // The consumer's copy, then the store's, each with every part in the manual's order.
    for (const via of ['Via do Consumidor', 'Via do Estabelecimento']) {
      for (const part of [...inOrder.slice(0, -1), via]) {
        const at = flat.indexOf(part, from);
        expect(at, `'${part}' (${via}) after ${from} in: ${flat}`).toBeGreaterThanOrEqual(from);
        from = at + part.length;
      }
    }
    expect(flat.split(CONTINGENCY)).toHaveLength(3);
    expect(flat.split(PENDING)).toHaveLength(3);
    expect(flat).not.toContain('Protocolo de autorização');
    expect(flat).not.toContain('NFC-e pendente de autorização');
    expect(flat).not.toContain('Documento sem valor fiscal');
    // The QR of each copy, read from the PDF as printed.
    expect(qrCodesIn(path, 'danfe-contingency-80mm')).toEqual([note.qr_code, note.qr_code]);
  });

  it("under 'Guarda eletrônica', set in Configurações > Fiscal, the next DANFE is the consumer's copy alone", async () => {
    await page.goto(`${server.demoUrl}/configuracoes`);
    await page.getByRole('tab', { name: 'Fiscal' }).click();
    const card = page.getByRole('heading', { name: 'Contingência off-line' });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'danfe-contingency-settings');
    const custody = page.getByRole('checkbox', { name: 'Guarda eletrônica das notas em contingência' });
    expect(await custody.isChecked()).toBe(false);
    expect(await page.getByLabel('Prazo para transmitir as notas em contingência (horas)').inputValue()).toBe('24');
    await custody.click();
    await page.getByText('Guarda eletrônica: o DANFE em contingência sai só com a via do consumidor.').waitFor();
    expect(await custody.isChecked()).toBe(true);

    await page.goto(`${server.demoUrl}/vendas`);
    await tillReady(page);
    const { path, note } = await sellAndPrint(44, 'danfe-contingency-custody-80mm');
    const flat = pdfText(path).replace(/\s+/g, ' ');
    expect(flat.split(CONTINGENCY)).toHaveLength(2);
    expect(flat).toContain('NFC-e nº 000000044 Série 007');
    expect(flat).toContain('Via do Consumidor');
    expect(flat).not.toContain('Via do Estabelecimento');
    expect(qrCodesIn(path, 'danfe-contingency-custody-80mm')).toEqual([note.qr_code]);
  });
});
