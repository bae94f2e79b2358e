// A sale cancelled in Balcão while its NFC-e is pendente, against the stand-in SEFAZ over the
// wire (mutual TLS with the store's A1, the official schemas, signatures verified): the note
// SEFAZ did authorize (its answer lost) is consulted and cancelled with 110111, the sale's
// reason as xJust; one SEFAZ never received is discarded, never sent afterwards, and its
// number listed and voided; one never sent is discarded without asking SEFAZ; with SEFAZ
// unreachable, or the note being sent at that moment, the queue resolves it later. No sale
// is left cancelled with its note valid in silence, and no note is authorized twice.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CNPJ } from '../../shared/fiscal/test/sample-note';
import { fiscalNoteEvents, fiscalNotes } from '../db/schema';
import { saleBody } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { createSefazClient, type SefazClient } from './sefaz-client';
import { makeA1, removeA1Files } from './test/a1-files';
import { CSC, eventually, openEmissionStore, type EmissionStore } from './test/emission-fixtures';
import { answerSchemaFailures } from './test/sefaz-rig';
import { startStandInSefaz, type StandInSefaz } from './test/stand-in-sefaz';
import { removeWrittenDocuments, requireTools, schemaFailures, SCHEMAS, verifySignature, writeDocuments } from './test/xml-tools'; // prettier-ignore

const REASON = 'Cliente desistiu da compra';

