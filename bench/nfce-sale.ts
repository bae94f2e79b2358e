// Finishing a sale online with the NFC-e, as the till does it: the same sale (the same three
// products, paid in cash with change, 'CPF na nota') sent by POST /api/sales over HTTP to
// two real servers (tests/e2e/support/server.ts, PGlite, copies of the same demo store),
// one emitting (the test A1, the CSC, the till's series: tests/e2e/support/fiscal-store.ts)
// and one not, both pointed at the stand-in SEFAZ (sefaz-rig.ts, in this process,
// answering at once: no schema or signature checks). The two are ALTERNATED sale by sale
// (on, off, then off, on...) so both see the same minutes of this noisy 2-core machine.
// Beside them, in the same loop, the floor: the stand-in's own round trip for one enviNFe
// (the product's SOAP client, mutual TLS, kept alive) and the build + sign of a note of
// three items, both in this process.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { makeA1, removeA1Files, type A1File } from '../src/server/fiscal/test/a1-files';
import { removeTestCertificates, testCertificates } from '../src/server/fiscal/test/certificates';
import { startRig, type SefazRig } from '../src/server/fiscal/test/sefaz-rig';
import { SaleCreateSchema, type SaleCreate } from '../src/shared/contract';
import { SAMPLE_CNPJ } from '../src/shared/fiscal/test/sample-note';
import { api, loginToken } from '../tests/e2e/support/api';
import { NOTE_CPF } from '../tests/e2e/support/fiscal-note';
import { EMITTER, STORE_CSC, turnEmissionOn } from '../tests/e2e/support/fiscal-store';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { demoLists } from '../tests/e2e/support/till';
import { verdict, type BenchPart } from './lib/report';
import { serverCpuMs } from './lib/process-cpu';
import { using, withServer } from './lib/resources';
import { fmt, machineLoad, percentile } from './lib/stats';
import { deviceSequence } from './lib/till-numbers';

const WARMUP = 30;
const RUNS = Number(process.env.BENCH_NFCE_SALE_RUNS ?? 200);
const AIM_MS = 150;
const NCM = '61091000';

/** A till of one server, ready to sell: its device, its open caixa and its numbers. */
interface Till {
  server: RunningServer;
  cashier: string;
  deviceId: string;
  sessionId: string;
  number: () => string;
}

