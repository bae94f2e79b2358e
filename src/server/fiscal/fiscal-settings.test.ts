// The store's NFC-e setup through the API: admins only (a cashier 403, reads included);
// the settings' defaults and refusals (CRT 3, produção without confirmation, a series
// another till has, emission on with something missing); the A1 upload with an OpenSSL 3
// .pfx and a legacy RC2-40 one (which Node itself refuses), both accepted; a wrong password,
// an expired or not yet valid certificate and another company's refused in pt-BR; what is
// kept is sealed, and no answer carries the key, the password or the CSC; a note signed
// with the stored certificate verifies with xmlsec1.
import { randomUUID } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { sampleNote, SAMPLE_ALPHANUMERIC_CNPJ, SAMPLE_CNPJ } from '../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../shared/seeded-random';
import { devices, fiscalSettings } from '../db/schema';
import { NO_STORE, OTHER_HOST, TEST_FISCAL_SECRET, useTestStore, type Json } from '../test/helpers';
import { databases } from '../test/testDb';
import { storeCsc, storeSigningMaterial } from './certificate-store';
import { getFiscalSettings, SECRETS_UNREADABLE } from './fiscal-settings';
import { createSecretBox } from './secret-box';
import { makeA1, removeA1Files } from './test/a1-files';
import { removeWrittenDocuments, requireTools, verifySignature, writeDocuments } from './test/xml-tools';
import { createPemSigner } from './xml-signature';

const DAY_MS = 86_400_000;
const ANOTHER_COMPANY = '11444777000161';
/** Another branch (filial 0002) of SAMPLE_CNPJ's company: same root. */
const BRANCH_CNPJ = '11222333000262';
const CSC = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';

const EMITTER = {
  cnpj: '11.222.333/0001-81',
  legal_name: 'Loja de Teste Ltda',
  trade_name: 'Loja de Teste',
  ie: '123.456.789.110',
  address: {
    street: 'Rua das Flores',
    number: '100',
    complement: '',
    district: 'Centro',
    city_code: '3550308',
    city_name: 'São Paulo',
    uf: 'SP',
    cep: '01001-000',
    phone: '(11) 3456-7890',
  },
};
const TECH = { cnpj: '11444777000161', contact: 'Equipe Balcão', email: 'Fiscal@Balcao.dev', phone: '11 99999-0000' };

