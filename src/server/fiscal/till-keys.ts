// The registry of the tills that hold the store's signing key for the NFC-e offline
// contingency. A till imports the store's A1 in its browser (the key stays there, never given
// out) and registers here what it holds: the certificate and a proof that it has the key (a
// fixed text signed with it). The certificate must be the store's, by the same rule as the
// A1 the server keeps (shared/fiscal/a1-rules.ts). A till holds at most one key in force; a
// new import replaces the old one. An admin removes (revokes) a till's key; the till learns
// it from GET /api/fiscal/till/{id} (fiscal-till.ts) and drops it. tillKeyStanding says
// whether a certificate's key is in force for a till at a moment: what a contingency note
// signed by the till is checked against.
import { verify, X509Certificate } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tillKeyProof, type TillKey, type TillKeyRegister } from '../../shared/contract/fiscal-till-keys';
import { formatDate } from '../../shared/dates';
import { readCertificate, type CertificateDetails } from '../../shared/fiscal/a1-file';
import { A1Error, a1Problem } from '../../shared/fiscal/a1-rules';
import { tillName } from '../../shared/till-name';
import { inTransaction, type DbOrTx } from '../db/client';
import { devices, tillSigningKeys, users, type TillSigningKeyRow } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { CERTIFICATE_NEEDS_CNPJ } from './certificate-store';
import { storeCnpjOf } from './fiscal-settings';

export const TILL_KEY_MESSAGES = {
  badProof:
    'O caixa não provou ter a chave deste certificado. Importe o arquivo .pfx do certificado A1 de novo neste caixa.',
  unknownDevice: 'Este caixa ainda não é conhecido pelo servidor: abra o Balcão nele com internet e tente de novo.',
  notFound: 'Chave de caixa não encontrada.',
  unknown:
    'Este caixa não tem registrada a chave do certificado que assinou a nota: a nota não é aceita. Importe o certificado A1 no caixa.',
  revoked: (date: string, by: string | null) =>
    `A chave deste caixa foi removida em ${date}${by ? ` por ${by}` : ''}: uma nota assinada por ela depois disso não é aceita.`,
} as const;

/** What a register request carries once checked (before the key's transaction). */
export interface CheckedTillKey {
  deviceId: string;
  der: Buffer;
  details: CertificateDetails;
}

/**
 * Reads the certificate a till sent and checks it: the store's (CNPJ root), in force, and
 * the proof signed by its key. Done before the Idempotency-Key's transaction, so a refusal
 * (a 400 with the pt-BR sentence) is not stored.
 */
export async function checkTillKey(
  db: DbOrTx,
  tenantId: string,
  body: TillKeyRegister,
  now = new Date(),
): Promise<CheckedTillKey> {
  const der = Buffer.from(body.certificate_der, 'base64');
  let details: CertificateDetails;
  let certificate: X509Certificate;
  try {
    details = readCertificate(der);
    certificate = new X509Certificate(der);
  } catch (error) {
    if (error instanceof A1Error) throw badRequest(error.message);
    throw badRequest('O certificado não pôde ser lido. Importe o arquivo .pfx do certificado A1 de novo.');
  }
  const storeCnpj = await storeCnpjOf(db, tenantId);
  if (!storeCnpj) throw badRequest(CERTIFICATE_NEEDS_CNPJ);
  const problem = a1Problem(details, storeCnpj, now);
  if (problem) throw badRequest(problem);
  const proof = Buffer.from(tillKeyProof(body.device_id, details.fingerprint));
  if (!verify('sha1', proof, certificate.publicKey, Buffer.from(body.proof, 'base64')))
    throw badRequest(TILL_KEY_MESSAGES.badProof);
  return { deviceId: body.device_id, der, details };
}

const enabler = alias(users, 'enabler');
const revoker = alias(users, 'revoker');

