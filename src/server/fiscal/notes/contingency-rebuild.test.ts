// 'Reenviar' of a rejected note a till signed in offline contingency, against the stand-in
// SEFAZ over the wire. The till's note is made of the sale by the emission's mapping (the
// same bytes the till makes: till-note.test.ts), signed with the store's A1 key in WebCrypto
// (not extractable, as the till holds it) and received through the API. SEFAZ refuses it
// (778, NCM inexistente); the admin fixes the product's NCM; Reenviar makes it again on the
// server with the same access key, series, number, dhEmi, dhCont, xJust and cNF, the new
// NCM, a new signature by the store's A1 (nfe_v4.00.xsd and xmlsec1), and the queue has it
// authorized once. A note the server refused because the till's key had been removed is
// made again likewise; past the deadline it is still made again, and the answer says so;
// the same request twice rebuilds once.
import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccessKey } from '../../../shared/fiscal/access-key';
import { signNfce } from '../../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../../shared/fiscal/nfce-xml';
import { noteOfSale } from '../../../shared/fiscal/sale-note';
import { SAMPLE_CNPJ } from '../../../shared/fiscal/test/sample-note';
import { localDateTime, UF_CODE } from '../../../shared/fiscal/uf';
import { createXmlSigner, FISCAL_KEY_ALGORITHM, type XmlSigner } from '../../../shared/fiscal/xml-dsig';
import { seededRandom } from '../../../shared/seeded-random';
import { databases } from '../../test/testDb';
import { createSefazClient, type SefazClient } from '../sefaz-client';
import { makeA1, removeA1Files } from '../test/a1-files';
import { CSC, expectOfficial, openEmissionStore, type EmissionStore } from '../test/emission-fixtures';
import { answerSchemaFailures } from '../test/sefaz-rig';
import { startStandInSefaz, type StandInSefaz } from '../test/stand-in-sefaz';
import { tillKeyBody } from '../test/till-key-fixtures';
import { removeWrittenDocuments, requireTools } from '../test/xml-tools';
import { saleForNoteOf } from './note-rebuilder';

const MINUTE = 60_000;
type Product = Awaited<ReturnType<EmissionStore['product']>>;
type QrSettings = { version: 3 } | { version: 2; csc_id: string; csc: string };
const BAD_NCM = '99999999';
const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);
/** What the rebuilt note must keep of the till's, as written in its ide. */
const KEPT = ['serie', 'nNF', 'cNF', 'dhEmi', 'tpEmis', 'cDV', 'dhCont', 'xJust'];

