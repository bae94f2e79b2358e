// The till's contingency key on the device (fake-indexeddb, Node's WebCrypto, the network
// faked at its edge): importing a real A1 made by openssl (the legacy RC2-40/3DES kind) sends
// the server only the certificate and a proof the certificate verifies, and keeps a key
// that cannot be exported and signs for the certificate; refusals keep and send nothing;
// tillSigningKey never offers an expired key; a key the server no longer lists for this till
// is dropped on the till's fiscal check, unless it was kept after the question was asked.
import { verify, X509Certificate } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { tillKeyProof } from '../../shared/contract/fiscal-till-keys';
import { A1_MESSAGES } from '../../shared/fiscal/a1-rules';
import { makeA1, removeA1Files, type A1File } from '../../shared/fiscal/test/a1-files';
import { getDb, type BalcaoDb, type TillKeyRecord } from '../offline/db';
import { deviceIdentity } from '../offline/device-identity';
import { readTillKey } from '../offline/till-key-store';
import { createFakeServer, type FakeRequest, type FakeServer } from '../test/fake-server';
import { ADMIN, signedInAs } from '../test/fixtures';
import { fetchFiscalTill } from './fiscal-till';
import { screenCommitted } from '../offline/screen-painted';
import { dropRemovedTillKey, TILL_KEY_ALGORITHM, tillSigningKey } from './till-key';
import { importTillKey } from '../features/settings/till-key-import';

const CNPJ = '11222333000181';
const DAY_MS = 86_400_000;

let server: FakeServer;
let db: BalcaoDb;
const registers = () => server.callsTo('POST', '/api/fiscal/till-keys');

/** The server's side of a register: the proof must verify with the certificate sent. */
function answerRegister(request: FakeRequest) {
  const body = request.body as { device_id: string; certificate_der: string; proof: string };
  const cert = new X509Certificate(Buffer.from(body.certificate_der, 'base64'));
  const fingerprint = cert.fingerprint256.replaceAll(':', '');
  const proven = verify(
    'sha1',
    Buffer.from(tillKeyProof(body.device_id, fingerprint)),
    cert.publicKey,
    Buffer.from(body.proof, 'base64'),
  );
  if (!proven) return { status: 400, body: { success: false, code: 'VALIDATION', error: 'prova inválida' } };
  const key = {
    id: crypto.randomUUID(),
    device_id: body.device_id,
    till: 'Caixa 1 (A)',
    certificate_serial: cert.serialNumber,
    certificate_fingerprint: fingerprint,
    certificate_cnpj: CNPJ,
    not_after: new Date(cert.validTo).toISOString(),
    enabled_at: new Date().toISOString(),
    enabled_by: ADMIN.name,
    revoked_at: null,
    revoked_by: null,
  };
  return { status: 201, body: { success: true, data: key } };
}

const pfxOf = (a1: A1File) => new Blob([new Uint8Array(a1.pfx)]);

beforeEach(async () => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  db = getDb();
  const device = await deviceIdentity(db);
  server.on('GET', `/api/devices/${device.id}`, () => ({
    body: { success: true, data: { id: device.id, code: 'A', label: device.label, name: 'Caixa 1' } },
  }));
  server.on('POST', '/api/devices', () => ({
    body: { success: true, data: { id: device.id, code: 'A', label: device.label, name: 'Caixa 1' } },
  }));
  server.on('POST', '/api/fiscal/till-keys', answerRegister);
});

afterAll(() => removeA1Files());

