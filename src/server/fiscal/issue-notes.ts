// The NFC-e of a run of new sales, built and signed inside the sales' own transaction (the
// caller writes the rows in its write statement): with emission on, each sale gets one
// note or, when it cannot have one, a row in fiscal_unissued with the reason. A sale is
// never refused nor lost for a fiscal reason. Statements: the series' numbers (ONE
// upsert for the run, which locks each series' row until the commit: two runs on one
// series wait for each other, and a number is never given twice), the tax rates when the
// store's lookup is wired, and the emitter's secrets only when the settings changed.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FiscalEnvironment, FiscalNoteReceipt } from '../../shared/contract';
import { signNfce } from '../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { NfceBuildError } from '../../shared/fiscal/nfce-check';
import { executeNamed, type DbOrTx } from '../db/client';
import { fiscalNotes, fiscalSeries, fiscalUnissued } from '../db/schema';
import { emitterProblem, type EmitterCache, type EmitterContext } from './emitter-context';
import { receiptOf } from './note-receipt';
import { NO_NCM, noteOfSale, productsWithoutNcm, type SaleForNote } from '../../shared/fiscal/sale-note';
import type { TaxRatesLookup } from './tax-rates';

export const NO_DEVICE = 'Venda feita sem um caixa identificado: sem série de NFC-e, a nota não foi emitida.';
export const NO_SERIES =
  'O caixa desta venda não tem série de NFC-e: defina-a em Configurações > Fiscal para emitir as próximas notas.';

/** What the sales' read statement says of the store's emission. */
export interface FiscalRead {
  /** Emission is on. */
  on: boolean;
  /** The settings row's updated_at (ms): the emitter cache's key. */
  version: number;
  /** The series of the tills the run's sales name, by device id (null: none set). */
  tillSeries: Map<string, number | null>;
}

export interface IssueOptions {
  emitters: EmitterCache;
  taxRates: TaxRatesLookup;
  /** Draws cNF (tests pass a seeded source). */
  random?: () => number;
  /** Notes sent at once by this process after the commit: leased to it from the start. */
  lease?: { by: string; ms: number; saleIds: ReadonlySet<string> };
  log?: (error: unknown) => void;
}

export interface IssuedNotes {
  notes: (typeof fiscalNotes.$inferInsert)[];
  unissued: (typeof fiscalUnissued.$inferInsert)[];
  /** Each new note as the sale's answer carries it, by sale id. */
  receipts: Map<string, FiscalNoteReceipt>;
}

const NONE: IssuedNotes = { notes: [], unissued: [], receipts: new Map() };

/** Takes `count` numbers of each series in ONE statement: the first of each, by series. */
export async function takeNoteNumbers(
  t: DbOrTx,
  tenantId: string,
  environment: FiscalEnvironment,
  counts: ReadonlyMap<number, number>,
): Promise<Map<number, number>> {
  if (counts.size === 0) return new Map();
  // In series order: two runs lock the rows they share in the same order.
  const wanted = JSON.stringify([...counts].sort(([a], [b]) => a - b).map(([series, n]) => ({ series, n })));
  const { rows } = await executeNamed<{ series: number; next_number: number | string }>(
    t,
    sql`INSERT INTO ${fiscalSeries} (tenant_id, environment, series, next_number)
        SELECT ${tenantId}, ${environment}, v.series, v.n + 1
          FROM jsonb_to_recordset(${wanted}::jsonb) AS v(series integer, n integer) ORDER BY v.series
        ON CONFLICT (tenant_id, environment, series)
        DO UPDATE SET next_number = ${fiscalSeries}.next_number + excluded.next_number - 1
        RETURNING series, next_number`,
  );
  return new Map(rows.map((r) => [Number(r.series), Number(r.next_number) - counts.get(Number(r.series))!]));
}

