// The till's offline finish with its NFC-e in contingency, beside the same finish without
// it, in Chromium over the demo store plus BENCH_PRODUCTS products (all given an NCM, as a
// store that emits has them). Two tills of one store that emits (test A1, CSC, Responsável
// Técnico, a series each: tests/e2e/support/fiscal-store.ts): the admin imported the A1 on
// the first through the screen (Configurações > Fiscal > 'Contingência off-line'), the
// second has no key, so it keeps its offline sales without a note (the server emits theirs
// when they arrive). Both go offline and sell ALTERNATELY, sale by sale (with, without, then
// without, with...), the same product, customer and payment on each side, so both see the
// same minutes of a noisy machine. Each finish is timed as till-finish.ts times it: from the
// click on 'Finalizar Venda' to the success toast, which the till shows once the sale is
// kept (with its note built, signed and queued, on the first till). Checked after: every
// sale of the first till carries its note (tpEmis 9) and its 'fiscal-note' upload waits in
// the outbox; the second queued none.
import { makeA1, removeA1Files, type A1File } from '../src/server/fiscal/test/a1-files';
import { SAMPLE_CNPJ } from '../src/shared/fiscal/test/sample-note';
import { openBrowser, type BrowserContext, type Page } from '../tests/e2e/support/browser';
import { idbAll, idbProductCount, idbRead, until } from '../tests/e2e/support/idb';
import { goTo } from '../tests/e2e/support/layout';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { turnEmissionOn } from '../tests/e2e/support/stand-in';
import { openTill, signIn, tillReady } from '../tests/e2e/support/till';
import { importFile, openFiscalTab } from '../tests/e2e/support/till-key';
import { withSeededPglite } from './lib/api-calls';
import { prepareContext } from './lib/browser';
import { catalogueOf, type ApiCustomer } from './lib/catalogue';
import { EXTRA_PRODUCTS } from './lib/config';
import { addProducts, benchSku } from './lib/extra-products';
import { verdict, type BenchPart } from './lib/report';
import { using, withServer, withTimeout } from './lib/resources';
import { withSql } from './lib/sql';
import { fmt, percentile, seeded } from './lib/stats';
import { finishOne, METHODS } from './till-finish';
import type { Timing } from './till-search';

/** Pairs of sales (one with the note, one without) timed, after WARMUP_PAIRS not counted. */
const PAIRS = Number(process.env.BENCH_TILL_NFCE_PAIRS ?? 60);
const WARMUP_PAIRS = 3;
const AIM_P95_MS = 100;
const NCM = '61091000';

interface Till {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

interface Measured {
  withNote: Timing[];
  without: Timing[];
  /** Sales of each till, and how many of the first carry a note in contingency with its upload queued. */
  sales: { withNote: number; noted: number; uploads: number; without: number; uploadsWithout: number };
  /** One whole read of each till's outbox at the end. */
  reads: { withNote: Awaited<ReturnType<typeof outboxRead>>; without: Awaited<ReturnType<typeof outboxRead>> };
}

/** Every product of the demo store given an NCM, while no server runs on the data dir. */
function giveNcm(dataDir: string) {
  return withSql({ dataDir }, (sql) => sql.exec(`UPDATE products SET ncm = '${NCM}' WHERE ncm IS NULL;`));
}

/** A till signed in as the admin, its mirror complete, /vendas ready with the caixa open and the service worker in control. */
async function openBenchTill(
  server: RunningServer,
  expected: number,
  open: () => Promise<{ context: BrowserContext; close: () => Promise<void> }>,
): Promise<Till> {
  const { context, close } = await open();
  await prepareContext(context);
  const page = await context.newPage();
  await signIn(server, page, 'admin@demo.com');
  await page.goto(`${server.demoUrl}/vendas`);
  const complete = async () => (await idbRead<{ value?: unknown }>(page, 'meta', 'get', 'mirror.complete'))?.value === true; // prettier-ignore
  await until(complete, 'espelho completo', 420_000);
  const mirrored = await idbProductCount(page);
  if (mirrored < expected) throw new Error(`espelho com ${mirrored} de ${expected} produtos`);
  await openTill(server, page);
  return { context, page, close };
}

/** After emission is turned on: the till reloads and shows 'CPF na nota?' (it knows the store emits). */
async function knowsEmission(till: Till) {
  await till.page.reload();
  await tillReady(till.page);
  await till.page.getByLabel('CPF na nota?').waitFor();
}

interface KeptSale {
  receipt?: { fiscalNote?: { emission_type?: number; status?: string } };
}

async function keptOn(page: Page) {
  const sales = await idbAll<KeptSale>(page, 'sales');
  const outbox = await idbAll<{ kind: string }>(page, 'outbox');
  return {
    sales: sales.length,
    noted: sales.filter((s) => s.receipt?.fiscalNote?.emission_type === 9 && s.receipt.fiscalNote.status === 'pendente')
      .length,
    uploads: outbox.filter((e) => e.kind === 'fiscal-note').length,
  };
}

/**
 * What one whole read of the outbox costs in the page now (the median of 5 getAll, as the
 * sale's wait for its caixa reads every row), its rows and their size as JSON.
 */
function outboxRead(page: Page): Promise<{ ms: number; rows: number; kb: number }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('balcao');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const times: number[] = [];
    let rows: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      rows = await new Promise<unknown[]>((resolve, reject) => {
        const req = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
        req.onsuccess = () => resolve(req.result as unknown[]);
        req.onerror = () => reject(req.error);
      });
      times.push(performance.now() - t0);
    }
    db.close();
    times.sort((a, b) => a - b);
    return { ms: times[2]!, rows: rows.length, kb: JSON.stringify(rows).length / 1024 };
  });
}