async function ok<T>(what: string, call: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const res = await call;
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The cashier's till on `server` (device registered, caixa opened) and the cart's products given an NCM and stock. */
async function openTillOn(server: RunningServer, productIds: string[]): Promise<Till> {
  const admin = await loginToken(server, 'admin@demo.com');
  const cashier = await loginToken(server, 'caixa@demo.com');
  const keyed = (token: string, body: unknown) => ({ token, headers: { 'idempotency-key': randomUUID() }, body });
  for (const id of productIds)
    await ok(`PUT /api/products/${id}`, api(server, 'PUT', `/api/products/${id}`, keyed(admin, { ncm: NCM, current_stock: 100_000, stock_reason: 'benchmark' }))); // prettier-ignore
  const device = await ok<{ data: { id: string; code: string } }>('POST /api/devices', api(server, 'POST', '/api/devices', keyed(cashier, { id: randomUUID(), label: 'Linux · Chrome' }))); // prettier-ignore
  const session = await ok<{ data: { id: string } }>('POST /api/cash-sessions', api(server, 'POST', '/api/cash-sessions', keyed(cashier, { device_id: device.data.id, opening_float: 200 })), 201); // prettier-ignore
  return { server, cashier, deviceId: device.data.id, sessionId: session.data.id, number: deviceSequence(device.data.code) }; // prettier-ignore
}

/** A sale's time over HTTP (ms) and its note's status (null: no note). */
interface Sold {
  ms: number;
  note: string | null;
}

/** POST /api/sales of `cart` at `till`, as an online till sends it. */
async function sell(till: Till, cart: Omit<SaleCreate, 'id'>): Promise<Sold> {
  const id = randomUUID();
  const body = z.encode(SaleCreateSchema, {
    ...cart,
    id,
    number: till.number(),
    sold_at: new Date().toISOString(),
    device_id: till.deviceId,
    device_label: 'Linux · Chrome',
    cash_session_id: till.sessionId,
  });
  const t0 = performance.now();
  const res = await api<{ data: { fiscal_note?: { status: string } | null } }>(till.server, 'POST', '/api/sales', {
    token: till.cashier,
    headers: { 'Idempotency-Key': id },
    body,
  });
  const ms = performance.now() - t0;
  if (res.status !== 201) throw new Error(`POST /api/sales: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return { ms, note: res.body.data.fiscal_note?.status ?? null };
}

interface Timings {
  on: number[];
  off: number[];
  /** The stand-in's round trip for one enviNFe. */
  trip: number[];
  /** Build + sign of a note of three items. */
  sign: number[];
  /** CPU (ms) each server's processes used per sale over the measured rounds. */
  cpuOn: number | null;
  cpuOff: number | null;
}

async function measure(rig: SefazRig, a1: A1File): Promise<Timings> {
  const env = { FISCAL_SEFAZ_URL: rig.standIn.url, FISCAL_SEFAZ_CA: rig.standIn.caPath };
  return withServer(
    () => startServer(env),
    (onServer) =>
      withServer(
        () => startServer(env),
        async (offServer) => {
          const admin = await loginToken(onServer, 'admin@demo.com');
          const demo = await demoLists(onServer, admin, 1);
          const [x, y, z3] = demo.products.filter((p) => p.sale_price > 1);
          if (!x || !y || !z3) throw new Error('o demo precisa de três produtos ativos');
          // Both servers are copies of the same demo store: the same ids on each.
          const ids = [x.id, y.id, z3.id];
          const on = await openTillOn(onServer, ids);
          const off = await openTillOn(offServer, ids);
          await turnEmissionOn(onServer, admin, a1, { emitter: EMITTER, ...STORE_CSC });
          const lines = [
            { product: x, quantity: 2 },
            { product: y, quantity: 1 },
            { product: z3, quantity: 3 },
          ];
          const total = lines.reduce((s, l) => s + Math.round(l.product.sale_price * 100) * l.quantity, 0);
          const cart: Omit<SaleCreate, 'id'> = {
            customer_id: demo.customers[0]!.id,
            items: lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity, unit_price: Math.round(l.product.sale_price * 100) })), // prettier-ignore
            payment_method: 'cash',
            payments: [{ method: 'cash', amount: total, received: Math.ceil(total / 5000) * 5000 + 5000 }],
            payment_status: 'pending',
            sale_status: 'completed',
            offline: false,
            fiscal_document: NOTE_CPF,
          };
          const t: Timings = { on: [], off: [], trip: [], sign: [], cpuOn: null, cpuOff: null };
          let cpu0: (number | null)[] = [];
          const cpu = () => [serverCpuMs(onServer), serverCpuMs(offServer)];
          for (let i = 0; i < WARMUP + RUNS; i++) {
            if (i === WARMUP) cpu0 = cpu();
            // Which goes first flips every round, so neither always follows the other's work.
            const tills = { on, off };
            const round = {} as Record<keyof typeof tills, Sold>;
            for (const side of i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const))
              round[side] = await sell(tills[side], cart);
            if (round.on.note !== 'autorizada') throw new Error(`venda ${i + 1} com emissão: nota ${round.on.note}`);
            if (round.off.note !== null) throw new Error(`venda ${i + 1} sem emissão trouxe nota ${round.off.note}`);
            const s0 = performance.now();
            const note = await rig.note(1_000_000 + i);
            const s1 = performance.now();
            const answer = await rig.client.authorize(rig.target, note.signed, String(i + 1));
            const s2 = performance.now();
            if (answer.note?.cstat !== 100)
              throw new Error(`piso ${i + 1}: ${answer.note?.cstat} ${answer.note?.reason}`);
            if (i < WARMUP) continue;
            t.on.push(round.on.ms);
            t.off.push(round.off.ms);
            t.sign.push(s1 - s0);
            t.trip.push(s2 - s1);
          }
          const [cpuOn, cpuOff] = cpu();
          if (cpuOn != null && cpuOff != null && cpu0[0] != null && cpu0[1] != null) {
            t.cpuOn = (cpuOn - cpu0[0]) / RUNS;
            t.cpuOff = (cpuOff - cpu0[1]) / RUNS;
          }
          // Each sale's note authorized exactly once.
          const keys = rig.standIn.received.filter((r) => r.service === 'authorize' && r.cstat === 100);
          const twice = keys.filter((r) => rig.standIn.authorizations(r.key!) !== 1);
          if (keys.length !== 2 * (WARMUP + RUNS) || twice.length)
            throw new Error(`SEFAZ: ${keys.length} autorizações (esperadas ${2 * (WARMUP + RUNS)}), ${twice.length} repetidas`); // prettier-ignore
          return t;
        },
      ),
  );
}

const p = (values: number[], n: number) => `${fmt(percentile(values, n), 1)} ms`;

export const nfceSalePart: BenchPart = {
  name: 'nfce-sale',
  title: 'Venda online com NFC-e contra a SEFAZ de mentira (resposta imediata) × sem emissão',
  budgetMin: 12,
  async run(ctx) {
    const a1 = makeA1({ cnpj: SAMPLE_CNPJ });
    // The stand-in trusts the CA of the store's A1 (the servers) and the rig's own (the floor).
    const clientCaPem = readFileSync(a1.caPath, 'utf8') + testCertificates(SAMPLE_CNPJ).caPem;
    await using(
      () => startRig({ clientCaPem, validate: false }),
      async (rig) => {
        await rig.close();
        removeTestCertificates();
        removeA1Files();
      },
      async (rig) => {
        const loadBefore = machineLoad();
        const t = await ctx.step(`${RUNS} vendas de cada, alternadas (após ${WARMUP} de aquecimento)`, () =>
          measure(rig, a1),
        );
        if (!t) return;
        const diff95 = percentile(t.on, 95) - percentile(t.off, 95);
        ctx.row({
          medida: `p95 com emissão − p95 sem emissão (${RUNS} vendas de cada)`,
          resultado: `${fmt(diff95, 1)} ms`,
          meta: `< ${AIM_MS} ms`,
          situação: verdict(diff95 < AIM_MS),
        });
        ctx.note('com emissão (nota autorizada na resposta): p50 · p95', `${p(t.on, 50)} · ${p(t.on, 95)}`);
        ctx.note('sem emissão: p50 · p95', `${p(t.off, 50)} · ${p(t.off, 95)}`);
        ctx.note('diferença p50', `${fmt(percentile(t.on, 50) - percentile(t.off, 50), 1)} ms`);
        // Each round's two sales side by side: the difference within the same seconds.
        const paired = t.on.map((ms, i) => ms - t.off[i]!);
        ctx.note('diferença na mesma rodada (com − sem): p50 · p95', `${p(paired, 50)} · ${p(paired, 95)}`);
        if (t.cpuOn !== null && t.cpuOff !== null)
          ctx.note('CPU do servidor por venda (processos do servidor): com · sem', `${fmt(t.cpuOn, 1)} ms · ${fmt(t.cpuOff, 1)} ms`); // prettier-ignore
        ctx.note('razão com ÷ sem: p50 · p95', `${fmt(percentile(t.on, 50) / percentile(t.off, 50), 2)} · ${fmt(percentile(t.on, 95) / percentile(t.off, 95), 2)}`); // prettier-ignore
        ctx.note(
          'piso: ida e volta de um enviNFe à SEFAZ de mentira: p50 · p95',
          `${p(t.trip, 50)} · ${p(t.trip, 95)}`,
        );
        ctx.note('montar + assinar uma nota de 3 itens (neste processo): p50 · p95', `${p(t.sign, 50)} · ${p(t.sign, 95)}`); // prettier-ignore
        ctx.note('carga da máquina (1, 5, 15 min): antes · depois', `${loadBefore} · ${machineLoad()}`);
      },
    );
  },
};
