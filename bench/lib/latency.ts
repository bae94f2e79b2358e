// Latency of one call: sequential (warm-up, then n timed one after the other) and under
// autocannon, where every response's time is kept so the p95 is exact (autocannon's own
// histogram reports p90 and p97.5, not p95).
import autocannon from 'autocannon';
import { percentile } from './stats';
import { withTimeout } from './resources';

export interface Latency {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export function summarize(ms: number[]): Latency {
  return { count: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), max: Math.max(...ms) };
}

/** `warmup` untimed runs, then `count` timed ones, one after the other. */
export async function sequential(fn: () => Promise<unknown>, warmup: number, count: number): Promise<Latency> {
  for (let i = 0; i < warmup; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return summarize(ms);
}

export interface LoadLatency extends Latency {
  rps: number;
  errors: number;
}

/** GET `url` from `connections` connections for `seconds`. */
export function underLoad(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<LoadLatency> {
  const ms: number[] = [];
  const run = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration: seconds }, (err, result) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => ms.push(responseTime));
  });
  return withTimeout(run, (seconds + 60) * 1000, `autocannon ${url}`).then((result) => ({
    ...summarize(ms),
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  }));
}
