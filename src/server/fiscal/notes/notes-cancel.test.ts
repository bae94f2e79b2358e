// 'Notas Fiscais' through the API: admins only; the list's filters and pages; a note's
// detail with its nfeProc (valid against procNFe_v4.00.xsd); the cancel 110111 inside the
// window (its event valid against eventoCancNFe and signed, as xmlsec1 verifies), refused
// outside it, refused by SEFAZ or unanswered with nothing changed; a sale cancelled in
// Balcão cancelling its note, or saying why the note stands; 'Reenviar' of a pending note
// and of a rejected one (rebuilt with the same number, signed again).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleNote, SAMPLE_ITEMS } from '../../../shared/fiscal/test/sample-note';
import { fiscalNoteEvents, fiscalNotes } from '../../db/schema';
import { NO_STORE, NO_UUID, useTestStore } from '../../test/helpers';
import { makeCustomer, makeProduct, saleBody } from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';
import { removeA1Files } from '../test/a1-files';
import { insertNote, setUpEmitter } from '../test/note-fixtures';
import { scriptedSefazEvents } from '../test/scripted-sefaz-events';
import {
  removeWrittenDocuments,
  requireTools,
  schemaFailures,
  SCHEMAS,
  verifySignature,
  writeDocuments,
} from '../test/xml-tools';
import type { NoteRebuilder } from './note-rebuilder';

const MIN = 60_000;
const JUST = 'Cliente desistiu da compra no caixa';