describe.each(databases())("a cancelled sale's pending NFC-e, resolved with the stand-in SEFAZ (%s)", (kind) => {
  let s: EmissionStore;
  let standIn: StandInSefaz;
  let client: SefazClient;
  beforeAll(async () => {
    requireTools();
    const ca = makeA1({ cnpj: SAMPLE_CNPJ });
    standIn = await startStandInSefaz({ clientCaPem: readFileSync(ca.caPath, 'utf8'), csc: { '1': CSC } });
    client = createSefazClient({ baseUrl: standIn.url, extraCaPem: standIn.caPem });
    s = await openEmissionStore(kind, { port: client, timeoutSeconds: 1 });
  });
  afterAll(async () => {
    await s?.ctx.close();
    client?.close();
    await standIn?.close();
    removeA1Files();
    removeWrittenDocuments();
  });
  const keyed = () => ({ token: s.admin, headers: { 'Idempotency-Key': randomUUID() } });
  const noteOf = async (id: string) => (await s.notes()).find((n) => n.id === id)!;
  const asked = (key: string) => standIn.received.filter((r) => r.key === key).map((r) => `${r.service}:${r.cstat}`);
  const cancelSale = (id: string) => s.http.put(`/api/sales/${id}/cancel`, { reason: REASON }, keyed());
  const runQueue = () => s.ctx.app.emission.queue!.runOnce();

  /** An online sale whose sending SEFAZ does not answer (`processed`: it authorized it all the same). */
  async function saleInDoubt(processed: boolean) {
    const p = await s.product();
    standIn.faults.next({ kind: 'no-answer', processFirst: processed }, { service: 'authorize' });
    const res = await s.sell([{ product: p, quantity: 1 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const note = res.body.data.fiscal_note;
    expect(note.status).toBe('pendente');
    // The send under way gives up at the store's time limit: in doubt, the lease given back.
    await eventually(async () => {
      const row = await noteOf(note.id);
      return row.inDoubt && row.claimedBy === null;
    }, 15_000);
    return { sale: res.body.data as { id: string; number: string }, note };
  }

  it('authorized by SEFAZ though its answer was lost: consulted and cancelled (110111) with the sale reason', async () => {
    const { sale, note } = await saleInDoubt(true);
    expect(standIn.authorizations(note.key)).toBe(1);
    const res = await cancelSale(sale.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sale_status).toBe('cancelled');
    expect(res.body.data.fiscal_note_notice ?? null).toBeNull();
    const row = await noteOf(note.id);
    expect(row).toMatchObject({ status: 'cancelada', inDoubt: false, cancelRequestedAt: null });
    expect(row.protocol).toMatch(/^\d{15}$/);
    expect(asked(note.key)).toEqual(['authorize:100', 'consult:100', 'event:135']);
    const [event] = await s.ctx.db.select().from(fiscalNoteEvents).where(eq(fiscalNoteEvents.noteId, note.id));
    expect(event).toMatchObject({ type: '110111', cstat: 135 });
    expect(event!.xml).toContain(`<xJust>Venda ${sale.number} cancelada no Balcão: ${REASON}</xJust>`);
    const [path] = writeDocuments([event!.xml], 'cancel-venda');
    expect(schemaFailures([path!], SCHEMAS.eventoCanc)).toEqual([]);
    expect(verifySignature(path!, s.a1.caPath).ok).toBe(true);
    // SEFAZ now says it is cancelled; the queue has nothing left of it.
    const target = { uf: 'SP' as const, environment: 2 as const, keyPem: s.a1.keyPem, certPem: s.a1.certPem, timeoutMs: 5000 }; // prettier-ignore
    expect((await client.consult(target, note.key)).cstat).toBe(101);
    expect(await runQueue()).toBe(0);
    expect(standIn.authorizations(note.key)).toBe(1);
  });

  it('never received by SEFAZ: discarded, never sent afterwards, its number listed and voided', async () => {
    const { sale, note } = await saleInDoubt(false);
    const res = await cancelSale(sale.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.fiscal_note_notice).toBe(
      `A nota desta venda não chegou a ser autorizada pela SEFAZ e não será enviada. Inutilize o número ${note.number} (série ${note.series}) em Notas Fiscais > Numeração.`,
    );
    expect(await noteOf(note.id)).toMatchObject({ status: 'descartada', cancelRequestedAt: null });
    expect(asked(note.key)).toEqual(['authorize:null', 'consult:217']);
    // Due now, it is still never sent.
    await s.ctx.db
      .update(fiscalNotes)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(fiscalNotes.id, note.id));
    await runQueue();
    expect(asked(note.key)).toEqual(['authorize:null', 'consult:217']);
    const gaps = (await s.http.get('/api/fiscal/gaps', { token: s.admin })).body.data.gaps;
    expect(gaps).toContainEqual({ series: note.series, first: note.number, last: note.number });
    const listed = (await s.http.get(`/api/fiscal/notes?q=${note.key}`, { token: s.admin })).body.data.notes[0];
    expect(listed).toMatchObject({ status: 'descartada', sale_cancelled: true, cancel_requested: false });
    const voided = await s.http.post('/api/fiscal/inutilizations', { series: note.series, first: note.number, last: note.number, justification: 'Venda cancelada antes da nota chegar à SEFAZ' }, keyed()); // prettier-ignore
    expect(voided.status, JSON.stringify(voided.body)).toBe(201);
    expect(voided.body.data).toMatchObject({ status: 'homologada', cstat: 102 });
    expect((await noteOf(note.id)).status).toBe('inutilizada');
    expect(standIn.authorizations(note.key)).toBe(0);
  });

  it("never sent (the outbox's sale, not yet sent): discarded without asking SEFAZ", async () => {
    const p = await s.product();
    const id = randomUUID();
    const sales = [{ key: id, body: saleBody(s.customerId, [{ product: p, quantity: 1 }], { id, offline: true, device_id: s.till.id }) }]; // prettier-ignore
    const batch = await s.http.post('/api/sales/batch', { sales }, { token: s.cashier });
    expect(batch.status).toBe(200);
    const note = batch.body.data.results[0].body.data.fiscal_note;
    const res = await cancelSale(id);
    expect(res.body.data.fiscal_note_notice).toContain('não será enviada');
    expect(await noteOf(note.id)).toMatchObject({ status: 'descartada' });
    expect(asked(note.key)).toEqual([]);
    await runQueue();
    expect(asked(note.key)).toEqual([]);
  });

  it('SEFAZ unreachable when the sale is cancelled: the queue consults and cancels it later, one authorization', async () => {
    const { sale, note } = await saleInDoubt(true);
    standIn.faults.next({ kind: 'http', status: 503 }, { service: 'consult' });
    const res = await cancelSale(sale.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sale_status).toBe('cancelled');
    expect(res.body.data.fiscal_note_notice).toContain(
      'A SEFAZ não respondeu agora. A nota desta venda ainda não pôde ser resolvida',
    );
    const waiting = await noteOf(note.id);
    expect(waiting).toMatchObject({ status: 'pendente', cancelReason: `Venda ${sale.number} cancelada no Balcão: ${REASON}` }); // prettier-ignore
    expect(waiting.cancelRequestedAt).not.toBeNull();
    const listed = (await s.http.get(`/api/fiscal/notes?q=${note.key}`, { token: s.admin })).body.data.notes[0];
    expect(listed).toMatchObject({ status: 'pendente', sale_cancelled: true, cancel_requested: true });
    // The queue (after its backoff) consults, finds it authorized, and cancels it: never resends it.
    await s.ctx.db
      .update(fiscalNotes)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(fiscalNotes.id, note.id));
    expect(await runQueue()).toBe(1);
    expect(await noteOf(note.id)).toMatchObject({ status: 'cancelada', cancelRequestedAt: null });
    expect(asked(note.key)).toEqual(['authorize:100', 'consult:null', 'consult:100', 'event:135']);
    expect(standIn.authorizations(note.key)).toBe(1);
    expect(answerSchemaFailures(standIn)).toEqual([]);
  });

  it('being sent at that moment: the queue resolves it once the send is over', async () => {
    const p = await s.product();
    const res = await s.sell([{ product: p, quantity: 1 }]);
    const note = res.body.data.fiscal_note;
    expect(note.status).toBe('autorizada');
    // As if another process held it right now (its lease running).
    const where = and(eq(fiscalNotes.tenantId, s.tenantId), eq(fiscalNotes.id, note.id));
    await s.ctx.db.update(fiscalNotes).set({ claimedBy: 'outro-processo', claimedUntil: sql`now() + interval '1 hour'` }).where(where); // prettier-ignore
    const cancelled = await cancelSale(res.body.data.id);
    expect(cancelled.body.data.fiscal_note_notice).toContain('está sendo enviada à SEFAZ neste momento');
    expect(asked(note.key)).toEqual(['authorize:100']);
    expect(await runQueue()).toBe(0);
    // The lease ends: the queue takes the authorized note of a cancelled sale and cancels it.
    await s.ctx.db.update(fiscalNotes).set({ claimedBy: null, claimedUntil: null }).where(where);
    expect(await runQueue()).toBe(1);
    expect(await noteOf(note.id)).toMatchObject({ status: 'cancelada', cancelRequestedAt: null });
    expect(asked(note.key)).toEqual(['authorize:100', 'consult:100', 'event:135']);
  });
});
