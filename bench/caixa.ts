// Fechamento de Caixa's figures on PostgreSQL: one caixa session with CAIXA_SALES sales
// (mixed methods, a tenth crediário), 50 instalments received in it and 10 sangrias or
// suprimentos; GET /api/cash-sessions/{id} (its expected figures computed now) timed
// through the real server, beside the same statements run straight on the database (the
// session, its take by method: caixa/cash-session-figures.ts sessionTakenSql, its
// movements) and their ratio. Aim: p95 under 50 ms.
import { randomUUID } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { sessionTakenSql } from '../src/server/caixa/cash-session-figures';
import { SaleCreateSchema } from '../src/shared/contract/sales';
import { api } from '../tests/e2e/support/api';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { catalogueOf, randomSale, type Catalogue } from './lib/catalogue';
import { CAIXA_SALES, FINANCE_REQUESTS } from './lib/config';
import { sequential, type Latency } from './lib/latency';
import { withPostgres } from './lib/postgres';
import { verdict, type BenchPart, type PartContext } from './lib/report';
import { withServer } from './lib/resources';
import { withSql } from './lib/sql';
import { fmt, seeded } from './lib/stats';
import type { Statement } from './finance-calls';

const WARMUP = 20;
const RECEIPTS = 50;
const MOVEMENTS = 10;
const WRITERS = 8;
const AIM_P95_MS = 50;

async function post(server: RunningServer, token: string, path: string, body: unknown) {
  const res = await api<{ data: Record<string, unknown> }>(server, 'POST', path, {
    token,
    body,
    headers: { 'Idempotency-Key': randomUUID() },
  });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** `count` calls of `fn`, WRITERS at a time. */
async function inParallel(count: number, fn: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

/** The session: its sales, instalments received in it and movements, all through the API. */
async function fillSession(server: RunningServer, catalogue: Catalogue): Promise<string> {
  const token = catalogue.adminToken;
  const opened = await post(server, token, '/api/cash-sessions', { device_id: randomUUID(), opening_float: 200 });
  const id = String(opened.id);
  const random = seeded(21);
  await inParallel(CAIXA_SALES, (i) =>
    post(server, token, '/api/sales', {
      ...z.encode(SaleCreateSchema, randomSale(catalogue, random, i % 10 === 9)),
      cash_session_id: id,
    }),
  );
  const open = await api<{ data: { accountsReceivable: { id: string; amount: number }[] } }>(
    server,
    'GET',
    `/api/accounts-receivable?status=pending&page=1&limit=${RECEIPTS}`,
    { token },
  );
  const instalments = open.body.data.accountsReceivable;
  if (instalments.length < RECEIPTS) throw new Error(`só ${instalments.length} parcelas em aberto`);
  await inParallel(RECEIPTS, (i) => {
    const { id: receivable, amount } = instalments[i]!;
    return post(server, token, `/api/accounts-receivable/${receivable}/receive`, {
      payment_method: i % 2 === 0 ? 'cash' : 'pix',
      // Every third one in part.
      ...(i % 3 === 0 ? { amount: Math.max(0.01, Math.floor(amount * 50) / 100) } : {}),
      cash_session_id: id,
    });
  });
  for (let i = 0; i < MOVEMENTS; i++) {
    const kind = i % 2 === 0 ? 'suprimento' : 'sangria';
    await post(server, token, `/api/cash-sessions/${id}/movements`, { kind, amount: 10, reason: `${kind} ${i}` });
  }
  return id;
}

/** The statements GET /api/cash-sessions/{id} runs for an open session. */
function statements(tenantId: string, sessionId: string): Statement[] {
  const { sql: taken, params } = new PgDialect().sqlToQuery(sessionTakenSql(tenantId, [sessionId]));
  const both = [tenantId, sessionId];
  return [
    {
      text: `SELECT s.*, o.name, c.name FROM cash_sessions s
               LEFT JOIN users o ON o.tenant_id = s.tenant_id AND o.id = s.opened_by
               LEFT JOIN users c ON c.tenant_id = s.tenant_id AND c.id = s.closed_by
              WHERE s.tenant_id = $1 AND s.id = $2`,
      params: both,
    },
    { text: taken, params },
    {
      text: `SELECT m.*, u.name FROM cash_session_movements m
               LEFT JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.created_by
              WHERE m.tenant_id = $1 AND m.session_id IN ($2) ORDER BY m.made_at, m.created_at, m.id`,
      params: both,
    },
  ];
}

async function measure(ctx: PartContext, url: string) {
  const measured = await ctx.step(`caixa com ${CAIXA_SALES} vendas (PostgreSQL)`, () =>
    withServer(
      () => startServer({ DATABASE_URL: url }),
      async (server) => {
        const catalogue = await catalogueOf(server);
        const session = await fillSession(server, catalogue);
        const get = async () => {
          const res = await api<{ data: { sales_count: number } }>(server, 'GET', `/api/cash-sessions/${session}`, {
            token: catalogue.adminToken,
          });
          if (res.status !== 200) throw new Error(`GET /api/cash-sessions: HTTP ${res.status}`);
          return res.body.data;
        };
        const answer = await get();
        if (answer.sales_count !== CAIXA_SALES) throw new Error(`${answer.sales_count} vendas no caixa`);
        const viaApi = await sequential(get, WARMUP, FINANCE_REQUESTS);
        const raw: Latency = await withSql({ url }, async (sql) => {
          const [tenant] = await sql.query<{ id: string }>(
            `SELECT id::text AS id FROM tenants WHERE subdomain = 'demo'`,
          );
          const run = statements(tenant!.id, session);
          return sequential(
            async () => {
              for (const s of run) await sql.query(s.text, s.params);
            },
            WARMUP,
            FINANCE_REQUESTS,
          );
        });
        return { viaApi, raw };
      },
    ),
  );
  if (!measured) return;
  const { viaApi, raw } = measured;
  ctx.row({
    medida: `esperado do caixa: sessão com ${CAIXA_SALES} vendas, ${RECEIPTS} parcelas, ${MOVEMENTS} movimentações (PostgreSQL)`,
    resultado:
      `SQL p95 ${fmt(raw.p95, 2)} ms · API p95 ${fmt(viaApi.p95)} ms (p50 ${fmt(viaApi.p50)}) · ` +
      `razão ${fmt(viaApi.p95 / raw.p95, 2)}`,
    meta: `p95 < ${AIM_P95_MS} ms`,
    situação: verdict(viaApi.p95 < AIM_P95_MS),
  });
}

export const caixaPart: BenchPart = {
  name: 'caixa',
  title: `Esperado do caixa numa sessão de ${CAIXA_SALES} vendas (PostgreSQL)`,
  budgetMin: 10,
  async run(ctx) {
    await withPostgres('caixa', (url) => measure(ctx, url));
  },
};