describe.each(databases())("'Notas Fiscais': list, detail, cancel, resend (%s)", (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  let caPath = '';
  const sefaz = scriptedSefazEvents();
  const rebuilt: { saleId: string; number: number }[] = [];
  // The emission's mapping stands here as the sale's note with 'today's' description.
  const rebuildNote: NoteRebuilder = async (_t, note) => {
    rebuilt.push({ saleId: note.saleId, number: note.number });
    return sampleNote({ items: [{ ...SAMPLE_ITEMS[0]!, description: 'Café torrado 500 g (novo nome)' }], discount: 0, payments: [{ method: 'cash', amount: 5000 }] }); // prettier-ignore
  };
  useTestStore(kind, (store) => ({ ctx, http, tenantId, admin, cashier } = store), {}, { sefaz, rebuildNote });
  beforeAll(async () => {
    requireTools();
    caPath = await setUpEmitter(http, admin);
  });
  afterAll(() => {
    removeA1Files();
    removeWrittenDocuments();
  });
  const keyed = (token = admin) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const cancel = (id: string, justification = JUST) =>
    http.post(`/api/fiscal/notes/${id}/cancel`, { justification }, keyed());
  const noteRow = async (id: string) =>
    (
      await ctx.db
        .select()
        .from(fiscalNotes)
        .where(and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.id, id)))
    )[0]!;

  it('is for admins only; lists with filters and pages; the detail carries the nfeProc', async () => {
    const day = new Date('2026-11-10T15:00:00Z');
    const a = await insertNote(ctx.db, tenantId, { number: 1, at: day });
    await insertNote(ctx.db, tenantId, { number: 2, at: new Date(day.getTime() + MIN), status: 'pendente' });
    await insertNote(ctx.db, tenantId, { number: 3, at: new Date('2026-11-11T02:30:00Z'), status: 'rejeitada', cstat: 778, reason: 'Rejeição: Informado NCM inexistente' }); // prettier-ignore
    await insertNote(ctx.db, tenantId, { number: 1, series: 2, at: day });

    expect((await http.get('/api/fiscal/notes', { token: cashier })).status).toBe(403);
    expect((await http.get(`/api/fiscal/notes/${a.id}`, { token: cashier })).status).toBe(403);
    expect((await http.post(`/api/fiscal/notes/${a.id}/cancel`, { justification: JUST }, keyed(cashier))).status).toBe(403); // prettier-ignore
    expect((await http.post(`/api/fiscal/notes/${a.id}/resend`, undefined, keyed(cashier))).status).toBe(403);

    const all = await http.get('/api/fiscal/notes?limit=2', { token: admin });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.pagination).toMatchObject({ total: 4, totalPages: 2 });
    expect(all.body.data.notes.map((n: { number: number }) => n.number)).toEqual([3, 2]);
    // The dashboard tells the admin (only) of the rejected note.
    expect((await http.get('/api/dashboard/alerts', { token: admin })).body.data.rejectedNotes).toBe(1);
    expect((await http.get('/api/dashboard/alerts', { token: cashier })).body.data.rejectedNotes).toBe(0);
    const rejected = await http.get('/api/fiscal/notes?status=rejeitada', { token: admin });
    expect(rejected.body.data.notes).toHaveLength(1);
    expect(rejected.body.data.notes[0]).toMatchObject({ number: 3, cstat: 778 });
    expect(rejected.body.data.notes[0].what_to_fix).toContain('NCM');
    // 02:30 UTC on the 11th is still the 10th in São Paulo.
    const tenth = await http.get('/api/fiscal/notes?from=2026-11-10&to=2026-11-10&series=1', { token: admin });
    expect(tenth.body.data.notes.map((n: { number: number }) => n.number)).toEqual([3, 2, 1]);
    expect((await http.get('/api/fiscal/notes?from=2026-11-11', { token: admin })).body.data.notes).toEqual([]);
    const byKey = await http.get(`/api/fiscal/notes?q=${a.key}`, { token: admin });
    expect(byKey.body.data.notes.map((n: { id: string }) => n.id)).toEqual([a.id]);
    expect((await http.get('/api/fiscal/notes?q=2', { token: admin })).body.data.notes[0].number).toBe(2);
    expect((await http.get('/api/fiscal/notes?status=nenhum', { token: admin })).status).toBe(400);

    const detail = await http.get(`/api/fiscal/notes/${a.id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ status: 'autorizada', key: a.key, protocol: a.protocol, events: [] });
    expect(
      detail.body.data.xml.startsWith('<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe'),
    ).toBe(true);
    expect(schemaFailures(writeDocuments([detail.body.data.xml], 'nfeproc'), SCHEMAS.procNFe)).toEqual([]);
    expect((await http.get(`/api/fiscal/notes/${NO_UUID}`, { token: admin })).status).toBe(404);
  });

  it('cancels within the window: the signed event is kept with its protocol, the note cancelada', async () => {
    const note = await insertNote(ctx.db, tenantId, { number: 10, at: new Date(Date.now() - 5 * MIN) });
    const short = await cancel(note.id, 'curta demais');
    expect(short.status).toBe(400);
    expect(short.body.error).toContain('mínimo de 15 caracteres');

    const res = await cancel(note.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelada', cancel_reason: JUST });
    expect(res.body.data.events).toEqual([expect.objectContaining({ type: '110111', sequence: 1, cstat: 135, justification: JUST })]); // prettier-ignore
    const sent = sefaz.received.at(-1)!;
    expect(sent.kind).toBe('event');
    expect(sent.target).toMatchObject({ uf: 'SP', environment: 2 });
    expect(sent.xml).toContain(`<chNFe>${note.key}</chNFe>`);
    expect(sent.xml).toContain(`<nProt>${note.protocol}</nProt>`);
    const [event] = await ctx.db.select().from(fiscalNoteEvents).where(eq(fiscalNoteEvents.noteId, note.id));
    const [path] = writeDocuments([event!.xml], 'evento');
    expect(schemaFailures([path!], SCHEMAS.eventoCanc)).toEqual([]);
    expect(verifySignature(path!, caPath).ok).toBe(true);
    expect((await noteRow(note.id)).cancelledAt).not.toBeNull();
    const again = await cancel(note.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Esta nota já está cancelada.');
  });

  it('outside the window the note stands, and the admin is told why and about the NF-e de devolução', async () => {
    const note = await insertNote(ctx.db, tenantId, { number: 11, at: new Date(Date.now() - 31 * MIN) });
    const before = sefaz.received.length;
    const res = await cancel(note.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('o prazo de cancelamento (30 minutos) terminou: ela continua válida');
    expect(res.body.error).toContain('NF-e de devolução, que o Balcão ainda não emite');
    expect(sefaz.received.length).toBe(before);
    // A wider window, as a state may give: the same note is cancelled.
    expect((await http.put('/api/fiscal/settings', { cancel_window_minutes: 24 * 60 }, keyed())).status).toBe(200);
    expect((await cancel(note.id)).body.data.status).toBe('cancelada');
    expect((await http.put('/api/fiscal/settings', { cancel_window_minutes: 30 }, keyed())).status).toBe(200);
  });

  it("SEFAZ's refusal or silence changes nothing; a pending or rejected note is not cancelled", async () => {
    const note = await insertNote(ctx.db, tenantId, { number: 12, at: new Date(Date.now() - MIN) });
    sefaz.script.events.push({ cstat: 580, reason: 'Rejeição: O evento exige uma NF-e autorizada' }, 'silent');
    const refused = await cancel(note.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('A SEFAZ recusou o cancelamento (580: Rejeição: O evento exige uma NF-e autorizada). A nota continua autorizada.'); // prettier-ignore
    const silent = await cancel(note.id);
    expect(silent.status).toBe(409);
    expect(silent.body.error).toContain('A SEFAZ não respondeu ao cancelamento');
    expect((await noteRow(note.id)).status).toBe('autorizada');
    expect(await ctx.db.select().from(fiscalNoteEvents).where(eq(fiscalNoteEvents.noteId, note.id))).toEqual([]);
    const pending = await insertNote(ctx.db, tenantId, { number: 13, status: 'pendente' });
    expect((await cancel(pending.id)).body.error).toContain('ainda não foi autorizada');
  });

  it('a sale cancelled in Balcão cancels its note in the window; outside it the sale is cancelled and the answer says the note stands', async () => {
    const product = await makeProduct(ctx.db, tenantId, { stock: 10 });
    const customer = await makeCustomer(ctx.db, tenantId);
    const sell = async () => {
      const res = await http.post('/api/sales', saleBody(customer.id, [{ product, quantity: 1 }]), keyed(cashier));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { id: string; number: string };
    };
    const cancelSale = (id: string) => http.put(`/api/sales/${id}/cancel`, { reason: 'Troca de ideia' }, keyed());
    const inWindow = await sell();
    const n1 = await insertNote(ctx.db, tenantId, { number: 20, saleId: inWindow.id, at: new Date(Date.now() - MIN) });
    const res = await cancelSale(inWindow.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sale_status).toBe('cancelled');
    expect(res.body.data.fiscal_note_notice ?? null).toBeNull();
    expect((await noteRow(n1.id)).status).toBe('cancelada');
    expect(sefaz.received.at(-1)!.xml).toContain(
      `<xJust>Venda ${inWindow.number} cancelada no Balcão: Troca de ideia</xJust>`,
    );

    const late = await sell();
    const n2 = await insertNote(ctx.db, tenantId, { number: 21, saleId: late.id, at: new Date(Date.now() - 40 * MIN) });
    const lateRes = await cancelSale(late.id);
    expect(lateRes.status).toBe(200);
    expect(lateRes.body.data.sale_status).toBe('cancelled');
    expect(lateRes.body.data.fiscal_note_notice).toContain('A venda foi cancelada, mas a nota fiscal não');
    expect(lateRes.body.data.fiscal_note_notice).toContain('NF-e de devolução');
    expect((await noteRow(n2.id)).status).toBe('autorizada');

    const refused = await sell();
    const n3 = await insertNote(ctx.db, tenantId, { number: 22, saleId: refused.id, at: new Date(Date.now() - MIN) });
    sefaz.script.events.push('silent');
    const refusedRes = await cancelSale(refused.id);
    expect(refusedRes.body.data.sale_status).toBe('cancelled');
    expect(refusedRes.body.data.fiscal_note_notice).toContain('A SEFAZ não respondeu');
    expect((await noteRow(n3.id)).status).toBe('autorizada');
  });

  it("'Reenviar': a pending note goes back to the queue now; a rejected one is rebuilt with the same number and signed again", async () => {
    const pending = await insertNote(ctx.db, tenantId, { number: 30, status: 'pendente' });
    const before = await noteRow(pending.id);
    const res = await http.post(`/api/fiscal/notes/${pending.id}/resend`, undefined, keyed());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await noteRow(pending.id);
    expect(after.nextAttemptAt.getTime()).toBeLessThan(before.nextAttemptAt.getTime());
    expect(after.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(after.xml).toBe(before.xml);

    const product = await makeProduct(ctx.db, tenantId, { stock: 5 });
    const customer = await makeCustomer(ctx.db, tenantId);
    const sale = await http.post('/api/sales', saleBody(customer.id, [{ product, quantity: 1 }]), keyed(cashier));
    const rejected = await insertNote(ctx.db, tenantId, { number: 31, status: 'rejeitada', saleId: sale.body.data.id, cstat: 778, reason: 'Rejeição: Informado NCM inexistente' }); // prettier-ignore
    const redo = await http.post(`/api/fiscal/notes/${rejected.id}/resend`, undefined, keyed());
    expect(redo.status, JSON.stringify(redo.body)).toBe(200);
    expect(redo.body.data).toMatchObject({ status: 'pendente', number: 31, series: 1, cstat: null, reason: null });
    expect(rebuilt.at(-1)).toEqual({ saleId: sale.body.data.id, number: 31 });
    const row = await noteRow(rejected.id);
    expect(row.xml).not.toBe(rejected.xml);
    expect(row.xml).toContain('<nNF>31</nNF>');
    expect(row.xml).toContain('NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO');
    expect(row.numericCode).toBe(rejected.numericCode);
    const [path] = writeDocuments([row.xml], 'reenvio');
    expect(schemaFailures([path!])).toEqual([]);
    expect(verifySignature(path!, caPath).ok).toBe(true);

    const authorized = await insertNote(ctx.db, tenantId, { number: 32 });
    const nothing = await http.post(`/api/fiscal/notes/${authorized.id}/resend`, undefined, keyed());
    expect(nothing.status).toBe(409);
    expect(nothing.body.error).toBe('Esta nota já está autorizada: não há o que reenviar.');
  });
});
