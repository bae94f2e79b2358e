// The money screens on a store with a year of history (lib/year-store.ts), on PGlite and
// on a throwaway PostgreSQL database: for each call the screens make (finance-calls.ts),
// the p95 of the raw SQL run directly on the database (200 in a row after a warm-up; on
// PGlite in its data dir while no server runs), of the API call through the real server
// (the same, then under autocannon), and their ratio, beside the aims: each call under
// 50 ms p95 on PostgreSQL and 150 ms on PGlite, and at least half the raw query's speed.
// A call the server does not have yet (404) is reported as such, with its raw figure.
// Last, /receber opened offline from the cache in Chromium (finance-offline.ts).
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { measureCalls, noteApiFloor, withSeededPglite, withSeededPostgres, type ApiPhase } from './lib/api-calls';
import { CONNECTIONS, DURATION_S, FINANCE_REQUESTS, YEAR_SCALE } from './lib/config';
import { sequential, underLoad, type Latency, type LoadLatency } from './lib/latency';
import { verdict, type BenchPart, type PartContext } from './lib/report';
import { withServer } from './lib/resources';
import { rawPhase, type RawCall as Raw } from './lib/raw-calls';
import { withSql, type SqlTarget } from './lib/sql';
import { fmt, percentile } from './lib/stats';
import { checkYearStore, type YearCounts } from './lib/year-check';
import { generateYearStore, type YearStoreReport } from './lib/year-store';
import { receivablesOffline } from './finance-offline';
import { financeCalls, type FinanceCall } from './finance-calls';

const WARMUP = 20;
/** A surname part of about one customer in ten (lib/year-names.ts; and a demo customer). */
const SEARCH = 'Mendes';
const AIM_P95_MS = { PGlite: 150, PostgreSQL: 50 } as const;
const AIM_RATIO = 2;
const AIM_STORE_S = 60;

type Database = keyof typeof AIM_P95_MS;

type RawCall = Raw<FinanceCall>;

interface ApiCall {
  missing: boolean;
  sequential: Latency | null;
  load: LoadLatency | null;
  agreement: string;
}

/** Each call through the server: missing (404), or its sequential and loaded latencies. */
function apiPhase(server: RunningServer, raw: RawCall[]): Promise<ApiPhase<ApiCall>> {
  const times = { warmup: WARMUP, count: FINANCE_REQUESTS, accepted: [200, 404] };
  return measureCalls(server, raw, times, async ({ call, results }, get, probe, token) => {
    if (probe.status === 404) {
      console.log(`  ${call.path}: rota ainda não existe (404)`);
      return { missing: true, sequential: null, load: null, agreement: '' };
    }
    const latency = await sequential(get, WARMUP, FINANCE_REQUESTS);
    const load = await underLoad(
      `${server.origin}${call.path}`,
      { host: `demo.localhost:${server.port}`, authorization: `Bearer ${token}` },
      CONNECTIONS,
      DURATION_S,
    );
    return { missing: false, sequential: latency, load, agreement: call.agree(probe.body, results) };
  });
}

function reportCalls(ctx: PartContext, database: Database, raw: RawCall[], phase: ApiPhase<ApiCall> | null): void {
  const aim = AIM_P95_MS[database];
  const calls = phase?.calls;
  if (phase) {
    // The part of every API time that no query can remove: a call whose SQL takes 1 ms
    // cannot be within 2x of it through HTTP, so the ratio is read beside this floor.
    noteApiFloor(ctx, database, phase.floor);
  }
  raw.forEach(({ call, latency }, i) => {
    const sql = `SQL p95 ${fmt(latency.p95, 2)} ms (p50 ${fmt(latency.p50, 2)})`;
    const meta = `p95 < ${aim} ms; API ≤ ${AIM_RATIO}× SQL`;
    const medida = `${call.name} (${database})`;
    const a = calls?.[i];
    if (!a || a.missing || !a.sequential || !a.load) {
      ctx.row({
        medida,
        resultado: `${a?.missing ? 'rota ainda não existe (404)' : 'API não medida'} · ${sql}`,
        meta,
        situação: '',
      });
      return;
    }
    const ratio = a.sequential.p95 / latency.p95;
    const loaded = `sob carga (${CONNECTIONS} conexões, ${DURATION_S} s): p95 ${fmt(a.load.p95)} ms, ${fmt(a.load.rps, 0)} req/s, ${a.load.errors} erros`;
    ctx.row({
      medida,
      resultado: `${sql} · API p95 ${fmt(a.sequential.p95)} ms (p50 ${fmt(a.sequential.p50)}) · razão ${fmt(ratio, 2)} · ${loaded} · ${a.agreement}`,
      meta,
      situação:
        verdict(a.sequential.p95 < aim && ratio <= AIM_RATIO) + (a.load.p95 < aim ? '' : ' (sob carga: NÃO atende)'),
    });
  });
}