/** The registry's rows as the admin reads them: the till's name and who acted. */
function selectKeys(db: DbOrTx, tenantId: string) {
  return db
    .select({
      row: tillSigningKeys,
      device: { name: devices.name, code: devices.code, label: devices.label },
      enabledBy: enabler.name,
      revokedBy: revoker.name,
    })
    .from(tillSigningKeys)
    .innerJoin(devices, and(eq(devices.tenantId, tillSigningKeys.tenantId), eq(devices.id, tillSigningKeys.deviceId)))
    .leftJoin(enabler, and(eq(enabler.tenantId, tillSigningKeys.tenantId), eq(enabler.id, tillSigningKeys.enabledBy)))
    .leftJoin(revoker, and(eq(revoker.tenantId, tillSigningKeys.tenantId), eq(revoker.id, tillSigningKeys.revokedBy)))
    .where(eq(tillSigningKeys.tenantId, tenantId))
    .$dynamic();
}

type KeyRead = Awaited<ReturnType<ReturnType<typeof selectKeys>['execute']>>[number];

function viewOf({ row, device, enabledBy, revokedBy }: KeyRead): TillKey {
  return {
    id: row.id,
    device_id: row.deviceId,
    till: tillName(device) ?? 'Caixa',
    certificate_serial: row.certificateSerial,
    certificate_fingerprint: row.certificateFingerprint,
    certificate_cnpj: row.certificateCnpj,
    not_after: row.notAfter.toISOString(),
    enabled_at: row.enabledAt.toISOString(),
    enabled_by: enabledBy,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_by: row.revokedAt ? revokedBy : null,
  };
}

async function keyView(db: DbOrTx, tenantId: string, id: string): Promise<TillKey> {
  const [read] = await selectKeys(db, tenantId).where(
    and(eq(tillSigningKeys.tenantId, tenantId), eq(tillSigningKeys.id, id)),
  );
  if (!read) throw notFound(TILL_KEY_MESSAGES.notFound);
  return viewOf(read);
}

/**
 * Registers that the till holds the key of the checked certificate. The same certificate
 * already in force on the till answers that row (nothing new); another one in force is
 * revoked by this import, in the same transaction.
 */
export async function registerTillKey(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  checked: CheckedTillKey,
  tx?: DbOrTx,
): Promise<TillKey> {
  return inTransaction(db, tx, async (t) => {
    // The till's row locked: two imports on one till register one after the other.
    const [device] = await t
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.tenantId, tenantId), eq(devices.id, checked.deviceId)))
      .for('no key update');
    if (!device) throw notFound(TILL_KEY_MESSAGES.unknownDevice);
    const inForce = and(
      eq(tillSigningKeys.tenantId, tenantId),
      eq(tillSigningKeys.deviceId, checked.deviceId),
      isNull(tillSigningKeys.revokedAt),
    );
    const [current] = await t.select().from(tillSigningKeys).where(inForce);
    if (current?.certificateFingerprint === checked.details.fingerprint) return keyView(t, tenantId, current.id);
    if (current) await t.update(tillSigningKeys).set({ revokedAt: new Date(), revokedBy: userId }).where(inForce);
    const { details } = checked;
    const [row] = await t
      .insert(tillSigningKeys)
      .values({
        tenantId,
        deviceId: checked.deviceId,
        certificateDer: checked.der.toString('base64'),
        certificateSerial: details.serial,
        certificateFingerprint: details.fingerprint,
        certificateCnpj: details.cnpj!,
        notBefore: details.notBefore,
        notAfter: details.notAfter,
        enabledBy: userId,
      })
      .returning({ id: tillSigningKeys.id });
    return keyView(t, tenantId, row!.id);
  });
}

/** Every till's key: those in force first, newest first; then the removed ones. */
export async function listTillKeys(db: DbOrTx, tenantId: string): Promise<{ keys: TillKey[] }> {
  const reads = await selectKeys(db, tenantId).orderBy(
    sql`${tillSigningKeys.revokedAt} IS NOT NULL`,
    desc(tillSigningKeys.enabledAt),
    asc(tillSigningKeys.id),
  );
  return { keys: reads.map(viewOf) };
}