async function measure(keyed: Till, bare: Till, customers: ApiCustomer[]): Promise<Measured> {
  for (const till of [keyed, bare]) {
    await till.context.setOffline(true);
    await till.page.getByText('Offline', { exact: true }).first().waitFor();
  }
  const random = seeded(34);
  const withNote: Timing[] = [];
  const without: Timing[] = [];
  for (let i = 0; i < WARMUP_PAIRS + PAIRS; i++) {
    const sku = benchSku(1 + Math.floor(random() * EXTRA_PRODUCTS));
    const method = METHODS[i % METHODS.length]!;
    const customer = customers[i % customers.length]!;
    const order = i % 2 === 0 ? ([keyed, bare] as const) : ([bare, keyed] as const);
    for (const till of order) {
      const timing = await finishOne(till.page, customer, sku, method, i + 1).catch(async (error: unknown) => {
        // What the screen said (its toasts), to tell a refusal from a slow till.
        const said = await till.page.locator('[role="alert"], [role="status"]').allTextContents();
        const which = till === keyed ? 'com a chave' : 'sem a chave';
        throw new Error(`caixa ${which}: ${String(error).split('\n')[0]} · na tela: ${said.join(' | ')}`);
      });
      if (i >= WARMUP_PAIRS) (till === keyed ? withNote : without).push(timing);
    }
  }
  const a = await keptOn(keyed.page);
  const b = await keptOn(bare.page);
  return {
    withNote,
    without,
    sales: { withNote: a.sales, noted: a.noted, uploads: a.uploads, without: b.sales, uploadsWithout: b.uploads },
    reads: { withNote: await outboxRead(keyed.page), without: await outboxRead(bare.page) },
  };
}

async function tillsInChromium(a1: A1File): Promise<Measured> {
  return withSeededPglite(async (dir) => {
    const { expected } = await addProducts(dir, EXTRA_PRODUCTS);
    await giveNcm(dir);
    return withServer(
      () => startServer({}, { dataDir: dir }),
      async (server) => {
        const catalogue = await catalogueOf(server);
        const browser = () => openBrowser({ width: 1180, height: 820 });
        return using(
          () => withTimeout(openBenchTill(server, expected, browser), 600_000, 'caixa com a chave'),
          (till) => till.close(),
          (keyed) =>
            using(
              () => withTimeout(openBenchTill(server, expected, browser), 600_000, 'caixa sem a chave'),
              (till) => till.close(),
              async (bare) => {
                // Both tills are registered: each gets a series.
                const series = await turnEmissionOn(server, catalogue.adminToken, a1);
                if (series.length !== 2) throw new Error(`esperadas 2 séries, há ${series.length}`);
                await openFiscalTab(keyed.page);
                await importFile(keyed.page, { name: 'loja.pfx', buffer: a1.pfx }, a1.password);
                await keyed.page.getByText('Chave importada neste caixa').waitFor();
                await goTo(keyed.page, '/vendas');
                await knowsEmission(keyed);
                await keyed.page.getByTestId('till-key-notice').waitFor();
                await knowsEmission(bare);
                // Every fifth sale is a crediário: never to the 'Consumidor final'.
                const customers = catalogue.customers.filter((c) => !c.final_consumer);
                return withTimeout(measure(keyed, bare, customers), 900_000, 'vendas offline');
              },
            ),
        );
      },
    );
  });
}

