// `npm run bench`: measured figures for the README, each printed beside its aim. Not a
// test: nothing fails on a figure; a step that breaks is reported and makes the exit code 1.
//
// Parts (BENCH_ONLY names; all of them by default, in this order):
//   products  GET /api/products (page of 50) and POST /api/products under autocannon, on
//             PGlite and PostgreSQL (catalogue-load.ts)
//   js-pages  gzip -9 of the JavaScript Chromium loads for /login and /produtos (bundle.ts)
//   sales     POST /api/sales under autocannon, PGlite and PostgreSQL (sales-load.ts)
//   delivery  1,000 queued sales delivered by the app's outbox code to a PGlite server
//             (delivery.ts)
//   till      the till in Chromium over 50,000 more products: first mirror, product
//             search, offline finish, offline scan (till-browser.ts,
//             till-mirror/search/finish/scan.ts)
//   till-nfce the till's offline finish with its NFC-e in contingency (built and signed in
//             Chromium) and without it, two tills of one store over the same 50,000 more
//             products, alternated sale by sale: p50/p95 of each and the difference
//             (till-nfce.ts)
//   js        gzip -9 of the JavaScript of a fresh /vendas, no service worker (bundle.ts)
//   finance   a store with a year of history (lib/year-store.ts): the money screens' calls,
//             raw SQL against the API, PGlite and PostgreSQL; /receber offline in Chromium
//             (finance.ts, finance-calls.ts, finance-offline.ts)
//   reports   the same year: the dashboard's metrics and charts and each financial report,
//             raw SQL against the API, PGlite and PostgreSQL (reports.ts, reports-calls.ts)
//   caixa     a caixa session of 1,000 sales, 50 instalments and 10 movements on
//             PostgreSQL: its expected figures through the API beside the raw SQL (caixa.ts)
//   nfe       an NF-e of 500 lines previewed and confirmed on PostgreSQL, beside a raw SQL
//             floor of the same writes (nfe-entry.ts)
//   nfce      an NFC-e of 30 items built and signed in the server's process, p95, beside
//             a bare crypto.sign of the same bytes (nfce.ts)
//   nfce-till an NFC-e of 30 items in offline contingency built and signed (QR v3) in
//             Chromium with a non-extractable WebCrypto key, p95 (nfce-till.ts)
//   sefaz     a signed NFC-e sent to the stand-in SEFAZ and its answer read, p95, beside
//             the smallest exchange (NFeStatusServico4) on the same connection (sefaz.ts)
//   nfce-sale  the same sale finished online over HTTP with the NFC-e (authorized by the
//             stand-in SEFAZ, answering at once) and without emission, alternated, p50/p95
//             of each and the difference, beside the stand-in's own round trip for one
//             enviNFe and the build + sign of a note (nfce-sale.ts)
//   notes-export  the accountant's ZIP of a month of 10,000 NFC-e, its time and peak memory
//             (notes-export.ts)
//   import    a spreadsheet of 50,000 products previewed and confirmed on PGlite, the peak
//             memory of each, beside a raw bulk insert of the same rows (imports.ts)
//   first-open  /vendas (signed in, cold) and /login in Chromium with its CPU 4x slower:
//             FCP, LCP and the blocking time after FCP read in the page, 9 of each
//             alternated (first-open.ts)
//   lighthouse  Lighthouse 12 mobile, cold, on /login and /vendas (signed in); bytes over
//             the wire of the first /vendas; launch to a usable till on an installed app
//             (lighthouse.ts; skipped when Lighthouse is not installed:
//             npm install --prefix /tmp/lh lighthouse@12)
// Every server is the real one (tests/e2e/support/server.ts) over loopback, serving dist/
// (built first when missing). PostgreSQL parts run on throwaway databases, and are
// skipped when no PostgreSQL answers.
//
// Environment:
//   BENCH_ONLY=a,b        the parts to run (comma-separated names above)
//   BENCH_DURATION_S=10   autocannon seconds per measured route
//   BENCH_WARMUP_S=3      seconds of the same sales load before each measured sales run (not counted)
//   BENCH_CONNECTIONS=10  autocannon connections
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432   where throwaway databases are made
//   BENCH_PRODUCTS=50000  products added for the till in Chromium
//   BENCH_QUEUED_SALES=1000   sales queued, then delivered
//   BENCH_CAIXA_SALES=1000    sales of the caixa session whose figures are timed
//   BENCH_IMPORT_ROWS=50000   rows of the products spreadsheet imported
//   BENCH_NFCE_RUNS=1000  NFC-e built and signed (after 100 of warm-up)
//   BENCH_SEFAZ_RUNS=500  NFC-e sent to the stand-in SEFAZ (after 50 of warm-up)
//   BENCH_TILL_NFCE_PAIRS=60  offline sales with the note and as many without (after 3 of each)
//   BENCH_NFCE_SALE_RUNS=200  sales finished with and as many without emission (after 30 of each)
//   BENCH_BUILD=1         rebuild dist/ before measuring
//   BENCH_PROFILE=<file>  write a CPU profile of the page during the offline finishes
//   BENCH_YEAR_SCALE=1    size of the year-of-history store (0.1 for a smoke run)
//   BENCH_YEAR_ANALYZE=1  ANALYZE that store on PGlite too (PGlite has no autovacuum: by
//                         default its tables keep no statistics, as a store in use does)
//   BENCH_FINANCE_REQUESTS=200   timed calls in a row per finance call (after 20 of warm-up)
//   BENCH_REPORTS_REQUESTS=100   timed calls in a row per dashboard/report call (after 10)
//   BENCH_REPORTS_ON=pglite,postgres   the databases of the reports part
//   BENCH_LIGHTHOUSE=/tmp/lh/node_modules/lighthouse/core/index.js   Lighthouse 12's entry
//   BENCH_LIGHTHOUSE_REPORTS=<folder>   keep each page's full Lighthouse report (JSON) there (the last run's)
//   BENCH_LIGHTHOUSE_RUNS=5   audits of each page (alternated); the verdict is on the median
//
// Smoke run of every part with small sizes:
//   BENCH_DURATION_S=2 BENCH_PRODUCTS=2000 BENCH_QUEUED_SALES=100 BENCH_YEAR_SCALE=0.1 npm run bench
import { ensureBuilt } from './lib/build';
import { ONLY } from './lib/config';
import { runPart, type BenchPart } from './lib/report';
import { closeEverything } from './lib/resources';
import { machineLoad } from './lib/stats';
import { pagesJsPart, vendasJsPart } from './bundle';
import { caixaPart } from './caixa';
import { catalogueLoadPart } from './catalogue-load';
import { deliveryPart } from './delivery';
import { financePart } from './finance';
import { historyPart } from './history';
import { reportsPart } from './reports';
import { lighthousePart } from './lighthouse';
import { nfeEntryPart } from './nfe-entry';
import { nfcePart } from './nfce';
import { nfceSalePart } from './nfce-sale';
import { nfceTillPart } from './nfce-till';
import { notesExportPart } from './notes-export';
import { sefazPart } from './sefaz';
import { importsPart } from './imports';
import { salesLoadPart } from './sales-load';
import { tillBrowserPart } from './till-browser';
import { tillNfcePart } from './till-nfce';
import { firstOpenPart } from './first-open';

