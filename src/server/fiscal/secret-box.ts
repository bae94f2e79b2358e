// Secrets kept at rest (the A1 certificate's key, the CSC): sealed with AES-256-GCM under a
// key that never enters the database. The key is derived (HKDF-SHA256) from FISCAL_SECRET,
// or from a secret generated once and kept in DATA_DIR/fiscal-secret (mode 0600), as the
// JWT secret is. A copy of the database alone opens nothing; losing the secret loses the
// certificate (the admin sends it again), never the sales.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { secretInDataDir, type Env } from '../env';

/** The sealed form's version: 'v1.' + base64url(iv | tag | ciphertext). */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
export const FISCAL_SECRET_MIN_CHARS = 32;
export const FISCAL_SECRET_FILE = 'fiscal-secret';

/**
 * FISCAL_SECRET, or one generated once and kept in DATA_DIR/fiscal-secret. Several
 * processes sharing PostgreSQL must share FISCAL_SECRET (or the same DATA_DIR): a process
 * with another secret cannot open the certificate the others sealed.
 */
export function resolveFiscalSecret(env: Pick<Env, 'FISCAL_SECRET' | 'DATA_DIR'>): {
  secret: string;
  generated: boolean;
} {
  if (env.FISCAL_SECRET) return { secret: env.FISCAL_SECRET, generated: false };
  return secretInDataDir(
    env.DATA_DIR,
    FISCAL_SECRET_FILE,
    FISCAL_SECRET_MIN_CHARS,
    'segredo fiscal curto demais / fiscal secret too short',
  );
}

/** Seals and opens secrets of one purpose; `context` (the store) binds a sealed value to its row. */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Throws when the value was sealed under another secret or context, or was changed. */
  open(sealed: string, context: string): string;
}

export function createSecretBox(secret: string): SecretBox {
  if (secret.length < FISCAL_SECRET_MIN_CHARS)
    throw new Error('Segredo fiscal curto demais (mínimo de 32 caracteres).');
  const key = Buffer.from(hkdfSync('sha256', secret, 'balcao', 'fiscal secrets at rest v1', KEY_BYTES));
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, data] = sealed.split('.');
      if (version !== VERSION || !data) throw new Error('Valor cifrado em formato desconhecido.');
      const bytes = Buffer.from(data, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
