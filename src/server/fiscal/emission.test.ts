// A sale with emission on gets its NFC-e in the same transaction, signed, and the answer
// carries it as SEFAZ left it (through a scripted SefazPort): authorized with its protocol;
// a rejection kept with its code, xMotivo and what to fix; a duplicate recovered by
// consulta (never a second note); no answer, then the queue consults before anything else.
// A product without NCM or a sale without a till's series: the sale happens, without a
// note, listed with the reason. Emission off: the answer and the tables as always. Every
// note written is valid against nfe_v4.00.xsd and its signature verifies with xmlsec1.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatToFix } from '../../shared/fiscal/rejection-fixes';
import { executeNamed } from '../db/client';
import { fiscalNotes, fiscalSettings } from '../db/schema';
import { OTHER_HOST } from '../test/helpers';
import { makeCustomer, makeProduct, saleBody } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { removeA1Files } from './test/a1-files';
import { expectOfficial, openEmissionStore, type EmissionStore } from './test/emission-fixtures';
import { removeWrittenDocuments, requireTools } from './test/xml-tools';

describe.each(databases())('NFC-e of a sale, online (%s)', (kind) => {
  let s: EmissionStore;
  beforeAll(async () => {
    requireTools();
    s = await openEmissionStore(kind);
  });
  afterAll(async () => {
    await s?.ctx.close();
    removeA1Files();
    removeWrittenDocuments();
  });
  const queue = () => s.ctx.app.emission.queue!;

  it('authorizes the note before answering: number from the till series, protocol, QR, CPF as dest, change as vTroco', async () => {
    const tee = await s.product({ price: 3990, name: 'Camiseta' });
    const cap = await s.product({ price: 1000, name: 'Boné' });
    const res = await s.sell(
      [
        { product: tee, quantity: 2 },
        { product: cap, quantity: 1 },
      ],
      {
        discount: 5,
        payments: [{ method: 'cash', amount: 84.8, received: 100 }],
        fiscal_document: '529.982.247-25',
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const note = res.body.data.fiscal_note;
    expect(note).toMatchObject({
      status: 'autorizada',
      environment: 'homologacao',
      series: s.till.series,
      number: 1,
      customer_document: '52998224725',
      total: 84.8,
      change: 15.2,
      approximate_taxes: null,
      cstat: 100,
    });
    expect(note.key).toMatch(/^35\d{42}$/);
    expect(note.key.slice(22, 25)).toBe('007');
    expect(note.protocol).toMatch(/^\d{15}$/);
    expect(note.qr_code).toContain(note.key);
    expect(s.sefaz.opsOf(note.key)).toEqual(['authorize']);
    const [row] = await s.notes();
    expect(row).toMatchObject({ saleId: res.body.data.id, status: 'autorizada', inDoubt: false, claimedBy: null });
    expect(row!.protocolXml).toContain(`<chNFe>${note.key}</chNFe>`);
    // What was sent is what was written.
    expect(s.sefaz.calls[0]!.xml).toBe(row!.xml);
    expect(row!.xml).toContain('<CPF>52998224725</CPF>');
    expect(row!.xml).toContain('<vTroco>15.20</vTroco>');
    expect(row!.xml).toContain('<vDesc>5.00</vDesc>');
    expect(row!.xml).toContain(`<NCM>61091000</NCM>`);
    expectOfficial([row!], s.a1.caPath);
    // The sale's read gives the settings' version the emitter cache is keyed by: the store's
    // A1 and CSC stay opened from one sale to the next.
    const { rows } = await executeNamed<{ v: string }>(
      s.ctx.db,
      sql`SELECT floor(extract(epoch FROM updated_at) * 1000)::bigint AS v FROM fiscal_settings WHERE tenant_id = ${s.tenantId}`,
    );
    const cached = await s.ctx.app.emission.emitters.get(s.ctx.db, s.tenantId);
    expect(await s.ctx.app.emission.emitters.get(s.ctx.db, s.tenantId, Number(rows[0]!.v))).toBe(cached);
  });

  it('keeps a rejection with its code, reason and what to fix; the sale stands', async () => {
    s.sefaz.script({ authorize: [{ kind: 'reject', cstat: 778, reason: 'Rejeicao: Informado NCM inexistente' }] });
    const p = await s.product();
    const res = await s.sell([{ product: p, quantity: 1 }]);
    expect(res.status).toBe(201);
    expect(res.body.data.fiscal_note).toMatchObject({
      status: 'rejeitada',
      cstat: 778,
      reason: 'Rejeicao: Informado NCM inexistente',
      protocol: null,
    });
    expect(whatToFix(778)).toContain('NCM');
    const rows = await s.notes();
    expect(rows.at(-1)).toMatchObject({ status: 'rejeitada', cstat: 778, inDoubt: false });
  });

  it('a duplicate (204) is recovered by consulta: the earlier authorization, no second note', async () => {
    s.sefaz.script({ authorize: [{ kind: 'duplicate' }] });
    const p = await s.product();
    const res = await s.sell([{ product: p, quantity: 1 }]);
    const note = res.body.data.fiscal_note;
    expect(note.status).toBe('autorizada');
    expect(note.protocol).toBe(s.sefaz.authorized.get(note.key)!.protocol);
    expect(s.sefaz.opsOf(note.key)).toEqual(['authorize', 'consult']);
  });

  it('no answer: pendente in doubt; the queue consults first and recovers the authorization (sent once)', async () => {
    s.sefaz.script({ authorize: [{ kind: 'lost' }] });
    const p = await s.product();
    const res = await s.sell([{ product: p, quantity: 1 }]);
    const note = res.body.data.fiscal_note;
    expect(note).toMatchObject({ status: 'pendente', protocol: null });
    const before = (await s.notes()).find((n) => n.id === note.id)!;
    expect(before).toMatchObject({ inDoubt: true, attempts: 1, claimedBy: null });
    expect(await queue().runOnce()).toBe(1);
    const after = (await s.notes()).find((n) => n.id === note.id)!;
    expect(after).toMatchObject({ status: 'autorizada', inDoubt: false });
    expect(s.sefaz.opsOf(note.key)).toEqual(['authorize', 'consult']);

    // Never received: the consulta says so (217) and the same bytes are sent again.
    s.sefaz.script({ authorize: [{ kind: 'unreachable' }] });
    const again = await s.sell([{ product: p, quantity: 1 }]);
    const second = again.body.data.fiscal_note;
    expect(second.status).toBe('pendente');
    await queue().runOnce();
    expect(s.sefaz.opsOf(second.key)).toEqual(['authorize', 'consult', 'authorize']);
    const sent = s.sefaz.calls.filter((c) => c.key === second.key && c.op === 'authorize');
    expect(sent[0]!.xml).toBe(sent[1]!.xml);
    expect((await s.notes()).find((n) => n.id === second.id)).toMatchObject({ status: 'autorizada', attempts: 2 });
  });

  it('SEFAZ down (108): pendente, not in doubt, sent again by the queue', async () => {
    s.sefaz.script({ authorize: [{ kind: 'down' }] });
    const p = await s.product();
    const res = await s.sell([{ product: p, quantity: 1 }]);
    const note = res.body.data.fiscal_note;
    expect(note).toMatchObject({ status: 'pendente', cstat: 108 });
    expect((await s.notes()).find((n) => n.id === note.id)!.inDoubt).toBe(false);
    await queue().runOnce();
    expect(s.sefaz.opsOf(note.key)).toEqual(['authorize', 'authorize']);
    expect((await s.notes()).find((n) => n.id === note.id)!.status).toBe('autorizada');
  });

  it('a product without NCM, or a sale without a till: the sale happens without a note, listed with the reason', async () => {
    const bare = await s.product({ ncm: null, name: 'Caneca Sem NCM' });
    const ok = await s.product();
    const before = (await s.notes()).length;
    const key = randomUUID();
    const lines = [
      { product: ok, quantity: 1 },
      { product: bare, quantity: 1 },
    ];
    const res = await s.sell(lines, {}, key);
    expect(res.status).toBe(201);
    expect(res.body.data.fiscal_note).toBeNull();
    // The answer says why, for the till to tell the cashier; a replay answers the same.
    expect(res.body.data.fiscal_unissued_reason).toBe(
      'Produto sem NCM: Caneca Sem NCM. Preencha o NCM em Produtos para emitir as próximas notas.',
    );
    const replay = await s.sell(lines, {}, key);
    expect(replay.body.data).toMatchObject({ id: res.body.data.id, fiscal_note: null, fiscal_unissued_reason: res.body.data.fiscal_unissued_reason }); // prettier-ignore
    const noTill = await s.sell([{ product: ok, quantity: 1 }], { device_id: undefined });
    expect(noTill.status).toBe(201);
    expect(noTill.body.data.fiscal_note).toBeNull();
    expect(noTill.body.data.fiscal_unissued_reason).toContain('sem um caixa identificado');
    expect((await s.notes()).length).toBe(before);
    const reasons = new Map((await s.unissued()).map((u) => [u.saleId, u.reason]));
    expect(reasons.get(res.body.data.id)).toContain('Produto sem NCM: Caneca Sem NCM');
    expect(reasons.get(noTill.body.data.id)).toContain('sem um caixa identificado');
    // The next note takes the next number: none was spent on them.
    const next = await s.sell([{ product: ok, quantity: 1 }]);
    const numbers = (await s.notes()).map((n) => n.number);
    expect(next.body.data.fiscal_note.number).toBe(Math.max(...numbers));
    expect(next.body.data.fiscal_unissued_reason).toBeNull();
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expectOfficial(await s.notes(), s.a1.caPath);
  });

  it('a sale whose note the till issued in contingency: no note made here, no reason, nothing sent; a replay the same', async () => {
    const ok = await s.product();
    const before = (await s.notes()).length;
    const calls = s.sefaz.calls.length;
    const key = randomUUID();
    const issued = { series: s.till.series, number: 900, key: '35261111222333000181650010000009009000009001' };
    const res = await s.sell([{ product: ok, quantity: 1 }], { offline: true, fiscal_contingency: issued }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.fiscal_note ?? null).toBeNull();
    expect(res.body.data.fiscal_unissued_reason ?? null).toBeNull();
    const replay = await s.sell([{ product: ok, quantity: 1 }], { offline: true, fiscal_contingency: issued }, key);
    expect(replay.body.data.id).toBe(res.body.data.id);
    expect((await s.notes()).length).toBe(before);
    expect((await s.unissued()).some((u) => u.saleId === res.body.data.id)).toBe(false);
    expect(s.sefaz.calls.length).toBe(calls);
    // A key that is not one is refused before anything happens.
    const bad = await s.sell([{ product: ok, quantity: 1 }], { fiscal_contingency: { ...issued, key: '123' } });
    expect(bad.status).toBe(400);
  });

  it('an expired A1: the sale happens without a note, and its answer says so for the till', async () => {
    const ok = await s.product();
    const store = eq(fiscalSettings.tenantId, s.tenantId);
    const [before] = await s.ctx.db.select().from(fiscalSettings).where(store);
    // updated_at moves with every change of the certificate: the emitter cache reads it again.
    await s.ctx.db.update(fiscalSettings).set({ certificateNotAfter: new Date(Date.now() - 86_400_000), updatedAt: new Date() }).where(store); // prettier-ignore
    try {
      const res = await s.sell([{ product: ok, quantity: 1 }]);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        fiscal_note: null,
        fiscal_unissued_reason: 'O certificado A1 venceu: envie o novo em Configurações > Fiscal.',
      });
    } finally {
      await s.ctx.db.update(fiscalSettings).set({ certificateNotAfter: before!.certificateNotAfter, updatedAt: new Date() }).where(store); // prettier-ignore
    }
  });

  it('emission off (the other store): no note, no reason, the answer as always', async () => {
    const { ctx, otherCashier, http } = s;
    const tenantId = ctx.other.tenant.id;
    const p = await makeProduct(ctx.db, tenantId, { stock: 5 });
    const customer = await makeCustomer(ctx.db, tenantId);
    const calls = s.sefaz.calls.length;
    const res = await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 1 }]), {
      token: otherCashier,
      host: OTHER_HOST,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).not.toHaveProperty('fiscal_note');
    expect(res.body.data).not.toHaveProperty('fiscal_unissued_reason');
    const rows = await ctx.db.select().from(fiscalNotes);
    expect(rows.every((r) => r.tenantId !== tenantId)).toBe(true);
    expect(s.sefaz.calls.length).toBe(calls);
  });
});
