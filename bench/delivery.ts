// Delivery of queued sales through the app's own outbox code, in Node: fake-indexeddb +
// the app's BalcaoDb; recordSale x BENCH_QUEUED_SALES (bodies built by the till's own
// buildSale), then drainOutbox with createTransport (the app's: runs of up to 50 sales per
// POST /api/sales/batch) over the app's API client (in-memory token store, the real
// refresh coordinator) to a fresh PGlite server. The sales carry the till's numbers (a
// device registered by the cashier, and its sequence: lib/till-numbers.ts), as the app's
// do; a second run queues them without a number. Afterwards the server must hold exactly
// the sales queued in each run.
import 'fake-indexeddb/auto';
import { buildSale } from '../src/app/features/sales/build-sale';
import type { CartLine } from '../src/app/features/sales/cart';
import type { SaleFormState } from '../src/app/features/sales/use-sale-form';
import { createApiClient, createRefreshRequest, globalFetch } from '../src/app/lib/api-client';
import { createRefreshCoordinator } from '../src/app/lib/refresh-coordinator';
import type { TokenStore } from '../src/app/lib/token-store';
import { BalcaoDb } from '../src/app/offline/db';
import { recordSale } from '../src/app/counter/records';
import { createTransport } from '../src/app/offline/send';
import { drainOutbox } from '../src/app/offline/sender';
import { onAck } from '../src/app/counter/outbox-kinds';
import type { TokenSet } from '../src/shared/contract';
import { api } from '../tests/e2e/support/api';
import { startServer } from '../tests/e2e/support/server';
import { PASSWORD, catalogueOf, randomSale, salesTotal } from './lib/catalogue';
import { QUEUED_SALES } from './lib/config';
import { verdict, type BenchPart, type PartContext } from './lib/report';
import { using, withTimeout, withServer } from './lib/resources';
import { fmt, seeded } from './lib/stats';
import { ownCpuMs, serverCpuMs } from './lib/process-cpu';
import { NUMBERINGS, numberingLabel, tillNumbers, type Numbering } from './lib/till-numbers';

const AIM_PER_S = 200;

