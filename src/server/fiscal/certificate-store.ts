// The store's A1 certificate at rest: saved sealed (secret-box.ts) with what may be shown of
// it beside, and opened only on the server, for the signer and for TLS. Its key and the
// password never reach a client nor a log; the password is not kept at all.
import { eq } from 'drizzle-orm';
import type { CertificateInfo } from '../../shared/contract';
import { inTransaction, type DbOrTx } from '../db/client';
import { fiscalSettings } from '../db/schema';
import { badRequest } from '../errors';
import { cnpjProblem } from '../../shared/fiscal/a1-rules';
import { openA1, type A1Certificate } from './a1-certificate';
import { certificateInfoOf, sealContext, storeCnpjOf } from './fiscal-settings';
import type { SecretBox } from './secret-box';

export const CERTIFICATE_NEEDS_CNPJ =
  'Preencha o CNPJ do emitente (ou o da empresa) antes de enviar o certificado: ele precisa ser do mesmo CNPJ.';

/** What the signer and TLS are given: the key and certificates as PEM. */
export interface SigningMaterial {
  keyPem: string;
  certPem: string;
  chainPem: string[];
}

/** Opens an uploaded .pfx against the store's CNPJ (no write): a 400 with the reason otherwise. */
export async function openUploadedCertificate(
  db: DbOrTx,
  tenantId: string,
  pfx: Buffer,
  password: string,
  now = new Date(),
): Promise<A1Certificate> {
  const cnpj = await storeCnpjOf(db, tenantId);
  if (!cnpj) throw badRequest(CERTIFICATE_NEEDS_CNPJ);
  return openA1(pfx, password, cnpj, now);
}

/** Keeps an opened certificate as the store's, replacing the one it had. */
export async function saveCertificate(
  db: DbOrTx,
  box: SecretBox,
  tenantId: string,
  a1: A1Certificate,
  tx?: DbOrTx,
): Promise<CertificateInfo> {
  return inTransaction(db, tx, async (t) => {
    // The emitter's CNPJ may have changed since the file was opened.
    const cnpj = await storeCnpjOf(t, tenantId);
    if (!cnpj) throw badRequest(CERTIFICATE_NEEDS_CNPJ);
    const problem = cnpjProblem(a1, cnpj);
    if (problem) throw badRequest(problem);
    const material: SigningMaterial = { keyPem: a1.keyPem, certPem: a1.certPem, chainPem: a1.chainPem };
    const columns = {
      certificateSealed: box.seal(JSON.stringify(material), sealContext(tenantId, 'certificate')),
      certificateSubject: a1.subject,
      certificateCnpj: a1.cnpj,
      certificateSerial: a1.serial,
      certificateNotBefore: a1.notBefore,
      certificateNotAfter: a1.notAfter,
      updatedAt: new Date(),
    };
    const [row] = await t
      .insert(fiscalSettings)
      .values({ tenantId, ...columns })
      .onConflictDoUpdate({ target: fiscalSettings.tenantId, set: columns })
      .returning();
    return certificateInfoOf(row!)!;
  });
}

/** The store's key and certificate as PEM, for the signer and TLS; null when it has none. */
export async function storeSigningMaterial(
  db: DbOrTx,
  box: SecretBox,
  tenantId: string,
): Promise<SigningMaterial | null> {
  const [row] = await db
    .select({ sealed: fiscalSettings.certificateSealed })
    .from(fiscalSettings)
    .where(eq(fiscalSettings.tenantId, tenantId));
  if (!row?.sealed) return null;
  return JSON.parse(box.open(row.sealed, sealContext(tenantId, 'certificate'))) as SigningMaterial;
}

/** The store's CSC (QR code v2), for the note's builder; null when none was given. */
export async function storeCsc(db: DbOrTx, box: SecretBox, tenantId: string): Promise<string | null> {
  const [row] = await db
    .select({ sealed: fiscalSettings.cscSealed })
    .from(fiscalSettings)
    .where(eq(fiscalSettings.tenantId, tenantId));
  return row?.sealed ? box.open(row.sealed, sealContext(tenantId, 'csc')) : null;
}
