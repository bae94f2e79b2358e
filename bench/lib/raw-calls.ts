// The raw side of the finance and reports parts: each call's statements run straight on
// the database of the year store (no server), timed together as one call, with their
// results kept to check the API's answer against.
import { todayIso } from '../../src/shared/dates';
import type { Statement } from '../finance-calls';
import { sequential, type Latency } from './latency';
import { withSql, type SqlTarget } from './sql';

export interface RawCall<C> {
  call: C;
  latency: Latency;
  results: Record<string, unknown>[][];
}

/** `calls(tenant, today)` of the demo store, each run `warmup` + `requests` times in a row. */
export function rawPhase<C extends { statements: Statement[] }>(
  target: SqlTarget,
  calls: (tenantId: string, today: string) => C[],
  warmup: number,
  requests: number,
): Promise<RawCall<C>[]> {
  return withSql(target, async (sql) => {
    const [tenant] = await sql.query<{ id: string }>(`SELECT id::text AS id FROM tenants WHERE subdomain = 'demo'`);
    const out: RawCall<C>[] = [];
    for (const call of calls(tenant!.id, todayIso())) {
      let results: Record<string, unknown>[][] = [];
      const latency = await sequential(
        async () => {
          results = [];
          for (const s of call.statements) results.push(await sql.query<Record<string, unknown>>(s.text, s.params));
        },
        warmup,
        requests,
      );
      out.push({ call, latency, results });
    }
    return out;
  });
}
