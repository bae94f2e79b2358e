// What a till learns to emit (GET /api/fiscal/till/{device id}): any signed-in user reads
// it for the till that asks, with its own series, the CPF/CNPJ threshold (a fiscal setting,
// R$ 10.000,00 by default), the emitter's public data and the products without NCM; never
// the CSC nor anything of the certificate. And the sale reads carry the sale's NFC-e
// (a LEFT JOIN on fiscal_notes): the detail and the history list, null without one.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fiscalNotes } from '../db/schema';
import { databases } from '../test/testDb';
import { makeProduct, salesSuite, saleBody } from '../test/sales-fixtures';
import type { Json } from '../test/helpers';

const CSC = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';
const EMITTER = {
  cnpj: '11.222.333/0001-81',
  legal_name: 'Loja de Teste Ltda',
  trade_name: 'Loja de Teste',
  ie: '123.456.789.110',
  address: {
    street: 'Rua das Flores',
    number: '100',
    complement: 'Loja 2',
    district: 'Centro',
    city_code: '3550308',
    city_name: 'São Paulo',
    uf: 'SP',
    cep: '01001-000',
    phone: null,
  },
};

describe.each(databases())('the till fiscal view and the sale note (%s)', (kind) => {
  const suite = salesSuite(kind, 'Cliente da Nota');
  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const registerTill = async () => {
    const id = randomUUID();
    const res = await suite.http.post('/api/devices', { id, label: 'Linux · Chrome' }, keyed(suite.cashier));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return id;
  };
  const tillView = async (id: string, token = suite.cashier) => {
    const res = await suite.http.get(`/api/fiscal/till/${id}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Json;
  };
  const withoutNcmTotal = async () =>
    (await suite.http.get('/api/products?without_ncm=true&limit=1', { token: suite.admin })).body.data.pagination.total;

  it('a till starts with emission off, homologação, no series, R$ 10.000,00, no emitter; 401 signed out', async () => {
    expect((await suite.http.get(`/api/fiscal/till/${randomUUID()}`)).status).toBe(401);
    await makeProduct(suite.ctx.db, suite.tenantId, { stock: 1 });
    const id = await registerTill();
    const view = await tillView(id);
    expect(view).toMatchObject({
      emission_enabled: false,
      environment: 'homologacao',
      series: null,
      consumer_document_threshold: 1_000_000,
      emitter: null,
    });
    expect(view.products_without_ncm.count).toBe(await withoutNcmTotal());
    expect(view.products_without_ncm.count).toBeGreaterThan(0);
    expect(view.products_without_ncm.ids).toEqual([]);
  });

  it("answers with the till's own series, the threshold set and the emitter's public data, never a secret", async () => {
    const [one, two] = [await registerTill(), await registerTill()];
    const saved = await suite.http.put(
      '/api/fiscal/settings',
      {
        emitter: EMITTER,
        csc_id: '1',
        csc: CSC,
        consumer_document_threshold: 500_000,
        till_series: [
          { device_id: one, series: 7 },
          { device_id: two, series: 8 },
        ],
      },
      keyed(suite.admin),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.consumer_document_threshold).toBe(500_000);
    const view = await tillView(one);
    expect(view).toMatchObject({
      series: 7,
      consumer_document_threshold: 500_000,
      emitter: {
        legal_name: 'Loja de Teste Ltda',
        trade_name: 'Loja de Teste',
        cnpj: '11222333000181',
        ie: '123456789110',
        address: 'Rua das Flores, 100, Loja 2 - Centro - São Paulo/SP - CEP 01001-000',
      },
    });
    expect((await tillView(two, suite.admin)).series).toBe(8);
    const text = JSON.stringify(view);
    expect(text).not.toContain(CSC);
    expect(Object.keys(view).sort()).toEqual([
      'consumer_document_threshold',
      'contingency_deadline_hours',
      'contingency_electronic_custody',
      'emission_enabled',
      'emission_timeout_seconds',
      'emitter',
      'environment',
      'next_number',
      'note_issuer',
      'products_without_ncm',
      'series',
      'signing_key',
      'tax_rates',
    ]);
    expect(view.signing_key).toBeNull();
    // No Responsável Técnico yet: the till cannot make a note itself; series 7 starts at 1.
    expect(view.note_issuer).toBeNull();
    expect(view.next_number).toBe(1);
    expect(view.tax_rates).toEqual([]);
    // A till this store has never seen has no series.
    expect((await tillView(randomUUID())).series).toBeNull();
  });

  it('refuses a threshold of zero or in reais with the reason', async () => {
    for (const bad of [0, 10.5]) {
      const res = await suite.http.put(
        '/api/fiscal/settings',
        { consumer_document_threshold: bad },
        keyed(suite.admin),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('CPF/CNPJ obrigatório a partir de');
    }
    expect((await tillView(randomUUID())).consumer_document_threshold).toBe(500_000);
  });

  it("a sale's detail and the history list carry its note; a sale without one has null", async () => {
    const product = await suite.product(5, { price: 2500 });
    const sold = await suite.http.post('/api/sales', saleBody(suite.customer.id, [{ product, quantity: 2 }]), {
      token: suite.cashier,
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const bare = await suite.http.post('/api/sales', saleBody(suite.customer.id, [{ product, quantity: 1 }]), {
      token: suite.cashier,
    });
    const saleId = sold.body.data.id as string;
    const key = '35261111222333000181650070000000421234567890';
    await suite.ctx.db.insert(fiscalNotes).values({
      tenantId: suite.tenantId,
      saleId,
      environment: 'homologacao',
      series: 7,
      number: 42,
      key,
      numericCode: '12345678',
      issuedAt: new Date('2026-11-29T13:00:00Z'),
      issuedAtLocal: '2026-11-29T10:00:00-03:00',
      status: 'autorizada',
      xml: '<NFe/>',
      protocol: '135260000000001',
      authorizedAt: '2026-11-29T10:00:02-03:00',
      qrCode: `https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${key}|3|2`,
      urlChave: 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta',
      customerDocument: '52998224725',
      total: 5000,
      change: 0,
      approximateTaxes: 1234,
    });
    const expected = {
      status: 'autorizada',
      environment: 'homologacao',
      series: 7,
      number: 42,
      key,
      issued_at_local: '2026-11-29T10:00:00-03:00',
      protocol: '135260000000001',
      authorized_at: '2026-11-29T10:00:02-03:00',
      customer_document: '52998224725',
      // Money on the wire is in reais.
      total: 50,
      change: 0,
      approximate_taxes: 12.34,
      cstat: null,
      reason: null,
    };
    const detail = await suite.http.get(`/api/sales/${saleId}`, { token: suite.admin });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data.fiscal_note).toMatchObject(expected);
    expect(JSON.stringify(detail.body)).not.toContain('<NFe/>');
    const other = await suite.http.get(`/api/sales/${bare.body.data.id}`, { token: suite.admin });
    expect(other.body.data.fiscal_note).toBeNull();

    const list = await suite.http.get('/api/sales?limit=100', { token: suite.admin });
    expect(list.status).toBe(200);
    const rows = list.body.data.sales as Json[];
    expect(rows.find((s) => s.id === saleId).fiscal_note).toMatchObject(expected);
    expect(rows.find((s) => s.id === bare.body.data.id).fiscal_note).toBeNull();
    expect(rows.filter((s) => s.fiscal_note)).toHaveLength(1);
  });
});