describe.each(databases())('fiscal settings and the A1 certificate (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier, otherAdmin } = NO_STORE;
  useTestStore(kind, (store) => ({ ctx, http, tenantId, admin, cashier, otherAdmin } = store));
  beforeAll(() => requireTools());
  afterAll(() => {
    removeA1Files();
    removeWrittenDocuments();
  });

  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const put = (body: unknown, token = admin) => http.put('/api/fiscal/settings', body, keyed(token));
  const upload = (pfx: Buffer, password: string, token = admin) =>
    http.post('/api/fiscal/certificate', { pfx_base64: pfx.toString('base64'), password }, keyed(token));
  const registerTill = async () => {
    const res = await http.post('/api/devices', { id: randomUUID(), label: 'Linux · Chrome' }, keyed(cashier));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; code: string; name: string };
  };
  const stored = async () =>
    (await ctx.db.select().from(fiscalSettings).where(eq(fiscalSettings.tenantId, tenantId)))[0]!;

  it('a cashier gets 403 on every route; a store starts with emission off, in homologação, with the defaults', async () => {
    expect((await http.get('/api/fiscal/settings', { token: cashier })).status).toBe(403);
    expect((await put({ emission_enabled: false }, cashier)).status).toBe(403);
    const pfx = makeA1({ cnpj: SAMPLE_CNPJ });
    expect((await upload(pfx.pfx, pfx.password, cashier)).status).toBe(403);
    expect((await http.get('/api/fiscal/settings')).status).toBe(401);

    const res = await http.get('/api/fiscal/settings', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      emitter: null,
      crt: 1,
      environment: 'homologacao',
      tech_responsible: null,
      csc_id: null,
      csc_set: false,
      qr_version: null,
      qr_version_in_use: null,
      emission_enabled: false,
      product_defaults: { cfop: '5102', csosn: '102', origin: 0 },
      certificate: null,
    });
    expect(res.body.data.emission_problems).toEqual(
      expect.arrayContaining(['Preencha os dados do emitente.', 'Envie o certificado digital A1 da loja.']),
    );
  });

  it('saves the emitter as the note needs it, the QR version from the official list; refuses CRT 3 and produção unconfirmed', async () => {
    const saved = await put({ emitter: EMITTER, tech_responsible: TECH, csc_id: '000001', csc: CSC });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.emitter).toEqual({
      ...EMITTER,
      cnpj: SAMPLE_CNPJ,
      ie: '123456789110',
      address: { ...EMITTER.address, complement: null, cep: '01001000', phone: '1134567890' },
    });
    expect(saved.body.data.tech_responsible).toEqual({ ...TECH, email: 'fiscal@balcao.dev', phone: '11999990000' });
    expect(saved.body.data).toMatchObject({ csc_id: '000001', csc_set: true, qr_version_in_use: 3 });
    expect(JSON.stringify(saved.body)).not.toContain(CSC);
    expect((await stored()).cscSealed).not.toContain(CSC);
    expect(await storeCsc(ctx.db, createSecretBox(TEST_FISCAL_SECRET), tenantId)).toBe(CSC);

    const crt3 = await put({ crt: 3 });
    expect(crt3.status).toBe(400);
    expect(crt3.body.error).toContain('Regime normal (CRT 3) ainda não é emitido');
    const badCity = await put({ emitter: { ...EMITTER, address: { ...EMITTER.address, uf: 'RJ' } } });
    expect(badCity.status).toBe(400);
    expect(badCity.body.error).toContain('não é de um município da UF');
    const badCnpj = await put({ emitter: { ...EMITTER, cnpj: '11222333000180' } });
    expect(badCnpj.body.error).toContain('CNPJ do emitente inválido');

    const unconfirmed = await put({ environment: 'producao' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toContain('confirme');
    expect((await http.get('/api/fiscal/settings', { token: admin })).body.data.environment).toBe('homologacao');
    const confirmed = await put({ environment: 'producao', confirm_production: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // SP's list gives QR v2 in produção; the store may choose.
    expect(confirmed.body.data).toMatchObject({ environment: 'producao', qr_version_in_use: 2 });
    expect((await put({ qr_version: 3 })).body.data.qr_version_in_use).toBe(3);
    // Already in produção: saving it again needs no new confirmation.
    expect((await put({ environment: 'producao' })).status).toBe(200);
    expect((await put({ environment: 'homologacao', qr_version: null })).body.data.qr_version_in_use).toBe(3);

    const defaults = await put({ product_defaults: { cfop: '5405', csosn: '500', origin: 2 } });
    expect(defaults.body.data.product_defaults).toEqual({ cfop: '5405', csosn: '500', origin: 2 });
    expect((await put({ product_defaults: { cfop: '6102', csosn: '101', origin: 9 } })).status).toBe(400);
  });

  it('each till has its own series: one another till has is refused naming that till; two may swap', async () => {
    const a = await registerTill();
    const b = await registerTill();
    const set = await put({
      till_series: [
        { device_id: a.id, series: 1 },
        { device_id: b.id, series: 2 },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const seriesOf = (body: Json, id: string) => body.data.tills.find((t: { id: string }) => t.id === id).nfce_series;
    expect([seriesOf(set.body, a.id), seriesOf(set.body, b.id)]).toEqual([1, 2]);

    const taken = await put({ till_series: [{ device_id: b.id, series: 1 }] });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(`A série 1 já é do caixa '${a.name}'. Cada caixa tem a sua série: escolha outra.`);
    const twice = await put({
      till_series: [
        { device_id: a.id, series: 5 },
        { device_id: b.id, series: 5 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toContain('A série 5 foi dada a mais de um caixa');
    const swapped = await put({
      till_series: [
        { device_id: a.id, series: 2 },
        { device_id: b.id, series: 1 },
      ],
    });
    expect([seriesOf(swapped.body, a.id), seriesOf(swapped.body, b.id)]).toEqual([2, 1]);
    expect((await put({ till_series: [{ device_id: a.id, series: 1000 }] })).status).toBe(400);
    // Another store's till is not this store's.
    const other = await http.put(
      '/api/fiscal/settings',
      { till_series: [{ device_id: a.id, series: 7 }] },
      { ...keyed(otherAdmin), host: OTHER_HOST },
    );
    expect(other.status).toBe(404);
    const rows = await ctx.db.select({ series: devices.nfceSeries }).from(devices).where(eq(devices.id, a.id));
    expect(rows[0]!.series).toBe(2);
  });

  it("refuses a wrong password, an expired, a not yet valid and another company's certificate, in pt-BR", async () => {
    const good = makeA1({ cnpj: SAMPLE_CNPJ });
    const wrong = await upload(good.pfx, 'outra-senha');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Senha do certificado incorreta. Confira a senha que veio com o certificado A1.');

    const expired = makeA1({
      cnpj: SAMPLE_CNPJ,
      notBefore: new Date(Date.UTC(2024, 0, 10, 15)),
      notAfter: new Date(Date.UTC(2025, 0, 10, 15)),
    });
    const old = await upload(expired.pfx, expired.password);
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('O certificado venceu em 10/01/2025. Envie um certificado A1 válido.');

    const future = makeA1({ cnpj: SAMPLE_CNPJ, notBefore: new Date(Date.now() + 3 * DAY_MS) });
    const early = await upload(future.pfx, future.password);
    expect(early.status).toBe(400);
    expect(early.body.error).toMatch(/^O certificado só vale a partir de \d{2}\/\d{2}\/\d{4}/);

    const another = makeA1({ cnpj: ANOTHER_COMPANY, legacy: true });
    const foreign = await upload(another.pfx, another.password);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe(
      `O certificado é do CNPJ ${ANOTHER_COMPANY}, que não é da loja (raiz 11222333). Envie o certificado A1 do CNPJ da loja.`,
    );
    const noKey = makeA1({ cnpj: SAMPLE_CNPJ, withoutKey: true });
    expect((await upload(noKey.pfx, noKey.password)).body.error).toContain('não tem a chave privada');
    expect((await upload(Buffer.from('isto não é um pfx'), 'x')).body.error).toContain('não é um certificado A1');
    // A file asking for millions of key-derivation rounds is refused before any is run.
    const heavy = makeA1({ cnpj: SAMPLE_CNPJ, iterations: 1_000_000 });
    const started = Date.now();
    const slow = await upload(heavy.pfx, heavy.password);
    expect(slow.body.error).toContain('cifragem fora do comum');
    expect(Date.now() - started).toBeLessThan(3_000);
    for (const res of [wrong, old, early, foreign]) expect(JSON.stringify(res.body)).not.toContain(good.password);
    expect((await stored()).certificateSealed).toBeNull();
  });

  it('accepts an OpenSSL 3 .pfx and a legacy RC2-40 one (which Node refuses), of the root or a branch; keeps them sealed', async () => {
    const modern = makeA1({ cnpj: SAMPLE_CNPJ });
    const legacy = makeA1({ cnpj: BRANCH_CNPJ, legacy: true, password: 'çenha antiga' });
    expect(() => createSecureContext({ pfx: modern.pfx, passphrase: modern.password })).not.toThrow();
    expect(() => createSecureContext({ pfx: legacy.pfx, passphrase: legacy.password })).toThrow();

    for (const [file, cnpj] of [
      [modern, SAMPLE_CNPJ],
      [legacy, BRANCH_CNPJ],
    ] as const) {
      const res = await upload(file.pfx, file.password);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ cnpj, days_left: expect.any(Number) });
      expect(res.body.data.subject).toContain(`CN=LOJA DE TESTE`);
      expect(res.body.data.days_left).toBeGreaterThanOrEqual(363);
      expect(Object.keys(res.body.data).sort()).toEqual([
        'cnpj',
        'days_left',
        'not_after',
        'not_before',
        'serial',
        'subject',
      ]);

      const row = await stored();
      const keyBody = file.keyPem.split('\n')[1]!;
      expect(row.certificateSealed).toMatch(/^v1\./);
      for (const secret of ['PRIVATE KEY', keyBody, 'CERTIFICATE', file.password])
        expect(row.certificateSealed).not.toContain(secret);
      const view = await http.get('/api/fiscal/settings', { token: admin });
      expect(view.body.data.certificate).toEqual(res.body.data);
      for (const body of [res.body, view.body]) {
        const text = JSON.stringify(body);
        for (const secret of ['PRIVATE KEY', keyBody, file.password, CSC, row.certificateSealed!])
          expect(text).not.toContain(secret);
      }
      // The server opens it for the signer: the key and certificate as uploaded.
      const material = (await storeSigningMaterial(ctx.db, createSecretBox(TEST_FISCAL_SECRET), tenantId))!;
      expect(material.certPem.replace(/\r/g, '')).toBe(file.certPem.replace(/\r/g, ''));
      expect(material.chainPem).toHaveLength(1);
    }
    // Under another secret, or as another store's, the sealed certificate does not open.
    await expect(storeSigningMaterial(ctx.db, createSecretBox('x'.repeat(40)), tenantId)).rejects.toThrow();
    const sealed = (await stored()).certificateSealed!;
    expect(() => createSecretBox(TEST_FISCAL_SECRET).open(sealed, `${randomUUID()}:certificate`)).toThrow();
    // A server under another secret (a restore without DATA_DIR/fiscal-secret) says so.
    const elsewhere = await getFiscalSettings(ctx.db, createSecretBox('z'.repeat(40)), tenantId);
    expect(elsewhere.emission_problems).toContain(SECRETS_UNREADABLE);
    const here = await getFiscalSettings(ctx.db, createSecretBox(TEST_FISCAL_SECRET), tenantId);
    expect(here.emission_problems).not.toContain(SECRETS_UNREADABLE);
  });

  it('a note signed with the stored certificate verifies with xmlsec1', async () => {
    const file = makeA1({ cnpj: SAMPLE_CNPJ, legacy: true });
    expect((await upload(file.pfx, file.password)).status).toBe(200);
    const material = (await storeSigningMaterial(ctx.db, createSecretBox(TEST_FISCAL_SECRET), tenantId))!;
    const { xml } = buildNfce(sampleNote(), seededRandom(7));
    const signed = await createPemSigner(material).sign(xml, 'infNFe');
    const [path] = writeDocuments([signed], 'a1');
    const verified = verifySignature(path!, file.caPath);
    expect(verified.ok, verified.output).toBe(true);
  });

  it('emission turns on only when nothing is missing; a CNPJ of another root drops the certificate', async () => {
    // Every till of the store has a series; QR v2 needs the CSC (set above).
    const view = (await http.get('/api/fiscal/settings', { token: admin })).body.data;
    const without = view.tills.filter((t: { nfce_series: number | null }) => t.nfce_series === null);
    const early = await put({ emission_enabled: true });
    if (without.length) {
      expect(early.status).toBe(400);
      expect(early.body.error).toContain('Defina a série de NFC-e de');
      let series = 10;
      await put({ till_series: without.map((t: { id: string }) => ({ device_id: t.id, series: series++ })) });
    }
    const on = await put({ emission_enabled: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data).toMatchObject({ emission_enabled: true, emission_problems: [] });

    // While on, a change that leaves something missing is refused.
    const noCsc = await put({ csc: null, qr_version: 2 });
    expect(noCsc.status).toBe(400);
    expect(noCsc.body.error).toContain('idCSC e do CSC');
    const otherRoot = await put({ emitter: { ...EMITTER, cnpj: SAMPLE_ALPHANUMERIC_CNPJ } });
    expect(otherRoot.status).toBe(400);
    expect(otherRoot.body.error).toContain('Envie o certificado digital A1');

    // Off, the alphanumeric CNPJ is saved and the other company's certificate goes.
    const off = await put({ emission_enabled: false, emitter: { ...EMITTER, cnpj: SAMPLE_ALPHANUMERIC_CNPJ } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data).toMatchObject({ emission_enabled: false, certificate: null });
    expect(off.body.data.emitter.cnpj).toBe(SAMPLE_ALPHANUMERIC_CNPJ);
    const alpha = makeA1({ cnpj: SAMPLE_ALPHANUMERIC_CNPJ, cnpjInCnOnly: true });
    const res = await upload(alpha.pfx, alpha.password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.cnpj).toBe(SAMPLE_ALPHANUMERIC_CNPJ);
  });

  it('the dashboard warns the admin from 30 days before the certificate expires, and once it has', async () => {
    const alerts = async (token: string) => (await http.get('/api/dashboard/alerts', { token })).body.data;
    expect((await alerts(admin)).certificateExpiry).toBeNull();
    const setNotAfter = (at: Date) =>
      ctx.db.update(fiscalSettings).set({ certificateNotAfter: at }).where(eq(fiscalSettings.tenantId, tenantId));
    await setNotAfter(new Date(Date.now() + 31 * DAY_MS + 3_600_000));
    expect((await alerts(admin)).certificateExpiry).toBeNull();
    const soon = new Date(Date.now() + 10 * DAY_MS + 3_600_000);
    await setNotAfter(soon);
    expect((await alerts(admin)).certificateExpiry).toEqual({ not_after: soon.toISOString(), days_left: 10 });
    expect((await alerts(cashier)).certificateExpiry).toBeNull();
    await setNotAfter(new Date(Date.now() - 2 * DAY_MS + 3_600_000));
    expect((await alerts(admin)).certificateExpiry.days_left).toBe(-2);
    expect((await http.get('/api/fiscal/settings', { token: admin })).body.data.emission_problems).toContain(
      'O certificado A1 venceu: envie o novo.',
    );
  });
});
