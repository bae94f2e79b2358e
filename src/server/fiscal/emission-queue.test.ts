// The NFC-e queue: a sale past the store's time limit answered 'pendente' and authorized
// after; a replayed sale answering its note as it is now, never a second note; numbers of
// one series never repeated under concurrent sales; the outbox's sales queued without
// waiting; the queue after a restart (a note in doubt consulted, not sent twice; a lease
// of a dead process respected until it ends, or taken at once by the sole process of an
// embedded database); two app instances on one database sending each note once.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { fiscalNotes, fiscalSeries } from '../db/schema';
import { TEST_FISCAL_SECRET, TEST_JWT_SECRET } from '../test/helpers';
import { saleBody } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { removeA1Files } from './test/a1-files';
import { eventually, expectOfficial, openEmissionStore, type EmissionStore } from './test/emission-fixtures';
import { scriptedSefaz, type ScriptedSefaz } from './test/scripted-sefaz';
import { removeWrittenDocuments, requireTools } from './test/xml-tools';

describe.each(databases())('NFC-e queue (%s)', (kind) => {
  let s: EmissionStore;
  const extra: { close(): Promise<unknown> }[] = [];
  beforeAll(async () => {
    requireTools();
    s = await openEmissionStore(kind);
  });
  afterAll(async () => {
    for (const c of extra.reverse()) await c.close();
    await s?.ctx.close();
    removeA1Files();
    removeWrittenDocuments();
  });
  const keyed = (key = randomUUID()) => ({ token: s.admin, headers: { 'Idempotency-Key': key } });
  const noteOf = async (id: string) => (await s.notes()).find((n) => n.id === id)!;

  /** Another app process on the same database, with its own worker (stopped) and the same SEFAZ. */
  async function anotherApp(sefaz: ScriptedSefaz, batch?: number, soleSender?: boolean) {
    const database: Database =
      kind === 'postgres' ? await openDatabase({ databaseUrl: s.ctx.database.url!, poolMax: 4 }) : s.ctx.database;
    const app = await buildApp({
      db: database,
      config: { jwtSecret: TEST_JWT_SECRET, fiscalSecret: TEST_FISCAL_SECRET, distDir: null },
      sefaz: sefaz.port,
      emissionQueue: { start: false, backoff: () => 0, batch, soleSender },
    });
    extra.push({ close: async () => (await app.close(), kind === 'postgres' && (await database.close())) });
    return app;
  }

  it('the time limit is 1 to 60 seconds (15 by default)', async () => {
    const view = (await s.http.get('/api/fiscal/settings', { token: s.admin })).body.data;
    expect(view.emission_timeout_seconds).toBe(15);
    for (const bad of [0, 61, 1.5]) {
      const res = await s.http.put('/api/fiscal/settings', { emission_timeout_seconds: bad }, keyed());
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Tempo de espera pela SEFAZ: de 1 a 60 segundos');
    }
  });

  it('past the time limit the sale is answered with its note pendente, authorized after; a replay answers it as it is now', async () => {
    const changed = await s.http.put('/api/fiscal/settings', { emission_timeout_seconds: 1 }, keyed());
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    s.sefaz.script({ authorize: [{ kind: 'slow', ms: 2_500 }] });
    const p = await s.product();
    const key = randomUUID();
    const started = Date.now();
    const res = await s.sell([{ product: p, quantity: 1 }], {}, key);
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_400);
    const note = res.body.data.fiscal_note;
    expect(note).toMatchObject({ status: 'pendente', protocol: null });
    await eventually(async () => (await noteOf(note.id)).status === 'autorizada');
    // The same sale again under its key: the stored answer with the note read again.
    const replay = await s.sell([{ product: p, quantity: 1 }], {}, key);
    expect(replay.status).toBe(201);
    expect(replay.body.data.id).toBe(res.body.data.id);
    expect(replay.body.data.fiscal_note).toMatchObject({ id: note.id, number: note.number, status: 'autorizada' });
    expect(replay.body.data.fiscal_note.protocol).toMatch(/^\d{15}$/);
    const rows = (await s.notes()).filter((n) => n.saleId === res.body.data.id);
    expect(rows).toHaveLength(1);
    expect(s.sefaz.opsOf(note.key)).toEqual(['authorize']);
    await s.http.put('/api/fiscal/settings', { emission_timeout_seconds: 15 }, keyed());
  });

  it('concurrent sales on one till never share a number; the series keeps the next one', async () => {
    const p = await s.product();
    const results = await Promise.all(Array.from({ length: 6 }, () => s.sell([{ product: p, quantity: 1 }])));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const numbers = (await s.notes()).map((n) => n.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const [series] = await s.ctx.db
      .select()
      .from(fiscalSeries)
      .where(and(eq(fiscalSeries.tenantId, s.tenantId), eq(fiscalSeries.series, s.till.series)));
    expect(series!.nextNumber).toBe(Math.max(...numbers) + 1);
    expectOfficial(await s.notes(), s.a1.caPath);
  });

  it("the outbox's sales get their notes queued (no waiting); after a restart the queue consults a note in doubt before anything", async () => {
    const p = await s.product();
    const sales = Array.from({ length: 3 }, () => {
      const id = randomUUID();
      return { key: id, body: saleBody(s.customerId, [{ product: p, quantity: 1 }], { id, offline: true, device_id: s.till.id }) }; // prettier-ignore
    });
    const calls = s.sefaz.calls.length;
    const res = await s.http.post('/api/sales/batch', { sales }, { token: s.cashier });
    expect(res.status).toBe(200);
    const notes = res.body.data.results.map((r: { body: { data: { fiscal_note: { id: string; status: string } } } }) => r.body.data.fiscal_note); // prettier-ignore
    expect(notes.map((n: { status: string }) => n.status)).toEqual(['pendente', 'pendente', 'pendente']);
    expect(s.sefaz.calls.length).toBe(calls);
    // The first is sent and its answer lost; then the process stops.
    s.sefaz.script({ authorize: [{ kind: 'lost' }] });
    const first = await noteOf(notes[0].id);
    for (const later of [notes[1], notes[2]])
      await s.ctx.db
        .update(fiscalNotes)
        .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
        .where(eq(fiscalNotes.id, later.id));
    expect(await s.ctx.app.emission.queue!.runOnce()).toBe(1);
    expect(await noteOf(first.id)).toMatchObject({ status: 'pendente', inDoubt: true });
    await s.ctx.app.emission.queue!.stop();

    // Another process (the restart) on the same database: consults, recovers, never resends.
    const restarted = await anotherApp(s.sefaz);
    // A note leased to a process that died is left alone until its lease ends.
    await s.ctx.db.update(fiscalNotes).set({ nextAttemptAt: sql`now()`, claimedBy: 'morto', claimedUntil: sql`now() + interval '1 hour'` }).where(eq(fiscalNotes.id, notes[1].id)); // prettier-ignore
    expect(await restarted.emission.queue!.runOnce()).toBe(1);
    expect(await noteOf(first.id)).toMatchObject({ status: 'autorizada', inDoubt: false });
    expect(s.sefaz.opsOf(first.key)).toEqual(['authorize', 'consult']);
    expect(await restarted.emission.queue!.runOnce()).toBe(0);
    await s.ctx.db.update(fiscalNotes).set({ claimedUntil: sql`now() - interval '1 second'` }).where(eq(fiscalNotes.id, notes[1].id)); // prettier-ignore
    expect(await restarted.emission.queue!.runOnce()).toBe(1);
    expect((await noteOf(notes[1].id)).status).toBe('autorizada');
  });

  it('two app instances on one database send each note once', async () => {
    const sefaz = scriptedSefaz();
    // Two notes a claim: the instances share the work.
    const a = await anotherApp(sefaz, 2);
    const b = await anotherApp(sefaz, 2);
    // Every note still pendente is due now, and so are the outbox's new ones.
    const p = await s.product();
    const sales = Array.from({ length: 8 }, () => {
      const id = randomUUID();
      return { key: id, body: saleBody(s.customerId, [{ product: p, quantity: 1 }], { id, offline: true, device_id: s.till.id }) }; // prettier-ignore
    });
    expect((await s.http.post('/api/sales/batch', { sales }, { token: s.cashier })).status).toBe(200);
    await s.ctx.db
      .update(fiscalNotes)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(fiscalNotes.status, 'pendente'));
    const pending = (await s.notes()).filter((n) => n.status === 'pendente');
    expect(pending.length).toBeGreaterThanOrEqual(8);
    sefaz.script({ authorize: pending.map(() => ({ kind: 'slow' as const, ms: 20 })) });
    const rounds = await Promise.all([a, b, a, b, a, b].map((app) => app.emission.queue!.runOnce()));
    expect(rounds.reduce((x, y) => x + y, 0)).toBe(pending.length);
    expect(rounds[0]! + rounds[2]! + rounds[4]!).toBeGreaterThan(0);
    expect(rounds[1]! + rounds[3]! + rounds[5]!).toBeGreaterThan(0);
    for (const note of pending) expect(sefaz.opsOf(note.key).filter((op) => op === 'authorize')).toHaveLength(1);
    expect((await s.notes()).filter((n) => n.status === 'pendente')).toEqual([]);
    expectOfficial(pending, s.a1.caPath);
  });

  it('the sole process of its database (PGlite, locked to it) takes at once the notes a dead process held', async () => {
    const p = await s.product();
    const id = randomUUID();
    const sale = { key: id, body: saleBody(s.customerId, [{ product: p, quantity: 1 }], { id, offline: true, device_id: s.till.id }) }; // prettier-ignore
    const res = await s.http.post('/api/sales/batch', { sales: [sale] }, { token: s.cashier });
    expect(res.status).toBe(200);
    const note = res.body.data.results[0].body.data.fiscal_note as { id: string; key: string };
    await s.ctx.db.update(fiscalNotes).set({ nextAttemptAt: sql`now()`, claimedBy: 'morto', claimedUntil: sql`now() + interval '1 hour'` }).where(eq(fiscalNotes.id, note.id)); // prettier-ignore
    const sefaz = scriptedSefaz();
    // A process that may share the database with others waits for the lease.
    await (await anotherApp(sefaz)).emission.queue!.runOnce();
    expect(await noteOf(note.id)).toMatchObject({ status: 'pendente', claimedBy: 'morto' });
    expect(sefaz.opsOf(note.key)).toEqual([]);
    // The sole one knows the holder is dead: sent on its first run, once.
    const sole = await anotherApp(sefaz, undefined, true);
    await sole.emission.queue!.runOnce();
    expect((await noteOf(note.id)).status).toBe('autorizada');
    expect(sefaz.opsOf(note.key)).toEqual(['authorize']);
  });
});
