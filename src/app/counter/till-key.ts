// The till's signing key for the NFC-e offline contingency, kept in its IndexedDB
// (offline/till-key-store.ts) as a WebCrypto key the browser never gives out. Here: the key
// the signing step takes (tillSigningKey: never an expired one), what the till shows of it
// (useTillKey), and dropping the key once the server no longer lists it for this till (an
// admin removed it, or another import replaced it), heard on the till's fiscal check
// (fiscal-till.ts). Importing a key is features/settings/till-key-import.ts, loaded only
// when an admin imports: it brings node-forge, which the till's first paint never loads.
import { useEffect, useState } from 'react';
import { certificateInForce } from '../../shared/fiscal/a1-validity';
import type { FiscalTillView } from '../../shared/contract/fiscal-till';
import { getDb, type BalcaoDb } from '../offline/db';
import { deviceIdentity } from '../offline/device-identity';
import { dropTillKeys, readTillKey, useTillKeyRecord } from '../offline/till-key-store';

/** The algorithm of the till's key: RSASSA-PKCS1-v1_5 with SHA-1, as the NF-e signature is. */
export const TILL_KEY_ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' } as const;

/** What the signing step is given. */
export interface TillSigningKey {
  /** Non-extractable, usage 'sign': crypto.subtle.sign(TILL_KEY_ALGORITHM, key, bytes). */
  key: CryptoKey;
  /** The certificate, DER: the X509Certificate of the signature (in base64 there). */
  certificateDer: Uint8Array;
  /** ISO 8601: the certificate's end of validity. */
  notAfter: string;
  /** SHA-256 of certificateDer, upper-case hex: how the server's registry names the key. */
  fingerprint: string;
}

const inForce = (record: { notBefore: string; notAfter: string }, now: Date) =>
  certificateInForce({ notBefore: new Date(record.notBefore), notAfter: new Date(record.notAfter) }, now);

/**
 * The key this till signs contingency notes with, or null when it has none (never imported
 * here, or removed by an admin) or when its certificate is not in force at `now` (an
 * expired key is never offered). Reads only this device: works offline.
 */
export async function tillSigningKey(now = new Date(), db: BalcaoDb = getDb()): Promise<TillSigningKey | null> {
  const record = await readTillKey(db);
  if (!record || !inForce(record, now)) return null;
  return {
    key: record.key,
    certificateDer: record.certificateDer,
    notAfter: record.notAfter,
    fingerprint: record.fingerprint,
  };
}

/**
 * After the till's fiscal check (GET /api/fiscal/till/{id}, asked at `askedAt`, epoch ms):
 * drops the kept key when the server no longer lists it as this till's. A key kept after
 * the question was asked is newer than the answer and stays. An answer without the field
 * (an older server) drops nothing. The fingerprints dropped.
 */
export function dropRemovedTillKey(
  db: BalcaoDb,
  registered: FiscalTillView['signing_key'] | undefined,
  askedAt: number,
): Promise<string[]> {
  if (registered === undefined) return Promise.resolve([]);
  return dropTillKeys(db, (record) => record.storedAt < askedAt && record.fingerprint !== registered?.fingerprint);
}

/** What the till shows of its key (null: none; undefined: not read yet). */
export interface TillKeyState {
  serial: string;
  notAfter: string;
  fingerprint: string;
  /** false: expired (or not yet valid): it signs nothing. */
  inForce: boolean;
}

export function useTillKey(now = new Date()): TillKeyState | null | undefined {
  const record = useTillKeyRecord();
  if (!record) return record;
  return {
    serial: record.serial,
    notAfter: record.notAfter,
    fingerprint: record.fingerprint,
    inForce: inForce(record, now),
  };
}

/** This till's device id, once read (null before). */
export function useThisTillId(): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void deviceIdentity(getDb()).then((device) => live && setId(device.id));
    return () => {
      live = false;
    };
  }, []);
  return id;
}
