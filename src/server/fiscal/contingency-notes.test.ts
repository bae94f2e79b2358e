// NFC-e a till issued and signed in offline contingency, received by the server
// (POST /api/fiscal/contingency-notes) and sent by the queue to the stand-in SEFAZ over the
// wire: built by the real builder, signed by the shared signer with the store's A1 key in
// WebCrypto (not extractable, as the till holds it), the till's key registered through the
// API. Accepted and kept once; other bytes under the same number a 409; bad signature, wrong
// series, another till's sale refused with nothing kept; a key removed before the note was
// signed refused and kept 'rejeitada' for the admin; a sale never gets a second note; the
// series' next number; the stored bytes sent byte for byte, in order of issue, once each.
import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signNfce } from '../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { SAMPLE_CNPJ, sampleNote } from '../../shared/fiscal/test/sample-note';
import { createXmlSigner, FISCAL_KEY_ALGORITHM, type XmlSigner } from '../../shared/fiscal/xml-dsig';
import { seededRandom } from '../../shared/seeded-random';
import { fiscalNotes, fiscalSeries } from '../db/schema';
import { databases } from '../test/testDb';
import { createSefazClient, type SefazClient } from './sefaz-client';
import { makeA1, removeA1Files } from './test/a1-files';
import { CSC, expectOfficial, openEmissionStore, type EmissionStore } from './test/emission-fixtures';
import { answerSchemaFailures } from './test/sefaz-rig';
import { startStandInSefaz, type StandInSefaz } from './test/stand-in-sefaz';
import { tillKeyBody } from './test/till-key-fixtures';
import { removeWrittenDocuments, requireTools } from './test/xml-tools';

const MINUTE = 60_000;
const URL = '/api/fiscal/contingency-notes';

