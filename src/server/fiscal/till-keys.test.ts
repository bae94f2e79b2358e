// The registry of the tills that hold the store's contingency signing key (till-keys.ts),
// through the routes on a real database: a till registers the certificate of the key it now
// holds (its DER and a proof signed by the key, made here with node:crypto from test A1 files
// that openssl makes, of both kinds); the certificate must be the store's and in force, the
// proof must be the key's; an admin lists and removes (revokes) keys; the till's fiscal view
// says which key it holds; and tillKeyStanding says whether a certificate's key may sign for
// a till at a moment.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { A1_MESSAGES } from '../../shared/fiscal/a1-rules';
import { DEMO } from '../demo/seed';
import { tillSigningKeys } from '../db/schema';
import { NO_STORE, OTHER_HOST, useTestStore, type Json } from '../test/helpers';
import { databases } from '../test/testDb';
import { makeA1, removeA1Files } from './test/a1-files';
import { fingerprintOf, tillKeyBody } from './test/till-key-fixtures';
import { TILL_KEY_MESSAGES, tillKeyStanding } from './till-keys';

const STORE_CNPJ = '11222333000181';
const OTHER_CNPJ = '44555666000181';
const EMITTER = {
  cnpj: STORE_CNPJ,
  legal_name: 'Loja de Teste Ltda',
  trade_name: 'Loja de Teste',
  ie: '123456789110',
  address: {
    street: 'Rua das Flores',
    number: '100',
    district: 'Centro',
    city_code: '3550308',
    city_name: 'São Paulo',
    uf: 'SP',
    cep: '01001000',
  },
};
const DAY_MS = 86_400_000;

afterAll(() => removeA1Files());