/** Removes a till's key (revoked now, by `userId`); a key already removed stays as it was. */
export async function revokeTillKey(
  db: DbOrTx,
  tenantId: string,
  id: string,
  userId: string,
  tx?: DbOrTx,
): Promise<TillKey> {
  return inTransaction(db, tx, async (t) => {
    const [row] = await t
      .select({ revokedAt: tillSigningKeys.revokedAt })
      .from(tillSigningKeys)
      .where(and(eq(tillSigningKeys.tenantId, tenantId), eq(tillSigningKeys.id, id)))
      .for('no key update');
    if (!row) throw notFound(TILL_KEY_MESSAGES.notFound);
    if (!row.revokedAt)
      await t
        .update(tillSigningKeys)
        .set({ revokedAt: new Date(), revokedBy: userId })
        .where(and(eq(tillSigningKeys.tenantId, tenantId), eq(tillSigningKeys.id, id)));
    return keyView(t, tenantId, id);
  });
}

/** The key in force on a till, as the till is told (GET /api/fiscal/till/{id}); null: none. */
export async function tillKeyInForce(
  db: DbOrTx,
  tenantId: string,
  deviceId: string,
): Promise<{ fingerprint: string; not_after: string } | null> {
  const [row] = await db
    .select({ fingerprint: tillSigningKeys.certificateFingerprint, notAfter: tillSigningKeys.notAfter })
    .from(tillSigningKeys)
    .where(
      and(
        eq(tillSigningKeys.tenantId, tenantId),
        eq(tillSigningKeys.deviceId, deviceId),
        isNull(tillSigningKeys.revokedAt),
      ),
    );
  return row ? { fingerprint: row.fingerprint, not_after: row.notAfter.toISOString() } : null;
}

/** Whether a certificate's key may sign for a till at a moment, and why not. */
export type TillKeyStanding =
  { valid: true; keyId: string } | { valid: false; reason: 'unknown' | 'revoked' | 'not-in-force'; message: string };

/**
 * Is the key of this certificate (its DER, or its fingerprint: SHA-256 of the DER,
 * upper-case hex) valid for this till at `at` (default now)? Valid when the till registered
 * it and an admin had not removed it by `at`, the certificate is in force at `at`, and its
 * CNPJ still has the store's root. A contingency note whose signing key is not valid is
 * refused with `message` (pt-BR), which says why.
 */
export async function tillKeyStanding(
  db: DbOrTx,
  tenantId: string,
  deviceId: string,
  certificate: Uint8Array | string,
  at = new Date(),
): Promise<TillKeyStanding> {
  const fingerprint = typeof certificate === 'string' ? certificate : readCertificate(certificate).fingerprint;
  const rows = await db
    .select({ row: tillSigningKeys, revokedBy: revoker.name })
    .from(tillSigningKeys)
    .leftJoin(revoker, and(eq(revoker.tenantId, tillSigningKeys.tenantId), eq(revoker.id, tillSigningKeys.revokedBy)))
    .where(
      and(
        eq(tillSigningKeys.tenantId, tenantId),
        eq(tillSigningKeys.deviceId, deviceId),
        eq(tillSigningKeys.certificateFingerprint, fingerprint.toUpperCase()),
      ),
    )
    .orderBy(desc(tillSigningKeys.enabledAt));
  if (rows.length === 0) return { valid: false, reason: 'unknown', message: TILL_KEY_MESSAGES.unknown };
  const covering = rows.find(({ row }) => !row.revokedAt || at.getTime() < row.revokedAt.getTime());
  if (!covering) {
    const { row, revokedBy } = rows[0]!;
    const message = TILL_KEY_MESSAGES.revoked(formatDate(row.revokedAt!.toISOString()), revokedBy);
    return { valid: false, reason: 'revoked', message };
  }
  const problem = await certificateProblem(db, tenantId, covering.row, at);
  if (problem) return { valid: false, reason: 'not-in-force', message: problem };
  return { valid: true, keyId: covering.row.id };
}

/** The rule of the store's A1 on a registered certificate, with the store's CNPJ of now. */
async function certificateProblem(db: DbOrTx, tenantId: string, row: TillSigningKeyRow, at: Date) {
  const storeCnpj = await storeCnpjOf(db, tenantId);
  if (!storeCnpj) return CERTIFICATE_NEEDS_CNPJ;
  return a1Problem({ cnpj: row.certificateCnpj, notBefore: row.notBefore, notAfter: row.notAfter }, storeCnpj, at);
}
