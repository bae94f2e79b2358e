// A throwaway database on the local PostgreSQL (BENCH_PG_URL), dropped afterwards.
import pg from 'pg';
import { PG_URL } from './config';
import { using } from './resources';

/** Runs `fn` with the URL of a fresh database named after `tag`; null when no PostgreSQL answers. */
export async function withPostgres<T>(tag: string, fn: (url: string) => Promise<T>): Promise<T | null> {
  const name = `balcao_bench_${tag}_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres`, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch {
    await admin.end().catch(() => undefined);
    console.log(`PostgreSQL indisponível em ${PG_URL}: pulando.`);
    return null;
  }
  return using(
    async () => admin,
    (client) => client.end(),
    (client) =>
      using(
        async () => {
          await client.query(`DROP DATABASE IF EXISTS ${name}`);
          await client.query(`CREATE DATABASE ${name}`);
          return name;
        },
        () => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        () => fn(`${PG_URL}/${name}`),
      ),
  );
}