const valid = (timings: Timing[]) => timings.filter((t) => !t.timedOut).map((t) => t.ms);

export const tillNfcePart: BenchPart = {
  name: 'till-nfce',
  title: `PDV no Chromium: finalizar offline com a NFC-e em contingência e sem ela, alternados`,
  budgetMin: 30,
  async run(ctx) {
    const a1 = makeA1({ cnpj: SAMPLE_CNPJ });
    try {
      const m = await ctx.step(`dois caixas, ${EXTRA_PRODUCTS} produtos, ${PAIRS} pares de vendas`, () =>
        tillsInChromium(a1),
      );
      if (!m) return;
      const on = valid(m.withNote);
      const off = valid(m.without);
      const [on50, on95, off50, off95] = [percentile(on, 50), percentile(on, 95), percentile(off, 50), percentile(off, 95)]; // prettier-ignore
      const sold = WARMUP_PAIRS + PAIRS;
      const allNoted = m.sales.noted === sold && m.sales.uploads === sold && m.sales.uploadsWithout === 0;
      const timedOut = (ts: Timing[]) => ts.filter((t) => t.timedOut).length;
      ctx.row({
        medida: `finalizar venda offline com a NFC-e em contingência (${m.withNote.length} vendas)`,
        resultado:
          `p50 ${fmt(on50)} ms · p95 ${fmt(on95)} ms · máx ${fmt(Math.max(...on))} ms · ` +
          `${timedOut(m.withNote)} sem toast · ${m.sales.noted} de ${sold} com a nota, ${m.sales.uploads} na fila`,
        meta: `p95 < ${AIM_P95_MS} ms`,
        situação: verdict(on95 < AIM_P95_MS && allNoted && timedOut(m.withNote) === 0),
      });
      ctx.note(
        `finalizar venda offline sem a nota (caixa sem a chave, ${m.without.length} vendas)`,
        `p50 ${fmt(off50)} ms · p95 ${fmt(off95)} ms · máx ${fmt(Math.max(...off))} ms · ` +
          `${timedOut(m.without)} sem toast · ${m.sales.uploadsWithout} notas na fila`,
      );
      // Each pair: the same product, customer and payment, one after the other.
      const paired = m.withNote.flatMap((t, i) => {
        const other = m.without[i];
        return other && !t.timedOut && !other.timedOut ? [t.ms - other.ms] : [];
      });
      ctx.note(
        'a nota custa (com − sem)',
        `p50 ${fmt(on50 - off50)} ms · p95 ${fmt(on95 - off95)} ms · mediana da diferença em cada par ${fmt(percentile(paired, 50))} ms`,
      );
      // The till reads its queued notes at each sale: does the finish slow as they pile up?
      const third = Math.floor(m.withNote.length / 3);
      const thirdP50 = (ts: Timing[]) => fmt(percentile(valid(ts), 50));
      ctx.note(
        `p50 do primeiro / do último terço (${WARMUP_PAIRS} a ${WARMUP_PAIRS + third} / ${sold - third} a ${sold} notas já na fila)`,
        `com a nota ${thirdP50(m.withNote.slice(0, third))} / ${thirdP50(m.withNote.slice(-third))} ms · ` +
          `sem ${thirdP50(m.without.slice(0, third))} / ${thirdP50(m.without.slice(-third))} ms`,
      );
      const read = (r: Measured['reads']['withNote']) => `${fmt(r.ms)} ms (${r.rows} linhas, ${fmt(r.kb, 0)} KB)`;
      ctx.note('ler a fila inteira no fim (getAll, mediana de 5)', `com a chave ${read(m.reads.withNote)} · sem ${read(m.reads.without)}`); // prettier-ignore
      console.table(
        METHODS.map((method) => {
          const of = (ts: Timing[]) => valid(ts.filter((t) => t.label.startsWith(`${method} `)));
          return {
            forma: method,
            'com nota p50': fmt(percentile(of(m.withNote), 50)),
            'sem nota p50': fmt(percentile(of(m.without), 50)),
          };
        }),
      );
    } finally {
      removeA1Files();
    }
  },
};
