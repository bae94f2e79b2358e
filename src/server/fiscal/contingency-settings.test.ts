// The contingency settings of the store's NFC-e setup through the API: electronic custody of
// the contingency notes (off by default: the DANFE prints the store's copy) and the hours
// within which a contingency note must reach SEFAZ (24 by default, 1 to 168), kept in the
// fiscal settings, shown to the admin, told to every till; a value out of range refused in
// pt-BR and the kept one left as it was. And the note a sale carries says how it was issued
// (tpEmis, read from its key): 9 for one signed at the till in contingency, before and after
// its authorization, 1 for the others; in the sale reads and in 'Notas Fiscais'.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAccessKey } from '../../shared/fiscal/access-key';
import { fiscalNotes, fiscalSettings } from '../db/schema';
import { databases } from '../test/testDb';
import { saleBody, salesSuite } from '../test/sales-fixtures';
import type { Json } from '../test/helpers';

const RANGE = 'Prazo para transmitir as notas em contingência: um número inteiro de 1 a 168 horas';

describe.each(databases())('contingency settings and the emission type of a sale note (%s)', (kind) => {
  const suite = salesSuite(kind, 'Cliente da Contingência');
  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const put = (body: unknown, token = suite.admin) => suite.http.put('/api/fiscal/settings', body, keyed(token));
  const settings = async () => {
    const res = await suite.http.get('/api/fiscal/settings', { token: suite.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Json;
  };
  const registerTill = async () => {
    const id = randomUUID();
    const res = await suite.http.post('/api/devices', { id, label: 'Linux · Chrome' }, keyed(suite.cashier));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return id;
  };
  const tillView = async (id: string) => {
    const res = await suite.http.get(`/api/fiscal/till/${id}`, { token: suite.cashier });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Json;
  };
  const kept = async () =>
    (await suite.ctx.db.select().from(fiscalSettings).where(eq(fiscalSettings.tenantId, suite.tenantId)))[0]?.settings;

  it('starts with the store copy printed and 24 hours; saved, read back, told to the till, kept across other changes', async () => {
    const till = await registerTill();
    expect(await settings()).toMatchObject({ contingency_electronic_custody: false, contingency_deadline_hours: 24 });
    expect(await tillView(till)).toMatchObject({
      contingency_electronic_custody: false,
      contingency_deadline_hours: 24,
    });

    const saved = await put({ contingency_electronic_custody: true, contingency_deadline_hours: 48 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ contingency_electronic_custody: true, contingency_deadline_hours: 48 });
    expect(await kept()).toMatchObject({ contingency_electronic_custody: true, contingency_deadline_hours: 48 });
    expect(await settings()).toMatchObject({ contingency_electronic_custody: true, contingency_deadline_hours: 48 });
    expect(await tillView(till)).toMatchObject({
      contingency_electronic_custody: true,
      contingency_deadline_hours: 48,
    });

    // Another setting changed alone leaves them as they were; each changes alone too.
    expect((await put({ cancel_window_minutes: 20 })).status).toBe(200);
    expect(await settings()).toMatchObject({
      cancel_window_minutes: 20,
      contingency_electronic_custody: true,
      contingency_deadline_hours: 48,
    });
    expect((await put({ contingency_deadline_hours: 168 })).status).toBe(200);
    expect((await put({ contingency_electronic_custody: false })).status).toBe(200);
    expect(await settings()).toMatchObject({ contingency_electronic_custody: false, contingency_deadline_hours: 168 });
    expect((await put({ contingency_deadline_hours: 1 })).status).toBe(200);
    expect((await settings()).contingency_deadline_hours).toBe(1);
  });

  it('refuses hours out of 1 to 168, not whole, or as text, and a custody that is not true or false; a cashier 403', async () => {
    expect((await put({ contingency_deadline_hours: 24 })).status).toBe(200);
    for (const hours of [0, 169, -24, 24.5, '24', null]) {
      const res = await put({ contingency_deadline_hours: hours });
      expect(res.status, `${JSON.stringify(hours)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(hours)).toContain(RANGE);
    }
    const custody = await put({ contingency_electronic_custody: 'sim' });
    expect(custody.status).toBe(400);
    expect(JSON.stringify(custody.body)).toContain('Guarda eletrônica: use verdadeiro ou falso');
    expect((await put({ contingency_electronic_custody: true }, suite.cashier)).status).toBe(403);
    expect(await settings()).toMatchObject({ contingency_electronic_custody: false, contingency_deadline_hours: 24 });
  });

  it("a sale's note says it was issued in contingency, before and after its authorization; a normal one says 1", async () => {
    const product = await suite.product(10, { price: 2500 });
    const note = async (emission_type: 1 | 9, number: number) => {
      const sold = await suite.http.post('/api/sales', saleBody(suite.customer.id, [{ product, quantity: 1 }]), {
        token: suite.cashier,
      });
      expect(sold.status, JSON.stringify(sold.body)).toBe(201);
      const key = buildAccessKey({
        uf_code: '35',
        year_month: '2611',
        cnpj: '11222333000181',
        series: 7,
        number,
        emission_type,
        numeric_code: '31415926',
      });
      const [row] = await suite.ctx.db
        .insert(fiscalNotes)
        .values({
          tenantId: suite.tenantId,
          saleId: sold.body.data.id,
          environment: 'homologacao',
          series: 7,
          number,
          key,
          numericCode: '31415926',
          issuedAt: new Date('2026-11-29T13:00:00Z'),
          issuedAtLocal: '2026-11-29T10:00:00-03:00',
          status: 'pendente',
          xml: '<NFe/>',
          qrCode: `https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${key}|2|2|29|25.00|ab|1|CD`,
          urlChave: 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta',
          total: 2500,
        })
        .returning();
      return { saleId: sold.body.data.id as string, noteId: row!.id, key };
    };
    const detail = async (saleId: string) => {
      const res = await suite.http.get(`/api/sales/${saleId}`, { token: suite.admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.fiscal_note as Json;
    };
    const offline = await note(9, 43);
    const normal = await note(1, 44);
    expect(await detail(offline.saleId)).toMatchObject({
      key: offline.key,
      emission_type: 9,
      status: 'pendente',
      protocol: null,
    });
    expect(await detail(normal.saleId)).toMatchObject({ key: normal.key, emission_type: 1 });
    const list = await suite.http.get('/api/sales?limit=100', { token: suite.admin });
    const rows = list.body.data.sales as Json[];
    expect(rows.find((s) => s.id === offline.saleId).fiscal_note.emission_type).toBe(9);
    expect(rows.find((s) => s.id === normal.saleId).fiscal_note.emission_type).toBe(1);

    // Authorized later: still issued in contingency, now with its protocol (the reprint is the normal DANFE).
    await suite.ctx.db
      .update(fiscalNotes)
      .set({ status: 'autorizada', protocol: '135260000054321', authorizedAt: '2026-11-29T18:40:00-03:00' })
      .where(eq(fiscalNotes.id, offline.noteId));
    expect(await detail(offline.saleId)).toMatchObject({
      emission_type: 9,
      status: 'autorizada',
      protocol: '135260000054321',
    });

    // 'Notas Fiscais' says it too.
    const notes = await suite.http.get('/api/fiscal/notes?limit=100', { token: suite.admin });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
    const listed = notes.body.data.notes as Json[];
    expect(listed.find((n) => n.id === offline.noteId).emission_type).toBe(9);
    expect(listed.find((n) => n.id === normal.noteId).emission_type).toBe(1);
  });
});