/** Generates the year on the seeded database, checks it, then measures raw SQL and the API. */
async function onDatabase(
  ctx: PartContext,
  database: Database,
  target: SqlTarget,
  start: () => Promise<RunningServer>,
  offline: boolean,
): Promise<void> {
  const store = await ctx.step(`loja de um ano (${database}, escala ${YEAR_SCALE})`, () =>
    withSql(target, async (sql) => {
      const report = await generateYearStore(sql, YEAR_SCALE);
      console.log(`  fases: ${report.phases.map(([p, s]) => `${p} ${fmt(s, 1)} s`).join(' · ')}`);
      return { report, counts: await checkYearStore(sql, report.sizes, report.today) };
    }),
  );
  if (!store) return;
  reportStore(ctx, database, store.report, store.counts);
  const raw = await ctx.step(`SQL direto (${database})`, () =>
    rawPhase(target, (tenant, today) => financeCalls(tenant, today, SEARCH), WARMUP, FINANCE_REQUESTS),
  );
  if (!raw) return;
  const calls = await ctx.step(`API (${database})`, () => withServer(start, (server) => apiPhase(server, raw)));
  reportCalls(ctx, database, raw, calls);
  if (!offline) return;
  const opened = await ctx.step('/receber offline no Chromium', () =>
    withServer(start, (server) => receivablesOffline(server)),
  );
  if (!opened) return;
  ctx.note(
    `abrir /receber offline, do cache (Chromium, ${database})`,
    opened.status === 'placeholder'
      ? 'tela ainda não existe (mostra o aviso da próxima versão)'
      : `p50 ${fmt(percentile(opened.ms, 50))} ms · máx ${fmt(Math.max(...opened.ms))} ms (${opened.ms.length} aberturas; ` +
          `${opened.rows} linhas na tela online, ${opened.cachedQueries} consultas de contas a receber no cache)`,
  );
}

function reportStore(ctx: PartContext, database: Database, report: YearStoreReport, counts: YearCounts): void {
  const n = (key: string) => (counts[key] ?? 0).toLocaleString('pt-BR');
  ctx.row({
    medida: `gerar a loja de um ano (${database})`,
    resultado:
      `${fmt(report.seconds, 1)} s · ${n('produtos BX')} produtos, ${n('clientes')} clientes, ${n('vendas')} vendas ` +
      `(${n('vendas no crediário')} no crediário, ${n('vendas canceladas')} canceladas), ${n('itens de venda')} itens, ` +
      `${n('contas a receber')} a receber, ${n('contas a pagar')} a pagar, ${n('lançamentos de caixa')} lançamentos`,
    meta: `< ${AIM_STORE_S} s`,
    situação: verdict(report.seconds < AIM_STORE_S),
  });
}

export const financePart: BenchPart = {
  name: 'finance',
  title: 'Finanças numa loja com um ano de história (contas, fluxo de caixa)',
  budgetMin: 30,
  async run(ctx) {
    console.log(
      `${FINANCE_REQUESTS} chamadas seguidas após ${WARMUP} de aquecimento; autocannon ${CONNECTIONS} conexões, ${DURATION_S} s`,
    );
    await withSeededPglite((dir) =>
      onDatabase(ctx, 'PGlite', { dataDir: dir }, () => startServer({}, { dataDir: dir }), true),
    );
    await withSeededPostgres('finance', (url) =>
      onDatabase(ctx, 'PostgreSQL', { url }, () => startServer({ DATABASE_URL: url }), false),
    );
  },
};
