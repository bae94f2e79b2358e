// The till in Chromium over the demo store plus BENCH_PRODUCTS products (inserted in its
// PGlite directory between two server runs): first mirror (till-mirror.ts), product
// search (till-search.ts), offline finishes (till-finish.ts) and offline scans
// (till-scan.ts), each beside its aim.
import { openBrowser } from '../tests/e2e/support/browser';
import { openCaixa } from '../tests/e2e/support/till';
import { startServer } from '../tests/e2e/support/server';
import { prepareContext } from './lib/browser';
import { api } from '../tests/e2e/support/api';
import { withSeededPglite } from './lib/api-calls';
import { catalogueOf } from './lib/catalogue';
import { EXTRA_PRODUCTS, PROFILE_FILE } from './lib/config';
import { addProducts } from './lib/extra-products';
import { verdict, type BenchPart } from './lib/report';
import { using, withTimeout, withServer } from './lib/resources';
import { fmt, percentile } from './lib/stats';
import { offlineFinishes, SPLIT_LABEL, startProfile } from './till-finish';
import { firstMirror, type MirrorResult } from './till-mirror';
import { offlineScans } from './till-scan';
import { productSearch, searchQueries, type Timing } from './till-search';

const BENCH_PIX_KEY = '123e4567-e12b-12d1-a456-426655440000';
// The mirror's aim grows with the catalogue: 5 s up to 75,000 products, 20 s at 300,000.
const AIM = {
  searchP95Ms: 5,
  scanP95Ms: 16,
  finishP95Ms: 20,
  mirrorS: Math.max(5, (20 * EXTRA_PRODUCTS) / 300_000),
};

interface TillResult {
  addSeconds: number;
  mirror: MirrorResult;
  search: Timing[];
  finish: Timing[];
  scan: Timing[];
  outbox: number;
}

async function tillInChromium(): Promise<TillResult> {
  // First run: migrates and seeds the demo store; then its data dir is ours.
  return withSeededPglite(async (dir) => {
    const { expected, seconds } = await addProducts(dir, EXTRA_PRODUCTS);
    return withServer(
      () => startServer({}, { dataDir: dir }),
      async (server) => {
        const catalogue = await catalogueOf(server);
        // The store's Pix key: a Pix sale shows its QR and finishes on 'Pix recebido'.
        const pix = await api(server, 'PUT', '/api/settings', {
          token: catalogue.adminToken,
          body: { pix_key: BENCH_PIX_KEY, pix_receiver_name: 'Loja Demo', pix_city: 'Sao Paulo' },
        });
        if (pix.status !== 200) throw new Error(`PUT /api/settings: HTTP ${pix.status}`);
        return using(
          () => openBrowser({ width: 1180, height: 820 }),
          (browser) => browser.close(),
          async (browser) => {
            await prepareContext(browser.context);
            const { page, mirror } = await withTimeout(
              firstMirror(browser.context, server, expected),
              420_000,
              'primeiro espelho',
            );
            const queries = searchQueries(catalogue.products);
            await withTimeout(productSearch(page, queries.warmup), 60_000, 'busca (aquecimento)');
            const search = await withTimeout(productSearch(page, queries.measured), 300_000, 'busca de produto');
            // A sale is finished with the device's caixa open, as the cashier opens it first.
            await withTimeout(openCaixa(page), 60_000, 'abrir o caixa');
            const profile = PROFILE_FILE ? await startProfile(browser.context, page) : null;
            const { timings, outbox } = await withTimeout(
              offlineFinishes(browser.context, page, catalogue.customers),
              600_000,
              'vendas offline',
            );
            if (profile && PROFILE_FILE) await profile.stop(PROFILE_FILE);
            const scan = await withTimeout(offlineScans(browser.context, page), 300_000, 'leituras offline');
            return { addSeconds: seconds, mirror, search, finish: timings, scan, outbox };
          },
        );
      },
    );
  });
}