describe('importing the A1 on the till', () => {
  it('sends only the certificate and a proof; keeps a key that cannot be exported and signs for the certificate', async () => {
    const a1 = makeA1({ cnpj: CNPJ, legacy: true });
    const registered = await importTillKey(pfxOf(a1), a1.password, db);
    const cert = new X509Certificate(a1.certPem);
    expect(registered.certificate_fingerprint).toBe(cert.fingerprint256.replaceAll(':', ''));

    const [sent] = registers();
    expect(Object.keys(sent!.body as object).sort()).toEqual(['certificate_der', 'device_id', 'proof']);
    const wire = JSON.stringify(server.calls.map((c) => c.body));
    expect(wire).not.toContain(a1.password);
    expect(wire).not.toContain(a1.pfx.toString('base64').slice(0, 40));

    const kept = (await readTillKey(db))!;
    expect(Object.keys(kept).sort()).toEqual(
      ['certificateDer', 'cnpj', 'fingerprint', 'key', 'notAfter', 'notBefore', 'serial', 'storedAt'].sort(),
    );
    expect(Buffer.from(kept.certificateDer).equals(cert.raw)).toBe(true);
    expect(kept.cnpj).toBe(CNPJ);

    const signing = (await tillSigningKey(new Date(), db))!;
    expect(signing.key.extractable).toBe(false);
    expect(signing.key.usages).toEqual(['sign']);
    expect(signing.key.algorithm).toMatchObject({ name: 'RSASSA-PKCS1-v1_5', hash: { name: 'SHA-1' } });
    await expect(crypto.subtle.exportKey('pkcs8', signing.key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('jwk', signing.key)).rejects.toThrow();
    const data = new TextEncoder().encode('<SignedInfo>contingência</SignedInfo>');
    const signature = Buffer.from(await crypto.subtle.sign(TILL_KEY_ALGORITHM, signing.key, data));
    expect(verify('sha1', data, cert.publicKey, signature)).toBe(true);
    expect(signing.notAfter).toBe(new Date(cert.validTo).toISOString());
  });

  it('refuses a wrong password, a file that is not a .pfx and an expired certificate: nothing sent, nothing kept', async () => {
    const a1 = makeA1({ cnpj: CNPJ, legacy: true });
    const expired = makeA1({
      cnpj: CNPJ,
      legacy: true,
      notBefore: new Date(Date.now() - 400 * DAY_MS),
      notAfter: new Date(Date.now() - DAY_MS),
    });
    await expect(importTillKey(pfxOf(a1), 'senha errada', db)).rejects.toThrow(A1_MESSAGES.wrongPassword);
    await expect(importTillKey(new Blob(['%PDF-1.7 nota.pdf']), 'x', db)).rejects.toThrow(A1_MESSAGES.notPfx);
    await expect(importTillKey(pfxOf(expired), expired.password, db)).rejects.toThrow(/^O certificado venceu em /);
    expect(registers()).toHaveLength(0);
    expect(await readTillKey(db)).toBeUndefined();
  });

  it("a refusal of the server (another company's certificate) keeps nothing and says the server's sentence", async () => {
    const message = A1_MESSAGES.otherCnpj('44555666000181', CNPJ.slice(0, 8));
    server.on('POST', '/api/fiscal/till-keys', () => ({
      status: 400,
      body: { success: false, code: 'VALIDATION', error: message },
    }));
    const other = makeA1({ cnpj: '44555666000181', legacy: true });
    await expect(importTillKey(pfxOf(other), other.password, db)).rejects.toThrow(message);
    expect(await readTillKey(db)).toBeUndefined();
  });
});

describe('the key the signing step is given, and dropping a removed one', () => {
  const keep = async (overrides: Partial<TillKeyRecord> = {}) => {
    const a1 = makeA1({ cnpj: CNPJ });
    await importTillKey(pfxOf(a1), a1.password, db);
    const kept = (await readTillKey(db))!;
    if (Object.keys(overrides).length) await db.tillKeys.put({ ...kept, ...overrides });
    return (await readTillKey(db))!;
  };

  it('is none without a key, and never an expired (or not yet valid) one', async () => {
    expect(await tillSigningKey(new Date(), db)).toBeNull();
    const kept = await keep();
    expect(await tillSigningKey(new Date(), db)).not.toBeNull();
    expect(await tillSigningKey(new Date(new Date(kept.notAfter).getTime() + 1000), db)).toBeNull();
    expect(await tillSigningKey(new Date(new Date(kept.notBefore).getTime() - 1000), db)).toBeNull();
    // Still kept: the till shows it expired, and a new import replaces it.
    expect(await readTillKey(db)).toBeDefined();
  });

  it('drops the key the server no longer lists, unless it was kept after the question', async () => {
    const kept = await keep();
    const listed = { fingerprint: kept.fingerprint, not_after: kept.notAfter };
    const after = kept.storedAt + 1;
    expect(await dropRemovedTillKey(db, listed, after)).toEqual([]);
    expect(await dropRemovedTillKey(db, undefined, after)).toEqual([]);
    // Asked before the key was kept: the answer is older than the key.
    expect(await dropRemovedTillKey(db, null, kept.storedAt - 1)).toEqual([]);
    expect(await readTillKey(db)).toBeDefined();
    expect(await dropRemovedTillKey(db, { ...listed, fingerprint: 'A'.repeat(64) }, after)).toEqual([kept.fingerprint]);
    expect(await readTillKey(db)).toBeUndefined();
    await keep();
    expect(await dropRemovedTillKey(db, null, Date.now() + 1)).toHaveLength(1);
    expect(await tillSigningKey(new Date(), db)).toBeNull();
  });

  it("the till's fiscal check drops a key an admin removed", async () => {
    const kept = await keep();
    const device = await deviceIdentity(db);
    let signingKey: unknown = { fingerprint: kept.fingerprint, not_after: kept.notAfter };
    server.on('GET', `/api/fiscal/till/${device.id}`, () => ({
      body: {
        success: true,
        data: {
          emission_enabled: true,
          environment: 'homologacao',
          series: 1,
          consumer_document_threshold: 1_000_000,
          emitter: null,
          products_without_ncm: { count: 0, ids: [] },
          signing_key: signingKey,
        },
      },
    }));
    // As in the app: the fiscal check reads the device once the signed-in screen is painted.
    screenCommitted();
    await fetchFiscalTill();
    expect(await tillSigningKey(new Date(), db)).not.toBeNull();
    signingKey = null;
    await fetchFiscalTill();
    expect(await readTillKey(db)).toBeUndefined();
    expect(await tillSigningKey(new Date(), db)).toBeNull();
  });
});