/** The notes of `sales` (checked and about to be written) when the store emits. */
export async function issueNotes(
  t: DbOrTx,
  tenantId: string,
  fiscal: FiscalRead | null,
  sales: readonly SaleForNote[],
  now: Date,
  options: IssueOptions,
): Promise<IssuedNotes> {
  if (!fiscal?.on || sales.length === 0) return NONE;
  const unissued: IssuedNotes['unissued'] = [];
  const skip = (sale: SaleForNote, reason: string) =>
    unissued.push({ tenantId, saleId: sale.id, reason, createdAt: now });
  const context = await options.emitters.get(t, tenantId, fiscal.version);
  const problem = emitterProblem(context, now);
  if (problem) {
    sales.forEach((sale) => skip(sale, problem));
    return { ...NONE, unissued };
  }
  const placed: { sale: SaleForNote; series: number }[] = [];
  for (const sale of sales) {
    const series = sale.deviceId ? fiscal.tillSeries.get(sale.deviceId) : undefined;
    const missing = productsWithoutNcm(sale);
    if (!sale.deviceId) skip(sale, NO_DEVICE);
    else if (series === undefined || series === null) skip(sale, NO_SERIES);
    else if (missing.length) skip(sale, NO_NCM(missing));
    else placed.push({ sale, series });
  }
  const ncms = [...new Set(placed.flatMap(({ sale }) => sale.lines.map((l) => l.product.ncm!)))];
  const rates = placed.length ? await options.taxRates(t, tenantId, ncms) : new Map();
  const random = options.random ?? Math.random;
  // Checked before numbers are taken, so a note that cannot be built costs no number.
  const ready = placed.filter(({ sale, series }) => {
    const problems = buildProblems(sale, context, series, now, rates, random);
    if (problems) skip(sale, problems);
    return !problems;
  });
  const counts = new Map<number, number>();
  for (const { series } of ready) counts.set(series, (counts.get(series) ?? 0) + 1);
  const environment = context.settings.environment;
  const first = await takeNoteNumbers(t, tenantId, environment, counts);
  const notes: IssuedNotes['notes'] = [];
  for (const { sale, series } of ready) {
    const number = first.get(series)!;
    first.set(series, number + 1);
    try {
      notes.push(await noteRow(tenantId, sale, context, { series, number, issuedAt: now }, rates, random, options));
    } catch (error) {
      // Checked above: only a fault of the builder or the signer reaches here. The number is skipped (a gap the admin voids).
      options.log?.(error);
      skip(sale, `A nota não pôde ser montada: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const receipts = new Map(notes.map((row) => [row.saleId!, receiptOf(row)]));
  return { notes, unissued, receipts };
}

/** Why the sale's note cannot be built (null: it can), from a trial build with the first number. */
function buildProblems(
  sale: SaleForNote,
  context: EmitterContext,
  series: number,
  now: Date,
  rates: Parameters<typeof noteOfSale>[3],
  random: () => number,
): string | null {
  try {
    buildNfce(noteOfSale(sale, context, { series, number: 1, issuedAt: now }, rates), random);
    return null;
  } catch (error) {
    if (error instanceof NfceBuildError) return `A nota não pôde ser montada: ${error.problems.join(' ')}`;
    throw error;
  }
}

async function noteRow(
  tenantId: string,
  sale: SaleForNote,
  context: EmitterContext,
  place: { series: number; number: number; issuedAt: Date },
  rates: Parameters<typeof noteOfSale>[3],
  random: () => number,
  options: IssueOptions,
): Promise<typeof fiscalNotes.$inferInsert> {
  const built = buildNfce(noteOfSale(sale, context, place, rates), random);
  const signed = await signNfce(built, context.signer!);
  const leased = options.lease?.saleIds.has(sale.id);
  return {
    tenantId,
    id: randomUUID(),
    saleId: sale.id,
    deviceId: sale.deviceId,
    environment: context.settings.environment,
    series: place.series,
    number: place.number,
    key: built.key,
    numericCode: built.numeric_code,
    issuedAt: place.issuedAt,
    issuedAtLocal: built.issued_at_local,
    status: 'pendente',
    xml: signed.xml,
    qrCode: signed.qr_code,
    urlChave: built.url_chave,
    customerDocument: sale.document,
    total: built.totals.total,
    change: built.totals.change,
    approximateTaxes: built.totals.approximate_taxes ?? null,
    nextAttemptAt: place.issuedAt,
    claimedBy: leased ? options.lease!.by : null,
    claimedUntil: leased ? new Date(place.issuedAt.getTime() + options.lease!.ms) : null,
  };
}
