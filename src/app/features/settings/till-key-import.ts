// Enabling the offline contingency on this till: an admin gives the store's A1 (.pfx) and
// its password; the file is opened here, in the browser (shared/fiscal/a1-file.ts,
// node-forge: it opens the RC2-40/3DES files WebCrypto cannot), the private key goes into
// WebCrypto as a non-extractable RSASSA-PKCS1-v1_5/SHA-1 key, the server is told that this
// till holds the certificate's key (the certificate and a proof signed by the key: it checks
// the store's CNPJ and the validity by the same rule as its own A1), and only then the key is
// kept (offline/till-key-store.ts) with the certificate. Neither the file nor the password
// is kept or sent anywhere. This module is loaded only when the admin imports (import() in
// till-keys-api.ts): with node-forge it is a chunk of its own, never in the till's first paint.
import { TillKeyResponseSchema, tillKeyProof, type TillKey } from '../../../shared/contract/fiscal-till-keys';
import { openPkcs12 } from '../../../shared/fiscal/a1-file';
import { A1Error, validityProblem } from '../../../shared/fiscal/a1-rules';
import { TILL_KEY_ALGORITHM } from '../../counter/till-key';
import { api } from '../../lib/api';
import { getDb, type BalcaoDb } from '../../offline/db';
import { deviceIdentity } from '../../offline/device-identity';
import { ensureDeviceCode } from '../../offline/sale-numbers';
import { keepTillKey } from '../../offline/till-key-store';

export const NO_WEBCRYPTO =
  'Este navegador não pode guardar a chave com segurança aqui: abra o Balcão pelo endereço com https e importe de novo.';

const toBase64 = (bytes: Uint8Array) => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 8192) binary += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(binary);
};

/**
 * Imports the A1 on this till and registers it: the server's view of the key (the till's
 * name, the certificate's serial and validity). Throws an A1Error (pt-BR) for a file that
 * is not a .pfx, a wrong password, a file without its key or an expired certificate, and
 * the server's refusal (another company's CNPJ, ...) as an ApiError with its sentence.
 */
export async function importTillKey(
  file: Blob,
  password: string,
  db: BalcaoDb = getDb(),
  now = new Date(),
): Promise<TillKey> {
  // WebCrypto exists only in a secure context (HTTPS, or localhost).
  if (!globalThis.crypto?.subtle) throw new A1Error(NO_WEBCRYPTO);
  const opened = openPkcs12(new Uint8Array(await file.arrayBuffer()), password);
  const expired = validityProblem(opened, now);
  if (expired) throw new A1Error(expired);
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('pkcs8', opened.keyPkcs8, TILL_KEY_ALGORITHM, false, ['sign']);
  } finally {
    // The key's bytes are no longer needed once WebCrypto holds it.
    opened.keyPkcs8.fill(0);
  }
  // The server must know this till (its first contact gives it a code) before it lists it.
  await ensureDeviceCode(db, api);
  const device = await deviceIdentity(db);
  const proof = await crypto.subtle.sign(
    TILL_KEY_ALGORITHM,
    key,
    new TextEncoder().encode(tillKeyProof(device.id, opened.fingerprint)),
  );
  const registered = await api.post(
    TillKeyResponseSchema,
    '/fiscal/till-keys',
    {
      device_id: device.id,
      certificate_der: toBase64(opened.certificateDer),
      proof: toBase64(new Uint8Array(proof)),
    },
    { headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );
  await keepTillKey(db, {
    fingerprint: opened.fingerprint,
    key,
    certificateDer: opened.certificateDer,
    serial: opened.serial,
    cnpj: opened.cnpj ?? '',
    notBefore: opened.notBefore.toISOString(),
    notAfter: opened.notAfter.toISOString(),
    storedAt: Date.now(),
  });
  return registered.data;
}