export const tillBrowserPart: BenchPart = {
  name: 'till',
  title: `PDV no Chromium: espelho, busca, venda e leitura de código offline`,
  budgetMin: 25,
  async run(ctx) {
    const till = await ctx.step(`PDV no Chromium (${EXTRA_PRODUCTS} produtos)`, tillInChromium);
    if (!till) return;
    const m = till.mirror;
    ctx.row({
      medida: `primeiro espelho (${m.expected} produtos)`,
      resultado:
        `${fmt(m.mirrorS, 2)} s até o IndexedDB completo (${m.mirrored}) · ${fmt(m.readyS, 2)} s até a busca pronta · ` +
        `${m.pulls} páginas, ${fmt(m.pullBytes / 1048576, 1)} MB, ${fmt(m.pullRequestS, 2)} s somando as requisições`,
      meta: `< ${AIM.mirrorS} s`,
      situação: verdict(m.mirrored >= m.expected && m.mirrorS < AIM.mirrorS),
    });
    const searchMs = till.search.filter((s) => !s.timedOut).map((s) => s.ms);
    const searchP95 = percentile(searchMs, 95);
    const slowest = [...till.search].sort((a, b) => b.ms - a.ms)[0];
    ctx.row({
      medida: `busca de produto (${till.search.length} buscas)`,
      resultado:
        `p50 ${fmt(percentile(searchMs, 50))} ms · p95 ${fmt(searchP95)} ms · máx ${fmt(Math.max(...searchMs))} ms` +
        (slowest ? ` ('${slowest.label}')` : '') +
        ` · ${till.search.filter((s) => s.timedOut).length} sem resposta`,
      meta: `p95 < ${AIM.searchP95Ms} ms`,
      situação: verdict(searchP95 < AIM.searchP95Ms && till.search.every((s) => !s.timedOut)),
    });
    const queuedAll = till.outbox === till.finish.length;
    const isSplit = (s: Timing) => s.label.startsWith(SPLIT_LABEL);
    for (const [what, finishes] of [
      ['finalizar venda offline', till.finish.filter((s) => !isSplit(s))],
      ['finalizar venda offline com pagamento dividido', till.finish.filter(isSplit)],
    ] as const) {
      const finishMs = finishes.filter((s) => !s.timedOut).map((s) => s.ms);
      const finishP95 = percentile(finishMs, 95);
      ctx.row({
        medida: `${what} (${finishes.length} vendas)`,
        resultado:
          `p50 ${fmt(percentile(finishMs, 50))} ms · p95 ${fmt(finishP95)} ms · máx ${fmt(Math.max(...finishMs))} ms · ` +
          `${finishes.filter((s) => s.timedOut).length} sem toast · ${till.outbox} na fila (de ${till.finish.length})`,
        meta: `p95 < ${AIM.finishP95Ms} ms`,
        situação: verdict(finishP95 < AIM.finishP95Ms && queuedAll && finishes.every((s) => !s.timedOut)),
      });
    }
    const scanMs = till.scan.filter((s) => !s.timedOut).map((s) => s.ms);
    const scanP95 = percentile(scanMs, 95);
    ctx.row({
      medida: `leitura de código offline até a linha na venda (${till.scan.length} leituras)`,
      resultado:
        `p50 ${fmt(percentile(scanMs, 50))} ms · p95 ${fmt(scanP95)} ms · máx ${fmt(Math.max(...scanMs))} ms · ` +
        `${till.scan.filter((s) => s.timedOut).length} sem linha`,
      meta: `p95 < ${AIM.scanP95Ms} ms`,
      situação: verdict(scanP95 < AIM.scanP95Ms && till.scan.every((s) => !s.timedOut)),
    });
    console.log(`  (${EXTRA_PRODUCTS} produtos inseridos no PGlite em ${fmt(till.addSeconds, 1)} s)`);
    console.table(till.search.map((s) => ({ busca: s.label, ms: fmt(s.ms, 2), opções: s.detail })));
    const missed = till.scan.filter((s) => s.timedOut).map((s) => s.label);
    if (missed.length > 0) console.log(`  leituras sem linha: ${missed.join(', ')}`);
  },
};
