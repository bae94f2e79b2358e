// The store's IBPT table (Tributos aproximados, Lei 12.741/2012) in ibpt_rates: an import
// read and checked before any write (openIbptFile: a bad file is a 400 listing its bad
// lines, nothing written), then the store's rows replaced whole in the request's
// transaction (replaceIbptTable); what the store has (ibptTableInfo) and the rates in force
// that the emission gives approximateTaxes (taxRatesFor).
import { and, eq, inArray, lte, gte, sql } from 'drizzle-orm';
import type { IbptImportResult, IbptTableInfo } from '../../shared/contract/fiscal-ibpt';
import type { TaxRates, TaxRatesByNcm } from '../../shared/fiscal/approximate-taxes';
import { decodeIbptFile, parseIbptCsv, type IbptParse } from '../../shared/fiscal/ibpt-csv';
import { isUf, localDateTime, type Uf } from '../../shared/fiscal/uf';
import type { DbOrTx } from '../db/client';
import { ibptRates } from '../db/schema';
import { badRequest } from '../errors';
import { readFiscalSettings } from './fiscal-settings';

/** Rows per INSERT: 16 columns each, well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;

export interface OpenedIbptFile {
  parse: IbptParse;
  warnings: string[];
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** The store's date today, in its state's time (São Paulo's when it has no emitter yet). */
export const storeToday = (uf: Uf | null, now = new Date()) => localDateTime(now, uf ?? 'SP').slice(0, 10);

export const ibptWrongUf = (file: Uf, store: Uf) =>
  `O arquivo é a tabela do IBPT de ${file} (pelo nome), mas a loja é de ${store}: o percentual estadual será o de outro estado. Baixe e importe a tabela de ${store} (TabelaIBPTax${store}...csv).`;
export const ibptOutOfForce = (from: string, until: string) =>
  `A tabela vale de ${brDate(from)} a ${brDate(until)}, e hoje está fora desse período: as notas saem sem os tributos aproximados até que a tabela em vigor seja importada.`;

async function storeUf(db: DbOrTx, tenantId: string): Promise<Uf | null> {
  const uf = (await readFiscalSettings(db, tenantId)).emitter?.address.uf;
  return uf && isUf(uf) ? uf : null;
}

/** Reads and checks the file; a bad one is a 400 with every bad line (up to 50) in `details.errors`. */
export async function openIbptFile(
  db: DbOrTx,
  tenantId: string,
  bytes: Uint8Array,
  fileName: string | null | undefined,
  now = new Date(),
): Promise<OpenedIbptFile> {
  const parse = parseIbptCsv(decodeIbptFile(bytes), fileName);
  const { errors } = parse;
  if (errors.length === 1 && errors[0]!.line === 1) throw badRequest(errors[0]!.message, { errors });
  if (errors.length > 0) {
    const count = parse.bad_lines === 1 ? 'uma linha com erro' : `${parse.bad_lines} linhas com erro`;
    throw badRequest(`A tabela do IBPT não foi importada: ${count}. ${errors[0]!.message}`, {
      errors,
      bad_lines: parse.bad_lines,
    });
  }
  const warnings: string[] = [];
  const uf = await storeUf(db, tenantId);
  if (parse.uf && uf && parse.uf !== uf) warnings.push(ibptWrongUf(parse.uf, uf));
  const from = parse.rows.reduce((m, r) => (r.valid_from < m ? r.valid_from : m), parse.rows[0]!.valid_from);
  const until = parse.rows.reduce((m, r) => (r.valid_until > m ? r.valid_until : m), parse.rows[0]!.valid_until);
  const today = storeToday(uf, now);
  if (today < from || today > until) warnings.push(ibptOutOfForce(from, until));
  return { parse, warnings };
}

