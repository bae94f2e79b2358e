// The dashboard and the financial reports on a store with a year of history
// (lib/year-store.ts), on PGlite and on a throwaway PostgreSQL database: for each call
// (reports-calls.ts) the p95 of its raw SQL run directly on the database (on PGlite in its
// data dir while no server runs), of the API call through the real server, one call after
// the other, and their ratio, beside the aims: the metrics under 100 ms and each chart and
// report under 200 ms p95 on PostgreSQL (500 ms on PGlite), and the API at least 80 % of
// the raw SQL's speed (API p95 <= SQL p95 / 0.8).
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { measureCalls, noteApiFloor, withSeededPglite, withSeededPostgres, type ApiPhase } from './lib/api-calls';
import { REPORTS_ON, REPORTS_REQUESTS, YEAR_SCALE } from './lib/config';
import { sequential, type Latency } from './lib/latency';
import { verdict, type BenchPart, type PartContext } from './lib/report';
import { withServer } from './lib/resources';
import { rawPhase, type RawCall } from './lib/raw-calls';
import { withSql, type SqlTarget } from './lib/sql';
import { fmt } from './lib/stats';
import { checkYearStore } from './lib/year-check';
import { generateYearStore } from './lib/year-store';
import { reportCalls, type ReportCall } from './reports-calls';

const WARMUP = 10;
const AIM_PGLITE_MS = 500;
/** API p95 <= SQL p95 / 0.8. */
const AIM_RATIO = 1 / 0.8;

type Database = 'PGlite' | 'PostgreSQL';

type Raw = RawCall<ReportCall>;

interface Measured {
  latency: Latency;
  agreement: string;
}

function apiPhase(server: RunningServer, raw: Raw[]): Promise<ApiPhase<Measured>> {
  const times = { warmup: WARMUP, count: REPORTS_REQUESTS };
  return measureCalls(server, raw, times, async ({ call, results }, get, probe) => {
    const latency = await sequential(get, WARMUP, REPORTS_REQUESTS);
    return { latency, agreement: call.agree(probe.body, results) };
  });
}

function reportCallRows(ctx: PartContext, database: Database, raw: Raw[], phase: ApiPhase<Measured> | null): void {
  if (phase) {
    // The part of every API time no query can remove: a call whose SQL takes a few ms
    // cannot be within 80 % of its speed through HTTP, so that ratio is read beside this.
    noteApiFloor(ctx, database, phase.floor);
  }
  const measured = phase?.calls;
  raw.forEach(({ call, latency }, i) => {
    const aim = database === 'PGlite' ? AIM_PGLITE_MS : call.aimMs;
    const m = measured?.[i];
    const sql = `SQL p95 ${fmt(latency.p95)} ms (p50 ${fmt(latency.p50)})`;
    const meta = `p95 < ${aim} ms; API ≤ SQL / 0,8`;
    if (!m) {
      ctx.row({ medida: `${call.name} (${database})`, resultado: `API não medida · ${sql}`, meta, situação: '' });
      return;
    }
    const ratio = m.latency.p95 / latency.p95;
    ctx.row({
      medida: `${call.name} (${database})`,
      resultado: `API p95 ${fmt(m.latency.p95)} ms (p50 ${fmt(m.latency.p50)}) · ${sql} · razão ${fmt(ratio, 2)} · ${m.agreement}`,
      meta,
      situação: verdict(m.latency.p95 < aim && ratio <= AIM_RATIO),
    });
  });
}

async function onDatabase(
  ctx: PartContext,
  database: Database,
  target: SqlTarget,
  start: () => Promise<RunningServer>,
): Promise<void> {
  const store = await ctx.step(`loja de um ano (${database}, escala ${YEAR_SCALE})`, () =>
    withSql(target, async (sql) => {
      const report = await generateYearStore(sql, YEAR_SCALE);
      await checkYearStore(sql, report.sizes, report.today);
      return report;
    }),
  );
  if (!store) return;
  ctx.note(`gerar a loja de um ano (${database})`, `${fmt(store.seconds, 1)} s`);
  const raw = await ctx.step(`SQL direto (${database})`, () => rawPhase(target, reportCalls, WARMUP, REPORTS_REQUESTS));
  if (!raw) return;
  const measured = await ctx.step(`API (${database})`, () => withServer(start, (server) => apiPhase(server, raw)));
  reportCallRows(ctx, database, raw, measured);
}

export const reportsPart: BenchPart = {
  name: 'reports',
  title: 'Dashboard e relatórios financeiros numa loja com um ano de história',
  budgetMin: 40,
  async run(ctx) {
    console.log(`${REPORTS_REQUESTS} chamadas seguidas após ${WARMUP} de aquecimento`);
    if (REPORTS_ON.includes('pglite')) await onPglite(ctx);
    if (!REPORTS_ON.includes('postgres')) return;
    await withSeededPostgres('reports', (url) =>
      onDatabase(ctx, 'PostgreSQL', { url }, () => startServer({ DATABASE_URL: url })),
    );
  },
};

async function onPglite(ctx: PartContext): Promise<void> {
  await withSeededPglite((dir) => onDatabase(ctx, 'PGlite', { dataDir: dir }, () => startServer({}, { dataDir: dir })));
}
