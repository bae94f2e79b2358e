// The emission end to end over the wire: the server's SOAP client (mutual TLS with the
// store's A1) against the stand-in SEFAZ, which validates every request against the official
// schemas, verifies its signature and applies the MOC's rules. A sale's note authorized in
// its answer; a rejection kept with what to fix; a rejected note rebuilt by 'Reenviar' and
// authorized; a note sent without an answer consulted and authorized once; SEFAZ down then
// back; every answer valid against its schema.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/testDb';
import { createSefazClient, type SefazClient } from './sefaz-client';
import { makeA1, removeA1Files } from './test/a1-files';
import { CSC, eventually, expectOfficial, openEmissionStore, type EmissionStore } from './test/emission-fixtures';
import { answerSchemaFailures } from './test/sefaz-rig';
import { startStandInSefaz, type StandInSefaz } from './test/stand-in-sefaz';
import { removeWrittenDocuments, requireTools } from './test/xml-tools';
import { SAMPLE_CNPJ } from '../../shared/fiscal/test/sample-note';

describe.each(databases())('NFC-e against the stand-in SEFAZ (%s)', (kind) => {
  let s: EmissionStore;
  let standIn: StandInSefaz;
  let client: SefazClient;
  beforeAll(async () => {
    requireTools();
    // The stand-in trusts the CA that signs the test A1s (one per test process).
    const ca = makeA1({ cnpj: SAMPLE_CNPJ });
    standIn = await startStandInSefaz({ clientCaPem: readFileSync(ca.caPath, 'utf8'), csc: { '1': CSC } });
    client = createSefazClient({ baseUrl: standIn.url, extraCaPem: standIn.caPem });
    s = await openEmissionStore(kind, { port: client, timeoutSeconds: 2 });
  });
  afterAll(async () => {
    await s?.ctx.close();
    client?.close();
    await standIn?.close();
    removeA1Files();
    removeWrittenDocuments();
  });
  const runQueue = () => s.ctx.app.emission.queue!.runOnce();

  it('a sale answers with its note authorized by SEFAZ, sent once, with the protocol kept', async () => {
    const p = await s.product();
    const res = await s.sell([{ product: p, quantity: 2 }], { fiscal_document: '529.982.247-25' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const note = res.body.data.fiscal_note;
    expect(note).toMatchObject({ status: 'autorizada', series: s.till.series, customer_document: '52998224725' });
    expect(note.protocol).toMatch(/^\d{15}$/);
    expect(standIn.authorizations(note.key)).toBe(1);
    const [row] = (await s.notes()).filter((n) => n.key === note.key);
    expect(row!.protocolXml).toContain(`<chNFe>${note.key}</chNFe>`);
    expectOfficial([row!], s.a1.caPath);
    expect(answerSchemaFailures(standIn)).toEqual([]);
  });

  it('a rejection is kept with its code, reason and what to fix; the sale stands', async () => {
    const p = await s.product();
    standIn.faults.next({ kind: 'reject', cstat: 778 }, { service: 'authorize' });
    const res = await s.sell([{ product: p, quantity: 1 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.sale_status).toBe('completed');
    expect(res.body.data.fiscal_note).toMatchObject({ status: 'rejeitada', cstat: 778 });
    expect(res.body.data.fiscal_note.reason).toBeTruthy();
  });

  it("'Reenviar' of a 778 after the NCM is fixed: rebuilt with the same number, then authorized", async () => {
    const p = await s.product({ ncm: '99999999' });
    standIn.faults.next({ kind: 'reject', cstat: 778 }, { service: 'authorize' });
    const res = await s.sell([{ product: p, quantity: 1 }]);
    const rejected = res.body.data.fiscal_note;
    expect(rejected).toMatchObject({ status: 'rejeitada', cstat: 778 });
    const keyed = { token: s.admin, headers: { 'Idempotency-Key': randomUUID() } };
    expect((await s.http.put(`/api/products/${p.id}`, { ncm: '61099000' }, keyed)).status).toBe(200);
    const redo = await s.http.post(`/api/fiscal/notes/${rejected.id}/resend`, undefined, { ...keyed, headers: { 'Idempotency-Key': randomUUID() } }); // prettier-ignore
    expect(redo.body.data, JSON.stringify(redo.body)).toMatchObject({ status: 'pendente', number: rejected.number, series: rejected.series }); // prettier-ignore
    await runQueue();
    const row = (await s.notes()).find((n) => n.id === rejected.id)!;
    expect(row.status).toBe('autorizada');
    expect(row.xml).toContain('<NCM>61099000</NCM>');
    expect(standIn.authorizations(row.key)).toBe(1);
    expectOfficial([row], s.a1.caPath);
    expect(answerSchemaFailures(standIn)).toEqual([]);
  });

  it('no answer: the sale is answered pendente, the queue consults before resending, one authorization', async () => {
    const p = await s.product();
    standIn.faults.next({ kind: 'no-answer', processFirst: true }, { service: 'authorize' });
    const res = await s.sell([{ product: p, quantity: 1 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const note = res.body.data.fiscal_note;
    expect(note.status).toBe('pendente');
    // The send under way gives up at the time limit; the note is then in doubt.
    await eventually(async () => (await s.notes()).find((n) => n.key === note.key)!.inDoubt, 15_000);
    await eventually(async () => {
      await runQueue();
      return (await s.notes()).find((n) => n.key === note.key)!.status === 'autorizada';
    }, 15_000);
    expect(standIn.authorizations(note.key)).toBe(1);
    const asked = standIn.received.filter((r) => r.key === note.key).map((r) => r.service);
    expect(asked.indexOf('consult')).toBeGreaterThan(asked.indexOf('authorize'));
    expect(asked.filter((x) => x === 'authorize')).toHaveLength(1);
  });

  it('SEFAZ unavailable (HTTP 503): pendente, then authorized by the queue when it answers again', async () => {
    const p = await s.product();
    standIn.faults.next({ kind: 'http', status: 503 }, { service: 'authorize' });
    const res = await s.sell([{ product: p, quantity: 1 }]);
    expect(res.body.data.fiscal_note.status).toBe('pendente');
    const key = res.body.data.fiscal_note.key;
    await eventually(async () => {
      await runQueue();
      return (await s.notes()).find((n) => n.key === key)!.status === 'autorizada';
    }, 15_000);
    expect(standIn.authorizations(key)).toBe(1);
    expect(answerSchemaFailures(standIn)).toEqual([]);
  });
});