/** Replaces the store's table with the file's rows, in `tx` (all or nothing). */
export async function replaceIbptTable(
  tx: DbOrTx,
  tenantId: string,
  { parse, warnings }: OpenedIbptFile,
  now = new Date(),
): Promise<IbptImportResult> {
  await tx.delete(ibptRates).where(eq(ibptRates.tenantId, tenantId));
  for (let i = 0; i < parse.rows.length; i += CHUNK) {
    const values = parse.rows.slice(i, i + CHUNK).map((row) => ({
      tenantId,
      ncm: row.ncm,
      ex: row.ex,
      kind: 0,
      description: row.description,
      federalNational: String(row.federal_national),
      federalImported: String(row.federal_imported),
      state: String(row.state),
      municipal: String(row.municipal),
      validFrom: row.valid_from,
      validUntil: row.valid_until,
      key: row.key,
      version: row.version,
      source: row.source,
      uf: parse.uf,
      importedAt: now,
    }));
    await tx.insert(ibptRates).values(values);
  }
  const table = await ibptTableInfo(tx, tenantId, now);
  return { table: table!, skipped: parse.skipped, warnings };
}

/** What the store has of the table: null when it never imported one. */
export async function ibptTableInfo(db: DbOrTx, tenantId: string, now = new Date()): Promise<IbptTableInfo | null> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      version: sql<string | null>`max(${ibptRates.version})`,
      validFrom: sql<string | null>`min(${ibptRates.validFrom})::text`,
      validUntil: sql<string | null>`max(${ibptRates.validUntil})::text`,
      importedAt: sql<string | Date | null>`max(${ibptRates.importedAt})`,
      uf: sql<string | null>`max(${ibptRates.uf})`,
      source: sql<string | null>`max(${ibptRates.source})`,
      key: sql<string | null>`max(${ibptRates.key})`,
    })
    .from(ibptRates)
    .where(eq(ibptRates.tenantId, tenantId));
  if (!row || row.count === 0 || !row.validFrom || !row.validUntil) return null;
  const today = storeToday(await storeUf(db, tenantId), now);
  return {
    version: row.version ?? '',
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    count: Number(row.count),
    imported_at: new Date(row.importedAt!).toISOString(),
    uf: row.uf && isUf(row.uf) ? row.uf : null,
    source: row.source ?? '',
    key: row.key ?? '',
    in_force: row.validFrom <= today && today <= row.validUntil,
  };
}

/**
 * The rates in force on `on` (YYYY-MM-DD, the note's date in the store's state; today's by
 * default) of the NCMs asked that the store's table has: the NCM's own row (ex ''), not
 * its exceptions. NCMs not in the table, or out of force, are absent from the map.
 */
export async function taxRatesFor(
  tx: DbOrTx,
  tenantId: string,
  ncms: readonly string[],
  on?: string,
): Promise<Map<string, TaxRates>> {
  const wanted = [...new Set(ncms.filter((n) => /^\d{8}$/.test(n)))];
  const out = new Map<string, TaxRates>();
  if (wanted.length === 0) return out;
  const day = on ?? storeToday(await storeUf(tx, tenantId));
  const rows = await tx
    .select({
      ncm: ibptRates.ncm,
      federalNational: ibptRates.federalNational,
      federalImported: ibptRates.federalImported,
      state: ibptRates.state,
      municipal: ibptRates.municipal,
    })
    .from(ibptRates)
    .where(
      and(
        eq(ibptRates.tenantId, tenantId),
        inArray(ibptRates.ncm, wanted),
        eq(ibptRates.ex, ''),
        lte(ibptRates.validFrom, day),
        gte(ibptRates.validUntil, day),
      ),
    );
  for (const r of rows)
    out.set(r.ncm, {
      federal_national: Number(r.federalNational),
      federal_imported: Number(r.federalImported),
      state: Number(r.state),
      municipal: Number(r.municipal),
    });
  return out;
}

/** The type the emission's lookup takes (TaxRatesByNcm): taxRatesFor satisfies it. */
export type TaxRatesLookupFn = (
  tx: DbOrTx,
  tenantId: string,
  ncms: readonly string[],
  on?: string,
) => Promise<TaxRatesByNcm>;