describe.each(databases())('the tills that hold the contingency key (%s)', (kind) => {
  let { ctx, http, admin, cashier, otherAdmin, tenantId } = NO_STORE;
  useTestStore(kind, (store) => ({ ctx, http, admin, cashier, otherAdmin, tenantId } = store));

  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const newTill = async () => {
    const id = randomUUID();
    const res = await http.post('/api/devices', { id, label: 'Android · Chrome' }, keyed(cashier));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return id;
  };
  const register = (body: unknown, token = admin) => http.post('/api/fiscal/till-keys', body, keyed(token));
  const rows = () => ctx.db.select().from(tillSigningKeys).where(eq(tillSigningKeys.tenantId, tenantId));
  const heldBy = async (device: string) =>
    (await http.get(`/api/fiscal/till/${device}`, { token: cashier })).body.data.signing_key;

  it('registers the certificate of the key a till holds, of both kinds of A1; the till is told; a cashier gets 403', async () => {
    const till = await newTill();
    for (const a1 of [makeA1({ cnpj: STORE_CNPJ, legacy: true }), makeA1({ cnpj: STORE_CNPJ })]) {
      expect((await register(tillKeyBody(a1, till), cashier)).status).toBe(403);
      const res = await register(tillKeyBody(a1, till));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const key = res.body.data as Json;
      const fingerprint = fingerprintOf(a1.certPem);
      expect(key).toMatchObject({
        device_id: till,
        certificate_fingerprint: fingerprint,
        certificate_cnpj: STORE_CNPJ,
        enabled_by: DEMO.admin.name,
        revoked_at: null,
        revoked_by: null,
      });
      expect(key.till).toMatch(/^Caixa \d+ \([A-Z]+\)$/);
      expect(new Date(key.not_after).getTime()).toBeGreaterThan(Date.now() + 300 * DAY_MS);
      expect(await heldBy(till)).toEqual({ fingerprint, not_after: key.not_after });
    }
    // The second import on the same till replaced the first: one key in force.
    const mine = (await rows()).filter((r) => r.deviceId === till);
    expect(mine).toHaveLength(2);
    expect(mine.filter((r) => r.revokedAt === null)).toHaveLength(1);
    // Only the certificate is kept: nothing private.
    expect(JSON.stringify(mine)).not.toMatch(/PRIVATE KEY|senha-do-a1/);
  });

  it('registering the same certificate again on a till answers the key it has; another till has its own', async () => {
    const [one, two] = [await newTill(), await newTill()];
    const a1 = makeA1({ cnpj: STORE_CNPJ });
    const first = await register(tillKeyBody(a1, one));
    const again = await register(tillKeyBody(a1, one));
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await register(tillKeyBody(a1, two));
    expect(other.body.data.id).not.toBe(first.body.data.id);
    expect((await rows()).filter((r) => r.certificateFingerprint === fingerprintOf(a1.certPem))).toHaveLength(2);
  });

  it("refuses another company's, an expired and an unreadable certificate, a wrong proof and an unknown till, writing nothing", async () => {
    const till = await newTill();
    const a1 = makeA1({ cnpj: STORE_CNPJ, legacy: true });
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const expired = makeA1({
      cnpj: STORE_CNPJ,
      notBefore: new Date(Date.now() - 400 * DAY_MS),
      notAfter: new Date(Date.now() - DAY_MS),
    });
    const cases: [unknown, number, string | RegExp][] = [
      [tillKeyBody(makeA1({ cnpj: OTHER_CNPJ }), till), 400, A1_MESSAGES.otherCnpj(OTHER_CNPJ, STORE_CNPJ.slice(0, 8))],
      [tillKeyBody(expired, till), 400, /^O certificado venceu em \d{2}\/\d{2}\/\d{4}\. /],
      [tillKeyBody(a1, till, { signedBy: stranger as string }), 400, TILL_KEY_MESSAGES.badProof],
      [tillKeyBody(a1, till, { proofDevice: randomUUID() }), 400, TILL_KEY_MESSAGES.badProof],
      [{ ...tillKeyBody(a1, till), certificate_der: Buffer.from('não é um certificado').toString('base64') }, 400, /não pôde ser lido/],
      [tillKeyBody(a1, randomUUID()), 404, TILL_KEY_MESSAGES.unknownDevice],
    ]; // prettier-ignore
    const before = (await rows()).length;
    for (const [body, status, message] of cases) {
      const res = await register(body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (typeof message === 'string') expect(res.body.error).toBe(message);
      else expect(res.body.error).toMatch(message);
    }
    expect((await rows()).length).toBe(before);
    expect(await heldBy(till)).toBeNull();
  });

  it('an admin lists the keys and removes one; the till is told; another store sees none of them', async () => {
    const till = await newTill();
    // The first certificate replaced by a second one: a removed key and one in force.
    await register(tillKeyBody(makeA1({ cnpj: STORE_CNPJ }), till));
    const key = (await register(tillKeyBody(makeA1({ cnpj: STORE_CNPJ }), till))).body.data as Json;
    expect((await http.get('/api/fiscal/till-keys', { token: cashier })).status).toBe(403);
    const listed = (await http.get('/api/fiscal/till-keys', { token: admin })).body.data.keys as Json[];
    expect(listed.find((k) => k.id === key.id)).toEqual(key);
    // In force first.
    const firstRemoved = listed.findIndex((k) => k.revoked_at !== null);
    expect(firstRemoved, JSON.stringify(listed)).toBeGreaterThan(0);
    expect(
      listed.slice(firstRemoved).every((k) => k.revoked_at !== null),
      JSON.stringify(listed),
    ).toBe(true);

    const other = { ...keyed(otherAdmin), host: OTHER_HOST };
    expect((await http.post(`/api/fiscal/till-keys/${key.id}/revoke`, undefined, other)).status).toBe(404);
    expect((await http.get('/api/fiscal/till-keys', other)).body.data.keys).toEqual([]);
    const revoked = await http.post(`/api/fiscal/till-keys/${key.id}/revoke`, undefined, keyed(admin));
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: key.id, revoked_by: DEMO.admin.name });
    expect(revoked.body.data.revoked_at).not.toBeNull();
    expect(await heldBy(till)).toBeNull();
    // Removing it again changes nothing; an unknown key is a 404.
    const again = await http.post(`/api/fiscal/till-keys/${key.id}/revoke`, undefined, keyed(admin));
    expect(again.body.data.revoked_at).toBe(revoked.body.data.revoked_at);
    const unknown = await http.post(`/api/fiscal/till-keys/${randomUUID()}/revoke`, undefined, keyed(admin));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(TILL_KEY_MESSAGES.notFound);
  });

  it("tillKeyStanding: valid while registered and not removed, in force, of the store's root; says why not", async () => {
    const [till, other] = [await newTill(), await newTill()];
    const a1 = makeA1({ cnpj: STORE_CNPJ, legacy: true });
    const der = new Uint8Array(Buffer.from(tillKeyBody(a1, till).certificate_der, 'base64'));
    const fingerprint = fingerprintOf(a1.certPem);
    const key = (await register(tillKeyBody(a1, till))).body.data as Json;

    expect(await tillKeyStanding(ctx.db, tenantId, till, der)).toEqual({ valid: true, keyId: key.id });
    expect(await tillKeyStanding(ctx.db, tenantId, till, fingerprint.toLowerCase())).toEqual({
      valid: true,
      keyId: key.id,
    });
    expect(await tillKeyStanding(ctx.db, tenantId, other, der)).toMatchObject({ valid: false, reason: 'unknown', message: TILL_KEY_MESSAGES.unknown }); // prettier-ignore
    const stranger = fingerprintOf(makeA1({ cnpj: STORE_CNPJ }).certPem);
    expect(await tillKeyStanding(ctx.db, tenantId, till, stranger)).toMatchObject({ valid: false, reason: 'unknown' });
    const later = new Date(Date.now() + 400 * DAY_MS);
    const expired = await tillKeyStanding(ctx.db, tenantId, till, der, later);
    expect(expired).toMatchObject({ valid: false, reason: 'not-in-force' });
    expect(expired.valid ? '' : expired.message).toMatch(/^O certificado venceu em /);

    const before = new Date();
    await http.post(`/api/fiscal/till-keys/${key.id}/revoke`, undefined, keyed(admin));
    const standing = await tillKeyStanding(ctx.db, tenantId, till, der);
    expect(standing).toMatchObject({ valid: false, reason: 'revoked' });
    expect(standing.valid ? '' : standing.message).toMatch(
      new RegExp(`^A chave deste caixa foi removida em \\d{2}/\\d{2}/\\d{4} por ${DEMO.admin.name}: `),
    );
    // A note signed before the removal was signed by a key in force.
    expect(await tillKeyStanding(ctx.db, tenantId, till, der, new Date(before.getTime() - 1000))).toEqual({
      valid: true,
      keyId: key.id,
    });

    // Imported again after the removal: in force again, as a new row.
    const back = (await register(tillKeyBody(a1, till))).body.data as Json;
    expect(back.id).not.toBe(key.id);
    expect(await tillKeyStanding(ctx.db, tenantId, till, der)).toEqual({ valid: true, keyId: back.id });
    // The store's emitter became another company: the old company's certificate signs for it no more.
    const moved = await http.put('/api/fiscal/settings', { emitter: { ...EMITTER, cnpj: OTHER_CNPJ } }, keyed(admin));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const otherRoot = await tillKeyStanding(ctx.db, tenantId, till, der);
    expect(otherRoot).toMatchObject({ valid: false, reason: 'not-in-force' });
    expect(otherRoot.valid ? '' : otherRoot.message).toBe(A1_MESSAGES.otherCnpj(STORE_CNPJ, OTHER_CNPJ.slice(0, 8)));
  });
});