describe.each(databases())('contingency notes sent by the till (%s)', (kind) => {
  let s: EmissionStore;
  let standIn: StandInSefaz;
  let client: SefazClient;
  let till: XmlSigner;
  let keyId: string;
  let noNcm: Awaited<ReturnType<EmissionStore['product']>>;
  const start = Date.now();

  beforeAll(async () => {
    requireTools();
    const ca = makeA1({ cnpj: SAMPLE_CNPJ });
    standIn = await startStandInSefaz({ clientCaPem: readFileSync(ca.caPath, 'utf8'), csc: { '1': CSC } });
    client = createSefazClient({ baseUrl: standIn.url, extraCaPem: standIn.caPem });
    s = await openEmissionStore(kind, { port: client, timeoutSeconds: 2 });
    const pkcs8 = createPrivateKey(s.a1.keyPem).export({ type: 'pkcs8', format: 'der' });
    const key = await crypto.subtle.importKey('pkcs8', pkcs8, FISCAL_KEY_ALGORITHM, false, ['sign']);
    till = createXmlSigner({ key, certificate_der: new X509Certificate(s.a1.certPem).raw });
    keyId = (await admin('/api/fiscal/till-keys', tillKeyBody(s.a1, s.till.id))).body.data.id;
    // Sales without a note of the server's (no NCM: 'sem nota'), as a till in contingency makes them.
    noNcm = await s.product({ ncm: null });
  });
  afterAll(async () => {
    await s?.ctx.close();
    client?.close();
    await standIn?.close();
    removeA1Files();
    removeWrittenDocuments();
  });

  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const admin = async (url: string, body?: unknown) => {
    const res = await s.http.post(url, body, keyed(s.admin));
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res;
  };
  const send = (body: object) => s.http.post(URL, body, keyed(s.cashier));
  const sale = async (): Promise<string> => {
    const res = await s.sell([{ product: noNcm, quantity: 1 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.fiscal_note).toBeNull();
    return res.body.data.id;
  };
  const rows = async () => (await s.notes()).filter((n) => n.emissionType === 9);

  /** What the till sends for `saleId`: note `number` issued `minutesAgo` before the test began. */
  async function tillNote(
    saleId: string,
    number: number,
    minutesAgo: number,
    o: { series?: number; seed?: number } = {},
  ) {
    const issued = new Date(Math.floor((start - minutesAgo * MINUTE) / 1000) * 1000);
    const qr = number % 2 ? { version: 3 as const } : { version: 2 as const, csc_id: '000001', csc: CSC };
    const note = sampleNote({
      series: o.series ?? s.till.series,
      number,
      issued_at: issued.toISOString(),
      qr,
      contingency: { started_at: new Date(issued.getTime() - 5 * MINUTE).toISOString(), reason: 'Sem conexão com a internet' }, // prettier-ignore
    });
    const built = buildNfce(note, seededRandom(o.seed ?? number));
    const { xml } = await signNfce(built, till);
    return {
      sale_id: saleId,
      device_id: s.till.id,
      series: note.series,
      number,
      access_key: built.key,
      issued_at: issued.toISOString(),
      xml,
      certificate_der: till.certificateBase64,
    };
  }

  it('accepts a signed note, keeps its exact bytes once (sent twice), pendente in contingency', async () => {
    const body = await tillNote(await sale(), 40, 50);
    const first = await send(body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'pendente', emission_type: 9, series: s.till.series, number: 40, key: body.access_key }); // prettier-ignore
    const again = await send(body);
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    const kept = (await rows()).filter((n) => n.number === 40);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.xml).toBe(body.xml);
    expect(kept[0]).toMatchObject({ tillKeyId: keyId, contingencyReason: 'Sem conexão com a internet', deviceId: s.till.id }); // prettier-ignore
    expect(kept[0]!.qrCode).toBe(/<qrCode>([^<]+)</.exec(body.xml)![1]);
    expectOfficial(kept, s.a1.caPath);
  });

  it('the same number with other bytes is a conflict; the sale keeps one note', async () => {
    const saleId = await sale();
    expect((await send(await tillNote(saleId, 42, 48))).status).toBe(201);
    const other = await send(await tillNote(saleId, 42, 48, { seed: 999 }));
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('A nota nº 42 da série 7 já foi recebida com outro conteúdo: a nota não foi aceita.');
    const second = await send(await tillNote(saleId, 43, 47));
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('Esta venda já tem a NFC-e nº 42 (pendente): uma venda não fica com duas notas.');
    expect((await rows()).filter((n) => n.saleId === saleId).map((n) => n.number)).toEqual([42]);
    expect((await rows()).some((n) => n.number === 43)).toBe(false);
  });

  it('refuses, keeping nothing: a changed byte (bad signature), another series, another till, a key that is not the Id', async () => {
    const saleId = await sale();
    const body = await tillNote(saleId, 44, 46);
    const tampered = await send({ ...body, xml: body.xml.replace('<vNF>', '<vNF>1') });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error).toContain('A assinatura da nota não confere');
    const series = await send(await tillNote(saleId, 44, 46, { series: 8 }));
    expect(series.status).toBe(400);
    expect(series.body.error).toBe(`A série 8 não é a deste caixa (série ${s.till.series}): a nota não foi aceita.`);
    const other = await admin('/api/devices', { id: randomUUID(), label: 'Outro caixa' });
    const otherTill = await send({ ...body, device_id: other.body.data.id });
    expect(otherTill.body.error).toBe('Esta venda foi feita por outro caixa: a nota deste caixa não foi aceita.');
    const wrongKey = await send({ ...body, access_key: `${body.access_key.slice(0, 43)}0` === body.access_key ? `${body.access_key.slice(0, 43)}1` : `${body.access_key.slice(0, 43)}0` }); // prettier-ignore
    expect(wrongKey.body.error).toBe('A chave de acesso enviada não é a do XML (Id da infNFe): a nota não foi aceita.');
    const noSale = await send({ ...body, sale_id: randomUUID() });
    expect(noSale.body.error).toBe('A venda desta nota não foi encontrada nesta loja: envie a venda antes da nota.');
    expect((await rows()).some((n) => n.number === 44)).toBe(false);
  });

  it("raises the series' next number to the note's + 1, never lowers it", async () => {
    const next = async () =>
      (await s.ctx.db.select().from(fiscalSeries).where(and(eq(fiscalSeries.tenantId, s.tenantId), eq(fiscalSeries.series, s.till.series))))[0]!.nextNumber; // prettier-ignore
    expect(await next()).toBe(43);
    expect((await send(await tillNote(await sale(), 60, 40))).status).toBe(201);
    expect(await next()).toBe(61);
    expect((await send(await tillNote(await sale(), 45, 45))).status).toBe(201);
    expect(await next()).toBe(61);
  });

  it('a note signed after an admin removed the till key is refused and kept rejeitada for the admin; one signed before is accepted', async () => {
    await admin(`/api/fiscal/till-keys/${keyId}/revoke`);
    const late = await tillNote(await sale(), 62, -1); // issued a minute after the test began
    const refused = await send(late);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^A chave deste caixa foi removida em \d{2}\/\d{2}\/\d{4} por .+ A nota não foi aceita\.$/); // prettier-ignore
    expect(refused.body.details.note).toMatchObject({ status: 'rejeitada', number: 62 });
    expect((await send(late)).body.error).toBe(refused.body.error);
    const listed = await s.http.get('/api/fiscal/notes?status=rejeitada', { token: s.admin });
    const shown = listed.body.data.notes.filter((n: { number: number }) => n.number === 62);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ status: 'rejeitada', emission_type: 9, reason: refused.body.error });
    // 'Reenviar' makes it again on the server with the same key (notes/contingency-rebuild.test.ts).
    const before = await send(await tillNote(await sale(), 46, 44));
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    keyId = (await admin('/api/fiscal/till-keys', tillKeyBody(s.a1, s.till.id))).body.data.id;
  });

  it('the queue sends each stored note byte for byte, in order of issue, authorized once with its protocol', async () => {
    // Sent to the server out of order; a rejection by SEFAZ kept as online notes' are.
    for (const [number, ago] of [[52, 30], [50, 32], [51, 31]] as const) expect((await send(await tillNote(await sale(), number, ago))).status).toBe(201); // prettier-ignore
    standIn.faults.next({ kind: 'reject', cstat: 778 }, { service: 'authorize' });
    while ((await s.ctx.app.emission.queue!.runOnce()) > 0);
    const notes = await rows();
    const sent = notes.filter((n) => n.status !== 'rejeitada' || n.cstat !== null);
    expect(sent.map((n) => n.number).sort((a, b) => a - b)).toEqual([40, 42, 45, 46, 50, 51, 52, 60]);
    const authorizes = standIn.received.filter((r) => r.service === 'authorize');
    const byIssue = [...sent].sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime());
    expect(authorizes.map((r) => r.key)).toEqual(byIssue.map((n) => n.key));
    for (const note of sent) {
      const request = authorizes.find((r) => r.key === note.key)!;
      expect(request.document).toContain(`<indSinc>1</indSinc>${note.xml}</enviNFe>`);
    }
    const [rejected, ...authorized] = byIssue;
    expect(rejected).toMatchObject({ status: 'rejeitada', cstat: 778 });
    expect(rejected!.reason).toBeTruthy();
    for (const note of authorized) {
      expect(note.status).toBe('autorizada');
      expect(standIn.authorizations(note.key)).toBe(1);
      expect(note.protocolXml).toContain(`<chNFe>${note.key}</chNFe>`);
    }
    // The till's note refused by its key is never sent.
    const refused = notes.find((n) => n.number === 62)!;
    expect(refused).toMatchObject({ status: 'rejeitada', cstat: null });
    expect(standIn.received.some((r) => r.key === refused.key)).toBe(false);
    expect(answerSchemaFailures(standIn)).toEqual([]);
    const stored = await s.ctx.db.select().from(fiscalNotes).where(eq(fiscalNotes.tenantId, s.tenantId));
    expect(stored.filter((n) => n.emissionType === 1)).toEqual([]);
  });

  it("a sale synced from the till with its note's marker (fiscal_contingency): no note of the server's, the till's note accepted and authorized", async () => {
    const product = await s.product({ name: 'Caderno com NCM' });
    const saleKey = randomUUID();
    const body = await tillNote(randomUUID(), 70, 10);
    const marker = { series: body.series, number: body.number, key: body.access_key };
    const synced = await s.sell([{ product, quantity: 1 }], { offline: true, fiscal_contingency: marker }, saleKey);
    expect(synced.status, JSON.stringify(synced.body)).toBe(201);
    expect(synced.body.data.fiscal_note ?? null).toBeNull();
    const saleId = synced.body.data.id;
    expect((await s.notes()).filter((n) => n.saleId === saleId)).toEqual([]);
    const accepted = await send({ ...body, sale_id: saleId });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    while ((await s.ctx.app.emission.queue!.runOnce()) > 0);
    const kept = (await s.notes()).filter((n) => n.saleId === saleId);
    expect(kept.map((n) => [n.number, n.emissionType, n.status])).toEqual([[70, 9, 'autorizada']]);
    expect(standIn.authorizations(body.access_key)).toBe(1);
  });
});
