// 'Notas Fiscais' against the stand-in SEFAZ through the real client (SOAP 1.2, mutual TLS
// with the store's uploaded A1): a note the stand-in authorized is cancelled from the API;
// with the store's window wider than the state's, the stand-in's own refusal (its clock past
// 30 minutes) reaches the admin with its code and the note stands; an inutilização is
// homologated, and one whose answer was lost is tried again into the same row (563). The stand-in validates every request against the schemas and its signature.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signNfce } from '../../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../../shared/fiscal/nfce-xml';
import { sampleNote } from '../../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../../shared/seeded-random';
import { fiscalInutilizations, fiscalNotes, fiscalSeries } from '../../db/schema';
import { NO_STORE, TEST_FISCAL_SECRET, useTestStore } from '../../test/helpers';
import { databases } from '../../test/testDb';
import { storeSigningMaterial } from '../certificate-store';
import { createSecretBox } from '../secret-box';
import type { SefazPort } from '../sefaz-port';
import { removeA1Files } from '../test/a1-files';
import { setUpEmitter } from '../test/note-fixtures';
import { startRig, type SefazRig } from '../test/sefaz-rig';
import { removeWrittenDocuments, requireTools } from '../test/xml-tools';
import { createPemSigner } from '../xml-signature';

describe.each(databases())("'Notas Fiscais' against the stand-in SEFAZ (%s)", (kind) => {
  let { ctx, http, tenantId, admin } = NO_STORE;
  let rig: SefazRig;
  // The app is built before the stand-in starts: the port reaches the rig's client when called.
  const port: SefazPort = {
    authorize: (...a) => rig.client.authorize(...a),
    consult: (...a) => rig.client.consult(...a),
    sendEvent: (...a) => rig.client.sendEvent(...a),
    inutilize: (...a) => rig.client.inutilize(...a),
    status: (...a) => rig.client.status(...a),
  };
  useTestStore(kind, (store) => ({ ctx, http, tenantId, admin } = store), {}, { sefaz: port });
  beforeAll(async () => {
    requireTools();
    const caPath = await setUpEmitter(http, admin);
    rig = await startRig({ clientCaPem: readFileSync(caPath, 'utf8') });
  });
  afterAll(async () => {
    await rig?.close();
    removeA1Files();
    removeWrittenDocuments();
  });
  const keyed = () => ({ token: admin, headers: { 'Idempotency-Key': randomUUID() } });

  /** A note built now, signed with the store's A1, authorized by the stand-in and kept as the emission keeps it. */
  async function authorizedNote(number: number) {
    const material = (await storeSigningMaterial(ctx.db, createSecretBox(TEST_FISCAL_SECRET), tenantId))!;
    const now = new Date(Date.now() + rig.skew.ms);
    const built = buildNfce(sampleNote({ number, issued_at: now.toISOString() }), seededRandom(number));
    const { xml: signed, qr_code } = await signNfce(built, createPemSigner(material));
    const target = { ...rig.target, keyPem: material.keyPem, certPem: material.certPem };
    const answer = await rig.client.authorize(target, signed, String(number));
    expect(answer.note?.cstat, answer.note?.reason).toBe(100);
    const [row] = await ctx.db
      .insert(fiscalNotes)
      .values({
        tenantId,
        environment: 'homologacao',
        series: 1,
        number,
        key: built.key,
        numericCode: built.numeric_code,
        issuedAt: now,
        issuedAtLocal: built.issued_at_local,
        status: 'autorizada',
        xml: signed,
        protocolXml: answer.note!.xml,
        protocol: answer.note!.protocol,
        authorizedAt: answer.note!.received_at,
        cstat: 100,
        reason: answer.note!.reason,
        qrCode: qr_code,
        urlChave: built.url_chave,
        total: built.totals.total,
        change: built.totals.change,
      })
      .returning();
    await ctx.db
      .insert(fiscalSeries)
      .values({ tenantId, environment: 'homologacao', series: 1, nextNumber: number + 1 })
      .onConflictDoUpdate({
        target: [fiscalSeries.tenantId, fiscalSeries.environment, fiscalSeries.series],
        set: { nextNumber: number + 1 },
      });
    return row!;
  }
  const statusOf = async (id: string) =>
    (
      await ctx.db
        .select()
        .from(fiscalNotes)
        .where(and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.id, id)))
    )[0]!.status;

  it('cancels a note the stand-in authorized; past the state window the stand-in refuses and the note stands', async () => {
    const note = await authorizedNote(1);
    const res = await http.post(`/api/fiscal/notes/${note.id}/cancel`, { justification: 'Cliente desistiu da compra' }, keyed()); // prettier-ignore
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('cancelada');
    expect(res.body.data.events[0]).toMatchObject({ type: '110111', cstat: 135 });
    expect(rig.standIn.received.at(-1)).toMatchObject({ service: 'event', key: note.key, cstat: 135 });

    const late = await authorizedNote(2);
    expect((await http.put('/api/fiscal/settings', { cancel_window_minutes: 24 * 60 }, keyed())).status).toBe(200);
    rig.skew.ms = 40 * 60_000;
    try {
      const refused = await http.post(`/api/fiscal/notes/${late.id}/cancel`, { justification: 'Cliente desistiu da compra' }, keyed()); // prettier-ignore
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(
        /^A SEFAZ recusou o cancelamento \(\d{3}: .+\)\. A nota continua autorizada\.$/,
      );
      expect(await statusOf(late.id)).toBe('autorizada');
    } finally {
      rig.skew.ms = 0;
    }
  });

  it('voids a skipped number with the stand-in', async () => {
    await authorizedNote(5);
    const res = await http.post(
      '/api/fiscal/inutilizations',
      { series: 1, first: 3, last: 4, justification: 'Números saltados por falha do caixa' },
      keyed(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'homologada', cstat: 102 });
    expect(rig.standIn.received.at(-1)).toMatchObject({ service: 'inutilize', cstat: 102 });
  });

  it('an inutilização whose answer is lost stays em dúvida; tried again, the stand-in says 563 and it is homologada, one row', async () => {
    await authorizedNote(20);
    const body = { series: 1, first: 17, last: 19, justification: 'Números saltados por falha do caixa' };
    // The stand-in voids the numbers and never answers: the client gives up at the store's time limit.
    expect((await http.put('/api/fiscal/settings', { emission_timeout_seconds: 1 }, keyed())).status).toBe(200);
    rig.standIn.faults.next({ kind: 'no-answer', processFirst: true }, { service: 'inutilize' });
    const lost = await http.post('/api/fiscal/inutilizations', body, keyed());
    expect(lost.status, JSON.stringify(lost.body)).toBe(201);
    expect(lost.body.data).toMatchObject({ status: 'pendente', protocol: null });
    // The stand-in may still be voiding them (xmllint, xmlsec1) when the client has given up.
    await vi.waitFor(() => expect(rig.standIn.received.at(-1)).toMatchObject({ service: 'inutilize', cstat: 102 }), { timeout: 15_000 }); // prettier-ignore
    const gaps = (await http.get('/api/fiscal/gaps', { token: admin })).body.data;
    expect(gaps.in_doubt.map((i: { id: string }) => i.id)).toEqual([lost.body.data.id]);
    expect(gaps.gaps).not.toContainEqual({ series: 1, first: 17, last: 19 });
    // A part of it as another range is refused before anything is sent.
    const sent = rig.standIn.received.length;
    expect((await http.post('/api/fiscal/inutilizations', { ...body, first: 18 }, keyed())).status).toBe(409);
    expect(rig.standIn.received.length).toBe(sent);

    const again = await http.post('/api/fiscal/inutilizations', body, keyed());
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data).toMatchObject({ id: lost.body.data.id, status: 'homologada', cstat: 563 });
    const asked = rig.standIn.received.filter((r) => r.service === 'inutilize').slice(-2);
    expect(asked.map((r) => r.cstat)).toEqual([102, 563]);
    expect(asked[1]!.document).toBe(asked[0]!.document);
    const rows = await ctx.db.select().from(fiscalInutilizations).where(and(eq(fiscalInutilizations.tenantId, tenantId), eq(fiscalInutilizations.first, 17))); // prettier-ignore
    expect(rows.map((r) => r.status)).toEqual(['homologada']);
    expect((await http.get('/api/fiscal/gaps', { token: admin })).body.data.in_doubt).toEqual([]);
    expect((await http.put('/api/fiscal/settings', { emission_timeout_seconds: 15 }, keyed())).status).toBe(200);
  });
});
