// Every call to SEFAZ waits as long as the store's 'Tempo de espera pela SEFAZ'
// (emission_timeout_seconds) says: the sale's note sent at once, the admin's cancel and
// inutilização, the consulta and cancel of a cancelled sale's note; the queue, which nobody
// waits on, that or 30 s, the longer. The port
// records the time limit each call was given.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalSeries } from '../db/schema';
import { saleBody } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { QUEUE_CALL_MIN_TIMEOUT_MS } from './sefaz-port';
import { removeA1Files } from './test/a1-files';
import { openEmissionStore, type EmissionStore } from './test/emission-fixtures';
import { scriptedSefaz } from './test/scripted-sefaz';
import { scriptedSefazEvents } from './test/scripted-sefaz-events';
import { removeWrittenDocuments, requireTools } from './test/xml-tools';

describe.each(databases())("SEFAZ's time limit is the store's (%s)", (kind) => {
  let s: EmissionStore;
  const notes = scriptedSefaz();
  const events = scriptedSefazEvents();
  beforeAll(async () => {
    requireTools();
    const port = { ...notes.port, sendEvent: events.sendEvent, inutilize: events.inutilize };
    s = await openEmissionStore(kind, { sefaz: notes, port, timeoutSeconds: 4 });
  });
  afterAll(async () => {
    await s?.ctx.close();
    removeA1Files();
    removeWrittenDocuments();
  });
  const keyed = () => ({ token: s.admin, headers: { 'Idempotency-Key': randomUUID() } });
  const setSeconds = async (seconds: number) => {
    const res = await s.http.put('/api/fiscal/settings', { emission_timeout_seconds: seconds }, keyed());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it("the sale's note, the admin's cancel and inutilização wait the store's seconds", async () => {
    const p = await s.product();
    const sale = await s.sell([{ product: p, quantity: 1 }]);
    const note = sale.body.data.fiscal_note;
    expect(note, JSON.stringify(sale.body)).toMatchObject({ status: 'autorizada' });
    expect(notes.calls.filter((c) => c.key === note.key).map((c) => c.target.timeoutMs)).toEqual([4000]);

    await setSeconds(7);
    const cancel = await s.http.post(`/api/fiscal/notes/${note.id}/cancel`, { justification: 'Cliente desistiu da compra' }, keyed()); // prettier-ignore
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(events.received.at(-1)).toMatchObject({ kind: 'event', target: { timeoutMs: 7000 } });

    // Numbers 2 to 4 skipped (a till that lost them), voided with the store's limit too.
    await s.ctx.db
      .update(fiscalSeries)
      .set({ nextNumber: note.number + 4 })
      .where(and(eq(fiscalSeries.tenantId, s.tenantId), eq(fiscalSeries.series, s.till.series)));
    const body = { series: s.till.series, first: note.number + 1, last: note.number + 3, justification: 'Números saltados por falha do caixa' }; // prettier-ignore
    const voided = await s.http.post('/api/fiscal/inutilizations', body, keyed());
    expect(voided.status, JSON.stringify(voided.body)).toBe(201);
    expect(events.received.at(-1)).toMatchObject({ kind: 'inutilization', target: { timeoutMs: 7000 } });
  });

  it("a cancelled sale's pending note: the consulta and the cancel wait the store's seconds", async () => {
    await setSeconds(9);
    const p = await s.product();
    notes.script({ authorize: [{ kind: 'lost' }] });
    const sale = await s.sell([{ product: p, quantity: 1 }]);
    const note = sale.body.data.fiscal_note;
    expect(note.status).toBe('pendente');
    const cancel = await s.http.put(`/api/sales/${sale.body.data.id}/cancel`, { reason: 'Cliente desistiu' }, keyed());
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(notes.calls.filter((c) => c.key === note.key).map((c) => [c.op, c.target.timeoutMs])).toEqual([
      ['authorize', 9000],
      ['consult', 9000],
    ]);
    expect(events.received.at(-1)).toMatchObject({ kind: 'event', target: { timeoutMs: 9000 } });
  });

  it('the queue waits the store seconds when longer than its own 30 s', async () => {
    const p = await s.product();
    const queued = async () => {
      const id = randomUUID();
      const sales = [{ key: id, body: saleBody(s.customerId, [{ product: p, quantity: 1 }], { id, offline: true, device_id: s.till.id }) }]; // prettier-ignore
      const res = await s.http.post('/api/sales/batch', { sales }, { token: s.cashier });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const key = res.body.data.results[0].body.data.fiscal_note.key as string;
      expect(await s.ctx.app.emission.queue!.runOnce()).toBe(1);
      return notes.calls.filter((c) => c.key === key).map((c) => c.target.timeoutMs);
    };
    await setSeconds(45);
    expect(await queued()).toEqual([45_000]);
    await setSeconds(4);
    expect(await queued()).toEqual([QUEUE_CALL_MIN_TIMEOUT_MS]);
  });
});
