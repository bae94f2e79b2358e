// The operator's Responsável Técnico (FISCAL_TECH_*): a store that saved none of its own
// gets it prefilled (the settings' answer, 'what is missing', the till's fiscal view and the
// note's infRespTec); saving the prefilled value keeps the store following the operator; a
// store that saves its own keeps its own, and its notes carry it.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalSettings } from '../db/schema';
import { OTHER_HOST, type Json } from '../test/helpers';
import { databases } from '../test/testDb';
import { removeA1Files } from './test/a1-files';
import { openEmissionStore, TECH, type EmissionStore } from './test/emission-fixtures';
import { removeWrittenDocuments, requireTools } from './test/xml-tools';

/** The software house that runs the server: parsed as FISCAL_TECH_* is at start. */
const OPERATOR = { cnpj: '11222333000181', contact: 'Suporte Balcão', email: 'nfce@balcao.dev', phone: '1140040000' };

describe.each(databases())("the operator's Responsável Técnico (%s)", (kind) => {
  let s: EmissionStore;
  beforeAll(async () => {
    requireTools();
    s = await openEmissionStore(kind, { config: { techResponsible: OPERATOR }, tech: null });
  });
  afterAll(async () => {
    await s?.ctx.close();
    removeA1Files();
    removeWrittenDocuments();
  });
  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const settings = async (token = s.admin) => {
    const res = await s.http.get('/api/fiscal/settings', {
      token,
      ...(token === s.otherAdmin ? { host: OTHER_HOST } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Json;
  };
  const stored = async () =>
    (await s.ctx.db.select().from(fiscalSettings).where(eq(fiscalSettings.tenantId, s.tenantId)))[0]!.settings as Json;
  const tillIssuer = async () =>
    ((await s.http.get(`/api/fiscal/till/${s.till.id}`, { token: s.cashier })).body.data as Json).note_issuer;
  const sellOne = async () => {
    const res = await s.sell([{ product: await s.product({ price: 1000 }), quantity: 1 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const notes = await s.notes();
    return notes.at(-1)!.xml;
  };
  const infRespTec = (tech: typeof OPERATOR) =>
    `<infRespTec><CNPJ>${tech.cnpj}</CNPJ><xContato>${tech.contact}</xContato><email>${tech.email}</email><fone>${tech.phone}</fone></infRespTec>`;

  it('a store without its own gets it prefilled: the answer, emission on, the till and the note', async () => {
    // The fixture turned emission on without typing a Responsável Técnico.
    const view = await settings();
    expect(view).toMatchObject({ tech_responsible: OPERATOR, tech_responsible_from_operator: true, emission_enabled: true }); // prettier-ignore
    expect(view.emission_problems).toEqual([]);
    expect((await stored()).tech_responsible).toBeNull();
    expect(await tillIssuer()).toMatchObject({ tech_responsible: OPERATOR });
    expect(await sellOne()).toContain(infRespTec(OPERATOR));
    // Another store of the server gets it too.
    expect(await settings(s.otherAdmin)).toMatchObject({ tech_responsible: OPERATOR, tech_responsible_from_operator: true }); // prettier-ignore
  });

  it("saving the prefilled form keeps the store on the operator's; its own value is kept and emitted", async () => {
    const typed = { ...OPERATOR, cnpj: '11.222.333/0001-81', email: 'NFCe@Balcao.dev', phone: '(11) 4004-0000' };
    const same = await s.http.put('/api/fiscal/settings', { tech_responsible: typed }, keyed(s.admin));
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data).toMatchObject({ tech_responsible: OPERATOR, tech_responsible_from_operator: true });
    expect((await stored()).tech_responsible).toBeNull();

    const own = await s.http.put('/api/fiscal/settings', { tech_responsible: TECH }, keyed(s.admin));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data).toMatchObject({ tech_responsible: TECH, tech_responsible_from_operator: false });
    expect((await stored()).tech_responsible).toEqual(TECH);
    expect(await settings()).toMatchObject({ tech_responsible: TECH, tech_responsible_from_operator: false });
    expect(await tillIssuer()).toMatchObject({ tech_responsible: TECH });
    expect(await sellOne()).toContain(infRespTec(TECH));
    // Another store, which saved none, still follows the operator.
    expect((await settings(s.otherAdmin)).tech_responsible).toEqual(OPERATOR);
  });
});
