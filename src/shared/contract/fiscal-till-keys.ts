// The registry of the tills that hold the store's signing key for the NFC-e offline
// contingency (Configurações > Fiscal, admins). A till imports the store's A1 in its browser
// and keeps the key there, where the browser never gives it out; it then tells the server it
// holds it by sending the certificate (DER, base64) and a proof: the text of tillKeyProof
// signed with the new key. Never the .pfx, its password nor the key. An admin removes the key
// from a till (revoked); the till drops it when it learns so (GET /api/fiscal/till/{id}).
import { z } from 'zod/mini';
import { Id, Timestamp, envelope } from './common';

/** An X.509 certificate is 1 to 3 KB; its base64 is a third longer. */
export const TILL_KEY_CERTIFICATE_BASE64_MAX = 16_000;
/** An RSA signature of a 4096-bit key is 512 bytes. */
const PROOF_BASE64_MAX = 1_024;

const Base64 = (missing: string, max: number) =>
  z
    .string({ error: missing })
    .check(
      z.minLength(1, { error: missing }),
      z.maxLength(max, { error: 'Conteúdo grande demais' }),
      z.regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Conteúdo em formato inválido (base64)' }),
    );

/**
 * What a till signs (RSASSA-PKCS1-v1_5 with SHA-1, its new key) to show that it holds the
 * key of the certificate it registers: its device id and the certificate's fingerprint.
 */
export const tillKeyProof = (deviceId: string, fingerprint: string): string =>
  `balcao:till-key:v1:${deviceId}:${fingerprint}`;

/** POST /api/fiscal/till-keys: the till now holds the key of this certificate. */
export const TillKeyRegisterSchema = z.object({
  device_id: Id,
  certificate_der: Base64('Envie o certificado', TILL_KEY_CERTIFICATE_BASE64_MAX),
  /** The signature of tillKeyProof(device_id, fingerprint), base64. */
  proof: Base64('Envie a prova da chave', PROOF_BASE64_MAX),
});
export type TillKeyRegister = z.infer<typeof TillKeyRegisterSchema>;

export const TillKeySchema = z.object({
  id: Id,
  device_id: Id,
  /** The till as people read it ('Caixa 1 (A)'). */
  till: z.string(),
  certificate_serial: z.string(),
  /** SHA-256 of the certificate's DER, upper-case hex. */
  certificate_fingerprint: z.string(),
  certificate_cnpj: z.string(),
  not_after: Timestamp,
  enabled_at: Timestamp,
  /** Who imported it on the till (null: a user since removed). */
  enabled_by: z.nullable(z.string()),
  /** null while the till holds it. */
  revoked_at: z.nullable(Timestamp),
  revoked_by: z.nullable(z.string()),
});
export type TillKey = z.infer<typeof TillKeySchema>;

export const TillKeyResponseSchema = envelope(TillKeySchema);
/** GET /api/fiscal/till-keys: the keys in force first (newest first), then the removed ones. */
export const TillKeyListResponseSchema = envelope(z.object({ keys: z.array(TillKeySchema) }));
