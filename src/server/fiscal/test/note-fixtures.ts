// Notes in fiscal_notes for the tests of 'Notas Fiscais', made as the emission makes them:
// the store's emitter set and its A1 uploaded through the API, each note built by the real
// builder (buildNfce) and signed with the stored certificate, authorized ones carrying a
// protNFe shaped as SEFAZ's. The series' next number follows the notes written.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FiscalNoteStatus } from '../../../shared/contract/fiscal-notes';
import { signNfce } from '../../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../../shared/fiscal/nfce-xml';
import { SAMPLE_CNPJ, sampleNote } from '../../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../../shared/seeded-random';
import type { Db } from '../../db/client';
import { fiscalNotes, fiscalSeries } from '../../db/schema';
import type { api } from '../../test/helpers';
import { TEST_FISCAL_SECRET } from '../../test/helpers';
import { storeSigningMaterial } from '../certificate-store';
import { createSecretBox } from '../secret-box';
import { makeA1 } from './a1-files';
import { protNFeOf } from './scripted-sefaz-events';
import { createPemSigner } from '../xml-signature';

export const NOTES_EMITTER = {
  cnpj: SAMPLE_CNPJ,
  legal_name: 'Mercadinho Bom Preço Ltda',
  trade_name: 'Bom Preço',
  ie: '110042490114',
  address: {
    street: 'Rua Augusta',
    number: '1500',
    district: 'Consolação',
    city_code: '3550308',
    city_name: 'São Paulo',
    uf: 'SP',
    cep: '01304001',
  },
};

const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });

/** The store's emitter and A1 (SAMPLE_CNPJ), as an admin sets them; answers the A1's CA (for xmlsec1). */
export async function setUpEmitter(http: ReturnType<typeof api>, admin: string): Promise<string> {
  const put = await http.put('/api/fiscal/settings', { emitter: NOTES_EMITTER }, keyed(admin));
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const a1 = makeA1({ cnpj: SAMPLE_CNPJ });
  const up = await http.post(
    '/api/fiscal/certificate',
    { pfx_base64: a1.pfx.toString('base64'), password: a1.password },
    keyed(admin),
  );
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  return a1.caPath;
}

export interface NoteFixture {
  number: number;
  series?: number;
  status?: FiscalNoteStatus;
  /** When it was issued (and authorized, a second later); default now. */
  at?: Date;
  saleId?: string | null;
  cstat?: number | null;
  reason?: string | null;
  /** Issued at the till in offline contingency (tpEmis 9, QR v3), contingency begun a minute before. */
  contingency?: boolean;
}

/** Writes one note of the store (homologação) and answers its row. */
export async function insertNote(db: Db, tenantId: string, f: NoteFixture) {
  const material = await storeSigningMaterial(db, createSecretBox(TEST_FISCAL_SECRET), tenantId);
  if (!material) throw new Error('fixture: a loja não tem certificado (setUpEmitter primeiro)');
  const at = f.at ?? new Date();
  const series = f.series ?? 1;
  const status = f.status ?? 'autorizada';
  const built = buildNfce(
    sampleNote({
      series,
      number: f.number,
      issued_at: at.toISOString(),
      ...(f.contingency
        ? {
            qr: { version: 3 as const },
            contingency: {
              started_at: new Date(at.getTime() - 60_000).toISOString(),
              reason: 'Sem conexão com a SEFAZ',
            },
          }
        : {}),
    }),
    seededRandom(f.number * 1000 + series),
  );
  const { xml, qr_code } = await signNfce(built, createPemSigner(material));
  const authorized = status === 'autorizada' || status === 'cancelada';
  const prot = authorized ? protNFeOf(xml, new Date(at.getTime() + 1000)) : null;
  const [row] = await db
    .insert(fiscalNotes)
    .values({
      tenantId,
      saleId: f.saleId ?? null,
      environment: 'homologacao',
      series,
      number: f.number,
      key: built.key,
      numericCode: built.numeric_code,
      issuedAt: at,
      issuedAtLocal: built.issued_at_local,
      status,
      xml,
      protocolXml: prot?.xml ?? null,
      protocol: prot?.protocol ?? null,
      authorizedAt: prot?.received_at ?? null,
      cstat: f.cstat ?? prot?.cstat ?? null,
      reason: f.reason ?? prot?.reason ?? null,
      qrCode: qr_code,
      urlChave: built.url_chave,
      total: built.totals.total,
      change: built.totals.change,
      attempts: 1,
      nextAttemptAt: new Date(at.getTime() + 3_600_000),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await db
    .insert(fiscalSeries)
    .values({ tenantId, environment: 'homologacao', series, nextNumber: f.number + 1 })
    .onConflictDoUpdate({
      target: [fiscalSeries.tenantId, fiscalSeries.environment, fiscalSeries.series],
      set: { nextNumber: sql`greatest(${fiscalSeries.nextNumber}, ${f.number + 1})` },
    });
  return row!;
}