function memoryTokenStore(): TokenStore {
  let access: string | null = null;
  let refresh: string | null = null;
  let expiresAt: number | null = null;
  const listeners = new Set<() => void>();
  return {
    getAccessToken: () => access,
    getRefreshToken: () => refresh,
    getExpiresAt: () => expiresAt,
    setTokens(set: TokenSet) {
      access = set.accessToken;
      refresh = set.refreshToken;
      expiresAt = Date.now() + set.expiresIn * 1000;
      listeners.forEach((l) => l());
    },
    clear() {
      access = refresh = expiresAt = null;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

interface DeliveryResult {
  queued: number;
  recordMs: number;
  drainMs: number;
  sendMs: number;
  /** CPU used while draining (ms): the server's processes, and the device's side (this process). */
  serverCpuMs: number | null;
  deviceCpuMs: number;
  requests: number;
  delivered: number;
  rejected: number;
  stopped: string | null;
  serverTotal: number;
}

function delivery(numbering: Numbering): Promise<DeliveryResult> {
  return withServer(
    // A server started fresh, as an older tree's bench does: one started from a copy of a
    // first start's data dir (the browser tests') used ~7% more CPU on the same drain.
    () => startServer({}, { fresh: true }),
    async (server) => {
      const catalogue = await catalogueOf(server);
      const login = await api<{ data?: TokenSet; error?: string }>(server, 'POST', '/api/auth/login', {
        body: { email: 'caixa@demo.com', password: PASSWORD },
      });
      if (!login.body.data) throw new Error(`login do caixa falhou: ${login.status} ${login.body.error ?? ''}`);
      const tokens = memoryTokenStore();
      tokens.setTokens(login.body.data);
      // 127.0.0.1 names no tenant: the server takes the token's (as a till behind an IP would).
      const base = `http://127.0.0.1:${server.port}/api`;
      const refresher = createRefreshCoordinator({
        tokens,
        requestRefresh: createRefreshRequest(globalFetch, base),
        onRefreshFailed: (error) => console.error('refresh recusado:', error),
        withLock: (task) => task(),
      });
      const client = createApiClient({ tokens, refresher, base });
      const number = numbering === 'numbered' ? await tillNumbers(server, login.body.data.accessToken) : () => null;

      return using(
        async () => {
          const db = new BalcaoDb(`bench-${process.pid}-${Date.now()}`);
          await db.open();
          return db;
        },
        async (db) => {
          db.close();
          await db.delete();
        },
        async (db) => {
          const random = seeded(2);
          const started = performance.now();
          const byId = new Map(catalogue.products.map((p) => [p.id, p]));
          for (let i = 0; i < QUEUED_SALES; i++) {
            const sale = randomSale(catalogue, random, i % 6 === 5);
            const lines: CartLine[] = sale.items.map((item) => {
              const p = byId.get(item.product_id)!;
              return {
                product_id: p.id,
                product_name: p.name,
                sku: p.sku,
                quantity: item.quantity,
                unit_price: item.unit_price,
              };
            });
            const customer = catalogue.customers.find((c) => c.id === sale.customer_id)!;
            const form: SaleFormState = {
              customer: { id: customer.id, name: customer.name },
              lines,
              paymentMethod: sale.payment_method,
              installments: sale.crediario?.parcelas ?? 1,
              dueDates: sale.crediario?.vencimentos ?? [],
              entradaOn: false,
              entradaText: '',
            };
            const taken = number();
            const built = buildSale(form, 0, { id: crypto.randomUUID(), now: Date.now(), number: taken });
            // As counter/finish-sale.ts does: the till's number goes in the body and on the local sale.
            const body = taken ? { ...built.body, number: taken } : built.body;
            const local = taken ? { ...built.sale, number: taken } : built.sale;
            await recordSale(db, local, body, { summary: built.summary });
          }
          const recordMs = performance.now() - started;
          const queued = await db.outbox.count();

          const transport = createTransport(client);
          let sendMs = 0;
          let requests = 0;
          const timed =
            <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
            async (...args: A): Promise<R> => {
              const t = performance.now();
              requests++;
              try {
                return await fn(...args);
              } finally {
                sendMs += performance.now() - t;
              }
            };
          const t0 = performance.now();
          const server0 = serverCpuMs(server);
          const device0 = ownCpuMs();
          const result = await withTimeout(
            drainOutbox(db, {
              send: timed(transport.send),
              batch: transport.batch && { ...transport.batch, send: timed(transport.batch.send) },
              onAck,
            }),
            10 * 60_000,
            `entrega de ${queued} vendas`,
          );
          const drainMs = performance.now() - t0;
          const server1 = serverCpuMs(server);
          const deviceCpu = ownCpuMs() - device0;
          return {
            queued,
            recordMs,
            drainMs,
            sendMs,
            serverCpuMs: server0 === null || server1 === null ? null : server1 - server0,
            deviceCpuMs: deviceCpu,
            requests,
            delivered: result.delivered,
            rejected: result.rejected,
            stopped: result.stopped,
            serverTotal: await salesTotal(server, catalogue.adminToken),
          };
        },
      );
    },
  );
}

export const deliveryPart: BenchPart = {
  name: 'delivery',
  title: 'Entrega da fila de vendas (outbox do app, PGlite)',
  budgetMin: 15,
  async run(ctx) {
    for (const numbering of NUMBERINGS) {
      const d = await ctx.step(`entrega de ${QUEUED_SALES} vendas da fila, ${numberingLabel(numbering)}`, () =>
        delivery(numbering),
      );
      if (d) report(ctx, d, numbering);
    }
  },
};

function report(ctx: PartContext, d: DeliveryResult, numbering: Numbering): void {
  const rate = d.delivered / (d.drainMs / 1000);
  ctx.row({
    medida: `entrega da fila (${d.queued} vendas, PGlite, ${numberingLabel(numbering)})`,
    resultado:
      `${fmt(rate, 0)} vendas/s (${fmt(d.drainMs / 1000, 2)} s; ${d.requests} requisições; ${fmt((100 * d.sendMs) / d.drainMs, 0)}% esperando o servidor) · ` +
      `CPU: servidor ${d.serverCpuMs === null ? '?' : fmt(d.serverCpuMs / 1000, 2)} s, aparelho ${fmt(d.deviceCpuMs / 1000, 2)} s · ` +
      `${d.delivered} entregues, ${d.rejected} rejeitadas${d.stopped ? `, parou: ${d.stopped}` : ''} · servidor tem ${d.serverTotal} vendas`,
    meta: `> ${AIM_PER_S} vendas/s`,
    situação: d.serverTotal === QUEUED_SALES ? verdict(rate > AIM_PER_S) : `ERRO: ${d.serverTotal} ≠ ${QUEUED_SALES}`,
  });
  ctx.note(
    `gravar ${d.queued} vendas na fila (recordSale)`,
    `${fmt(d.recordMs / d.queued, 2)} ms por venda (fake-indexeddb)`,
  );
}
