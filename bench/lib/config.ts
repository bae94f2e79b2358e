// The benchmark's environment variables, read once (documented in bench/run.ts).

const numberOf = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} inválido: '${raw}'`);
  return value;
};

/** autocannon: seconds per measured route, and connections. */
export const DURATION_S = numberOf('BENCH_DURATION_S', 10);
/** Seconds of the same load before each measured sales run, not counted (JIT, caches, pools). */
export const WARMUP_S = numberOf('BENCH_WARMUP_S', 3);
export const CONNECTIONS = numberOf('BENCH_CONNECTIONS', 10);
/** Where the throwaway PostgreSQL databases are created (the server's URL without a database). */
export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
/** Products added to the demo store for the till in Chromium. */
export const EXTRA_PRODUCTS = numberOf('BENCH_PRODUCTS', 50_000);
/** Sales queued in the outbox, then delivered. */
export const QUEUED_SALES = numberOf('BENCH_QUEUED_SALES', 1_000);
/** Sales of the caixa session whose expected figures are timed. */
export const CAIXA_SALES = numberOf('BENCH_CAIXA_SALES', 1_000);
/** Rebuild dist/ before measuring. */
export const REBUILD = process.env.BENCH_BUILD === '1';
/** A CPU profile of the page during the offline finishes is written here. */
export const PROFILE_FILE = process.env.BENCH_PROFILE || null;
/** Size of the year-of-history store (1 = 50,000 products, 100,000 sales...). */
export const YEAR_SCALE = numberOf('BENCH_YEAR_SCALE', 1);
/**
 * ANALYZE the year-of-history store on PGlite too (PGlite runs no autovacuum: by default
 * its tables have no statistics, as a store in use has).
 */
export const ANALYZE_PGLITE = process.env.BENCH_YEAR_ANALYZE === '1';
/** Sequential requests (and raw queries) per finance call, after the warm-up. */
export const FINANCE_REQUESTS = numberOf('BENCH_FINANCE_REQUESTS', 200);

/** The parts named in BENCH_ONLY (comma-separated), or null for all of them. */
export const ONLY: string[] | null = process.env.BENCH_ONLY?.trim()
  ? process.env.BENCH_ONLY.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : null;
/** Sequential requests (and raw queries) per dashboard or report call, after the warm-up. */
export const REPORTS_REQUESTS = numberOf('BENCH_REPORTS_REQUESTS', 100);
/** The databases the reports part runs on (comma-separated: pglite, postgres). */
export const REPORTS_ON = (process.env.BENCH_REPORTS_ON ?? 'pglite,postgres').split(',').map((s) => s.trim());

/** Rows of the products spreadsheet the import part previews and confirms. */
export const IMPORT_ROWS = numberOf('BENCH_IMPORT_ROWS', 50_000);
