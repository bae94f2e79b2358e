// No fault stops the till, in Chromium against the real server through a
// proxy of our own (support/fault-proxy.ts) that answers 503, drops replies after the
// server acted, delays and black-holes the till's writes at random from a fixed seed.
// Two tabs of one tablet sell at once; mid-drain the server is killed (SIGKILL) and
// started again on the same data. When the faults stop, every sale made is on the
// server exactly once, the stock fell by exactly what was sold, and the outbox is empty
// within a bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot } from './support/browser';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy';
import { idbCount, idbKeys, idbProductCount, until } from './support/idb';
import { startServer, type RunningServer } from './support/server';
import { addProduct, chooseCustomer, finish, openTill, signIn, demoPair } from './support/till';
import type { ApiCustomer, ApiProduct } from './support/till';
import type { Page } from 'playwright-core';

const SALES_PER_TAB = 4;
/** After the faults stop, the outbox is empty within this (request deadline + backoff). */
const DRAIN_BOUND_MS = 150_000;

let server: RunningServer;
let proxy: FaultProxy;
let tablet: Awaited<ReturnType<typeof openBrowser>>;
const servers: RunningServer[] = [];

beforeAll(async () => {
  server = await startServer();
  servers.push(server);
  proxy = await startFaultProxy(server.port, 20261123);
  tablet = await openBrowser({ width: 1180, height: 820 });
});

afterAll(async () => {
  await tablet?.close();
  await proxy?.close();
  for (const s of servers.reverse()) await s.stop();
});

describe('PDV sob falhas', () => {
  it('duas abas vendendo, respostas perdidas, 503, atrasos, buracos negros e o servidor morto: cada venda uma vez', async () => {
    const admin = await loginToken(server, 'admin@demo.com');
    const { products, x, y, ana, bruno } = await demoPair(server, admin, 20);

    // The browser only ever talks to the proxy.
    const viaProxy = { ...server, demoUrl: `http://demo.localhost:${proxy.port}` };
    const tabA = await tablet.context.newPage();
    await signIn(viaProxy, tabA, 'caixa@demo.com');
    await openTill(viaProxy, tabA);
    await until(async () => (await idbProductCount(tabA)) >= products.length, 'espelho');
    const tabB = await tablet.context.newPage();
    await openTill(viaProxy, tabB);

    proxy.faults(true);
    const sellAll = async (page: Page, customer: ApiCustomer, product: ApiProduct, quantity: number) => {
      for (let i = 0; i < SALES_PER_TAB; i++) {
        await chooseCustomer(page, customer.name);
        await addProduct(page, product, quantity);
        await finish(page);
      }
    };
    const selling = Promise.all([sellAll(tabA, ana, x, 1), sellAll(tabB, bruno, y, 2)]);

    // Mid-drain, the server dies and comes back on the same data (another port).
    await until(async () => proxy.log.length >= 3, 'primeiros envios sob falhas', 60_000);
    await server.kill();
    await new Promise((r) => setTimeout(r, 1500));
    server = await startServer({}, { dataDir: server.dataDir });
    servers.push(server);
    proxy.setTarget(server.port);
    await selling;
    await screenshot(tabA, '40-pdv-sob-falhas');
    const made = (await idbKeys(tabA, 'sales')).sort();
    expect(made).toHaveLength(2 * SALES_PER_TAB);

    // The network heals: the outbox empties within the bound.
    proxy.faults(false);
    const started = Date.now();
    await until(
      async () => {
        await tabA.evaluate(() => window.dispatchEvent(new Event('online')));
        return (await idbCount(tabA, 'outbox')) === 0;
      },
      'fila vazia depois das falhas',
      DRAIN_BOUND_MS,
    );
    const drainedMs = Date.now() - started;
    await screenshot(tabA, '41-pdv-depois-das-falhas');

    const token = await loginToken(server, 'admin@demo.com');
    const onServer = await api<{ data: { sales: { id: string }[] } }>(server, 'GET', '/api/sales?limit=100', {
      token,
    });
    const ids = onServer.body.data.sales.map((s) => s.id).sort();
    expect(ids).toEqual(made); // each one, once
    const stock = async (p: ApiProduct) =>
      (await api<{ data: ApiProduct }>(server, 'GET', `/api/products/${p.id}`, { token })).body.data.current_stock;
    expect(await stock(x)).toBe(x.current_stock - SALES_PER_TAB);
    expect(await stock(y)).toBe(y.current_stock - 2 * SALES_PER_TAB);
    // The faults did happen.
    const kinds = new Set(proxy.log);
    for (const fault of ['503', 'drop-reply', 'blackhole'] as const) expect(kinds).toContain(fault);
    expect(drainedMs).toBeLessThan(DRAIN_BOUND_MS);
  }, 420_000);
});