const PARTS: BenchPart[] = [
  catalogueLoadPart,
  pagesJsPart,
  salesLoadPart,
  deliveryPart,
  tillBrowserPart,
  tillNfcePart,
  vendasJsPart,
  financePart,
  historyPart,
  reportsPart,
  caixaPart,
  nfeEntryPart,
  nfcePart,
  nfceTillPart,
  notesExportPart,
  sefazPart,
  nfceSalePart,
  importsPart,
  firstOpenPart,
  lighthousePart,
];

async function main(): Promise<boolean> {
  const unknown = (ONLY ?? []).filter((name) => !PARTS.some((p) => p.name === name));
  if (unknown.length) {
    console.error(`BENCH_ONLY: parte desconhecida: ${unknown.join(', ')} (há ${PARTS.map((p) => p.name).join(', ')})`);
    return false;
  }
  const selected = PARTS.filter((p) => ONLY === null || ONLY.includes(p.name));
  ensureBuilt();
  const failures: string[] = [];
  for (const part of selected) failures.push(...(await runPart(part)));
  console.log(`\nCarga da máquina (1, 5, 15 min) no fim: ${machineLoad()}`);
  if (failures.length) console.error(`Falhas:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  return failures.length === 0;
}

const abort = async (why: string) => {
  console.error(why);
  await closeEverything();
  process.exit(1);
};
const budgetMin = PARTS.filter((p) => ONLY === null || ONLY.includes(p.name)).reduce((a, p) => a + p.budgetMin, 5);
const watchdog = setTimeout(() => void abort(`bench: tempo total esgotado (${budgetMin} min)`), budgetMin * 60_000);
process.once('SIGINT', () => void abort('interrompido'));
process.once('SIGTERM', () => void abort('interrompido'));
const ok = await main().catch(async (err: unknown) => {
  console.error(err);
  await closeEverything();
  return false;
});
clearTimeout(watchdog);
process.exit(ok ? 0 : 1);