describe.each(databases())("'Reenviar' makes a rejected contingency note again with its key (%s)", (kind) => {
  let s: EmissionStore;
  let standIn: StandInSefaz;
  let client: SefazClient;
  let till: XmlSigner;
  let keyId: string;

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
  });
  afterAll(async () => {
    await s?.ctx.close();
    client?.close();
    await standIn?.close();
    removeA1Files();
    removeWrittenDocuments();
  });

  const keyed = (token: string, key = randomUUID()) => ({ token, headers: { 'Idempotency-Key': key } });
  const admin = async (url: string, body?: unknown) => {
    const res = await s.http.post(url, body, keyed(s.admin));
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res;
  };
  const row = async (id: string) => (await s.notes()).find((n) => n.id === id)!;
  const drain = async () => {
    while ((await s.ctx.app.emission.queue!.runOnce()) > 0);
  };

  /**
   * A sale of `product` made at the till in contingency and its note `number`, issued
   * `minutesAgo`: the sale synced with its note's marker, then the note (made of the sale as
   * the till makes it, QR v3 offline unless `qr` says v2, signed with the till's key) sent
   * to the server.
   */
  async function tillSale(product: Product, number: number, minutesAgo: number, qr: QrSettings = { version: 3 }) {
    const issuedAt = new Date(Math.floor((Date.now() - minutesAgo * MINUTE) / 1000) * 1000);
    const place = { series: s.till.series, number, issuedAt };
    const numeric_code = String(10_000_000 + number * 7919);
    const dhEmi = localDateTime(issuedAt, 'SP');
    const key = buildAccessKey({ uf_code: UF_CODE.SP, year_month: dhEmi.slice(2, 4) + dhEmi.slice(5, 7), cnpj: SAMPLE_CNPJ, series: place.series, number, emission_type: 9, numeric_code }); // prettier-ignore
    const marker = { series: place.series, number, key };
    const sold = await s.sell([{ product, quantity: 2 }], { offline: true, fiscal_contingency: marker });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const saleId: string = sold.body.data.id;
    const context = await s.ctx.app.emission.sales.emitters.get(s.ctx.db, s.tenantId);
    const sale = (await saleForNoteOf(s.ctx.db, s.tenantId, saleId, null))!;
    const contingency = { started_at: new Date(issuedAt.getTime() - 3 * MINUTE).toISOString(), reason: 'Sem conexão com a SEFAZ' }; // prettier-ignore
    const note = { ...noteOfSale(sale, context, place, new Map()), qr, numeric_code, contingency }; // prettier-ignore
    const built = buildNfce(note, seededRandom(number));
    expect(built.key).toBe(key);
    const { xml } = await signNfce(built, till);
    return s.http.post(
      '/api/fiscal/contingency-notes',
      { sale_id: saleId, device_id: s.till.id, series: place.series, number, access_key: key, issued_at: issuedAt.toISOString(), xml, certificate_der: till.certificateBase64 }, // prettier-ignore
      keyed(s.cashier),
    );
  }

  it('778: the NCM fixed, Reenviar makes it again with the same key, signed by the A1, authorized once; twice is once', async () => {
    const shirt = await s.product({ ncm: BAD_NCM, price: 2500, name: 'Camiseta' });
    const received = await tillSale(shirt, 30, 40);
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    const id: string = received.body.data.id;
    standIn.faults.next({ kind: 'reject', cstat: 778 }, { service: 'authorize' });
    await drain();
    const rejected = await row(id);
    expect(rejected).toMatchObject({ status: 'rejeitada', cstat: 778, emissionType: 9, tillKeyId: keyId });
    expect(tag(rejected.xml, 'NCM')).toEqual([BAD_NCM]);
    const shown = (await s.http.get(`/api/fiscal/notes/${id}`, { token: s.admin })).body.data;
    expect(shown.what_to_fix).toContain('corrija o NCM em Produtos');
    expect(shown.what_to_fix).toContain('mesma chave de acesso');

    const fixed = await s.http.put(`/api/products/${shirt.id}`, { ncm: '6109.90.00' }, keyed(s.admin));
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const once = keyed(s.admin);
    const redo = await s.http.post(`/api/fiscal/notes/${id}/resend`, undefined, once);
    expect(redo.status, JSON.stringify(redo.body)).toBe(200);
    expect(redo.body.data).toMatchObject({ status: 'pendente', emission_type: 9, key: rejected.key, cstat: null, notice: null }); // prettier-ignore
    const rebuilt = await row(id);
    const again = await s.http.post(`/api/fiscal/notes/${id}/resend`, undefined, once);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(redo.body);
    expect((await row(id)).xml).toBe(rebuilt.xml);

    expect(rebuilt).toMatchObject({ key: rejected.key, series: rejected.series, number: rejected.number, numericCode: rejected.numericCode, issuedAtLocal: rejected.issuedAtLocal, tillKeyId: null }); // prettier-ignore
    expect(rebuilt.issuedAt.getTime()).toBe(rejected.issuedAt.getTime());
    for (const name of KEPT) expect(tag(rebuilt.xml, name), name).toEqual(tag(rejected.xml, name));
    expect(tag(rebuilt.xml, 'tpEmis')).toEqual(['9']);
    expect(tag(rebuilt.xml, 'NCM')).toEqual(['61099000']);
    expect(tag(rebuilt.xml, 'vNF')).toEqual(tag(rejected.xml, 'vNF'));
    expect(tag(rebuilt.xml, 'SignatureValue')).not.toEqual(tag(rejected.xml, 'SignatureValue'));
    expect(rebuilt.qrCode).toMatch(new RegExp(`\\?p=${rejected.key}\\|3\\|2\\|`));
    expect(rebuilt.xml).toContain(`<qrCode>${rebuilt.qrCode}</qrCode>`);
    expectOfficial([rebuilt], s.a1.caPath); // xmllint against nfe_v4.00.xsd and xmlsec1 with the A1's chain

    await drain();
    const after = await row(id);
    expect(after.status).toBe('autorizada');
    expect(after.key).toBe(rejected.key);
    expect(standIn.authorizations(after.key)).toBe(1);
    const sent = standIn.received.filter((r) => r.service === 'authorize' && r.key === after.key);
    expect(sent.at(-1)!.document).toContain(`<indSinc>1</indSinc>${rebuilt.xml}</enviNFe>`);
    expect(answerSchemaFailures(standIn)).toEqual([]);
  });

  it("a note refused for the till's removed key is made again with its key and QR version, by the A1, and authorized", async () => {
    await admin(`/api/fiscal/till-keys/${keyId}/revoke`);
    const cap = await s.product({ name: 'Boné' });
    const refused = await tillSale(cap, 31, -1, { version: 2, csc_id: '000001', csc: CSC }); // an older till's QR v2 // signed after the removal
    expect(refused.status).toBe(400);
    const id: string = refused.body.details.note.id;
    const kept = await row(id);
    expect(kept).toMatchObject({ status: 'rejeitada', cstat: null, emissionType: 9 });
    const shown = (await s.http.get(`/api/fiscal/notes/${id}`, { token: s.admin })).body.data;
    expect(shown.what_to_fix).toContain('chave já removida');
    // Made of today's data: the product's NCM changed since the sale.
    expect((await s.http.put(`/api/products/${cap.id}`, { ncm: '6505.00.00' }, keyed(s.admin))).status).toBe(200);
    const redo = await s.http.post(`/api/fiscal/notes/${id}/resend`, undefined, keyed(s.admin));
    expect(redo.status, JSON.stringify(redo.body)).toBe(200);
    expect(redo.body.data).toMatchObject({ status: 'pendente', key: kept.key, reason: null, notice: null });
    const rebuilt = await row(id);
    for (const name of KEPT) expect(tag(rebuilt.xml, name), name).toEqual(tag(kept.xml, name));
    expect(tag(rebuilt.xml, 'NCM')).toEqual(['65050000']);
    expect(rebuilt.qrCode).toMatch(new RegExp(`\\?p=${kept.key}\\|2\\|2\\|`)); // the version the till used, its hash checked by SEFAZ
    expect(tag(rebuilt.xml, 'SignatureValue')).not.toEqual(tag(kept.xml, 'SignatureValue'));
    expectOfficial([rebuilt], s.a1.caPath);
    await drain();
    expect((await row(id)).status).toBe('autorizada');
    expect(standIn.authorizations(kept.key)).toBe(1);
    keyId = (await admin('/api/fiscal/till-keys', tillKeyBody(s.a1, s.till.id))).body.data.id;
  });

  it('past the deadline it is still made again and queued; the answer says plainly that SEFAZ decides', async () => {
    const hours = (n: number) => s.http.put('/api/fiscal/settings', { contingency_deadline_hours: n }, keyed(s.admin));
    expect((await hours(1)).status).toBe(200);
    const received = await tillSale(await s.product({ ncm: BAD_NCM }), 32, 150); // 2.5 hours ago: 1 hour to send it
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    const id: string = received.body.data.id;
    standIn.faults.next({ kind: 'reject', cstat: 778 }, { service: 'authorize' });
    await drain();
    const rejected = await row(id);
    expect(rejected).toMatchObject({ status: 'rejeitada', cstat: 778 });
    const redo = await s.http.post(`/api/fiscal/notes/${id}/resend`, undefined, keyed(s.admin));
    expect(redo.status, JSON.stringify(redo.body)).toBe(200);
    expect(redo.body.data.notice).toBe(
      'O prazo para transmitir esta nota em contingência já passou (prazo vencido há 2 horas): ela foi refeita e posta na fila mesmo assim, e a SEFAZ decide se a aceita. Se ela recusar, fale com o contador.',
    );
    expect(redo.body.data).toMatchObject({ status: 'pendente', key: rejected.key });
    expect(tag((await row(id)).xml, 'dhEmi')).toEqual(tag(rejected.xml, 'dhEmi'));
    expect((await hours(24)).status).toBe(200);
  });
});
