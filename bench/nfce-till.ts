// An NFC-e of 30 items in offline contingency made at the till, in Chromium: the builder and
// the signer the till runs (src/shared/fiscal, bundled by Vite into a page on 127.0.0.1), the
// test A1's key in the browser's WebCrypto, not extractable. Each run a new number: build,
// sign (XML-DSig, one RSA-SHA1) and the QR Code v3 (a second RSA-SHA1, of its fields), then
// infNFeSupl put in; beside it the signing alone (signNfce of an already built note) and the
// floor, one crypto.subtle.sign of the same bytes with the same key, in the same page.
import { removeTestCertificates, testCertificates } from '../src/server/fiscal/test/certificates';
import { manyItems, SAMPLE_CNPJ, sampleNote } from '../src/shared/fiscal/test/sample-note';
import { openBrowser } from '../tests/e2e/support/browser';
import { a1ForPage, serveFiscalPage, type BalcaoFiscal } from '../tests/e2e/support/fiscal-page';
import { verdict, type BenchPart } from './lib/report';
import { prepareContext } from './lib/browser';
import { using } from './lib/resources';
import { fmt, percentile } from './lib/stats';

const ITEMS = 30;
const WARMUP = 50;
const RUNS = Number(process.env.BENCH_NFCE_TILL_RUNS ?? 500);
const TARGET_P95_MS = 50;

export const nfceTillPart: BenchPart = {
  name: 'nfce-till',
  title: `NFC-e de ${ITEMS} itens em contingência: montar e assinar no caixa (Chromium)`,
  budgetMin: 3,
  async run(ctx) {
    const certs = testCertificates(SAMPLE_CNPJ, 'MERCADINHO BOM PRECO LTDA');
    const note = sampleNote({
      items: manyItems(ITEMS),
      payments: [{ method: 'cash', amount: 500_000 }],
      qr: { version: 3 },
      contingency: { started_at: '2026-11-29T12:00:00.000Z', reason: 'Sem conexão com a SEFAZ' },
    });
    try {
      const timings = await using(
        serveFiscalPage,
        (page) => page.close(),
        (page) =>
          using(
            () => openBrowser(),
            (browser) => browser.close(),
            async (browser) => {
              await prepareContext(browser.context);
              const tab = await browser.context.newPage();
              await tab.goto(page.url);
              return tab.evaluate(
                async ({ note, pkcs8, der, warmup, runs }) => {
                  const f = (window as unknown as { balcaoFiscal: BalcaoFiscal }).balcaoFiscal;
                  const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
                  const key = await crypto.subtle.importKey('pkcs8', bytes(pkcs8), f.FISCAL_KEY_ALGORITHM, false, [
                    'sign',
                  ]);
                  const signer = f.createXmlSigner({ key, certificate_der: bytes(der) });
                  const random = f.seededRandom(34);
                  const total: number[] = [];
                  const sign: number[] = [];
                  const floor: number[] = [];
                  let size = 0;
                  for (let i = 0; i < warmup + runs; i++) {
                    const t0 = performance.now();
                    const built = f.buildNfce({ ...note, number: 1000 + i }, random);
                    const signed = await f.signNfce(built, signer);
                    const t1 = performance.now();
                    await f.signNfce(built, signer);
                    const t2 = performance.now();
                    await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(built.xml));
                    const t3 = performance.now();
                    if (i < warmup) continue;
                    total.push(t1 - t0);
                    sign.push(t2 - t1);
                    floor.push(t3 - t2);
                    size = signed.xml.length;
                  }
                  return { total, sign, floor, size };
                },
                { note, ...a1ForPage(certs), warmup: WARMUP, runs: RUNS },
              );
            },
          ),
      );
      const p95 = percentile(timings.total, 95);
      ctx.row({
        medida: `montar + assinar + QR v3 no Chromium, p95 (${RUNS} notas)`,
        resultado: `${fmt(p95, 2)} ms`,
        meta: `< ${TARGET_P95_MS} ms`,
        situação: verdict(p95 < TARGET_P95_MS),
      });
      ctx.note('montar + assinar + QR v3, p50', `${fmt(percentile(timings.total, 50), 2)} ms`);
      ctx.note('só assinar + QR v3 (signNfce), p95', `${fmt(percentile(timings.sign, 95), 2)} ms`);
      ctx.note(
        'piso: crypto.subtle.sign RSA-SHA1 dos mesmos bytes, p95',
        `${fmt(percentile(timings.floor, 95), 2)} ms`,
      );
      ctx.note('nota assinada', `${fmt(timings.size / 1024, 1)} KB`);
    } finally {
      removeTestCertificates();
    }
  },
};
