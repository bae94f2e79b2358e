// The import engine: reads a saved upload row by row, takes the header (line 1) and the
// mapping (the owner's, else the guess from the headers), and hands batches of rows to the
// kind's spec (import-spec.ts). The preview only counts and lists errors; the confirm, in
// the caller's transaction, judges again with the rows locked, writes, and records the
// import. A file (by its SHA-256) is confirmed once per kind: the same file twice is a 409
// that changes nothing.
import { and, eq } from 'drizzle-orm';
import {
  IMPORT_PREVIEW_MAX_ERRORS,
  type Import,
  type ImportCounts,
  type ImportPreview,
  type ImportRowError,
  type StockMode,
} from '../../shared/contract';
import { cellText } from '../../shared/import/cells';
import { guessMapping, type Mapping } from '../../shared/import/fields';
import type { DbOrTx } from '../db/client';
import { imports } from '../db/schema';
import { badRequest, conflict } from '../errors';
import type { ImportJob, ImportSpec, Judged } from './import-spec';
import { FILE_MESSAGES, fileRefused, type SheetRow } from './limits';
import { importOf, importedBefore } from './imports';
import { readSheet } from './sheet-file';
import type { Upload } from './upload';

/** Rows judged and written together. */
export const IMPORT_BATCH_ROWS = 500;
const SAMPLE_ROWS = 3;

export interface ImportRequest {
  tenantId: string;
  userId: string | null;
  fileName: string;
  mapping?: Mapping;
  stockMode: StockMode;
}

interface Tally {
  rows: number;
  counts: ImportCounts;
  errors: ImportRowError[];
  total: number;
  newCustomers: number;
}

/** The owner's mapping checked against the header, or the guess. */
function mappingFor(spec: ImportSpec<unknown, unknown>, headers: readonly string[], asked?: Mapping): Mapping {
  const mapping = asked
    ? Object.fromEntries(spec.fields.map((f) => [f.key, asked[f.key] ?? null]))
    : guessMapping(spec.fields, headers);
  const invalid = (message: string) => badRequest(message, [{ path: 'mapping', message }]);
  if (asked) {
    const unknown = Object.keys(asked).find((key) => !spec.fields.some((f) => f.key === key));
    if (unknown) throw invalid(`Campo desconhecido no mapeamento: ${unknown}`);
  }
  const used = new Map<number, string>();
  for (const field of spec.fields) {
    const column = mapping[field.key];
    if (column === null || column === undefined) continue;
    if (column >= headers.length) throw invalid(`${field.label}: a planilha não tem a coluna ${column + 1}`);
    const other = used.get(column);
    if (other) throw invalid(`A coluna "${headers[column]}" está em ${other} e em ${field.label}: escolha uma só`);
    used.set(column, field.label);
  }
  const problem = spec.mappingProblem(mapping);
  if (problem) throw invalid(problem);
  return mapping;
}

/** Reads the file: its header, then batches of rows through `each`. */
async function runFile<P, S>(
  spec: ImportSpec<P, S>,
  upload: Upload,
  asked: Mapping | undefined,
  each: (mapping: Mapping, state: S, rows: SheetRow[], batch: number) => Promise<void>,
): Promise<{ headers: string[]; mapping: Mapping; samples: string[][] }> {
  const rows = readSheet(upload.path);
  const first = await rows.next();
  if (first.done) throw fileRefused(FILE_MESSAGES.empty);
  const headers = first.value.cells.map((c) => cellText(c).replace(/\s+/g, ' '));
  if (headers.every((h) => h === '')) throw fileRefused(FILE_MESSAGES.noHeader);
  const mapping = mappingFor(spec as ImportSpec<unknown, unknown>, headers, asked);
  const state = spec.start();
  const samples: string[][] = headers.map(() => []);
  let batch: SheetRow[] = [];
  let batches = 0;
  for await (const row of rows) {
    if (samples[0]!.length < SAMPLE_ROWS) headers.forEach((_, i) => samples[i]!.push(cellText(row.cells[i] ?? null)));
    batch.push(row);
    if (batch.length === IMPORT_BATCH_ROWS) {
      await each(mapping, state, batch, batches++);
      batch = [];
    }
  }
  if (batch.length > 0) await each(mapping, state, batch, batches);
  return { headers, mapping, samples };
}

function tallyOf(): Tally {
  return {
    rows: 0,
    counts: { created: 0, updated: 0, unchanged: 0, errors: 0 },
    errors: [],
    total: 0,
    newCustomers: 0,
  };
}

const COUNT_OF = { create: 'created', update: 'updated', unchanged: 'unchanged', error: 'errors' } as const;

function count(tally: Tally, judged: readonly Judged<unknown>[]): void {
  for (const row of judged) {
    tally.rows++;
    tally.counts[COUNT_OF[row.verdict]]++;
    if (row.verdict !== 'error') tally.total += row.amount ?? 0;
    if (row.newCustomer) tally.newCustomers++;
    for (const error of row.errors) if (tally.errors.length < IMPORT_PREVIEW_MAX_ERRORS) tally.errors.push(error);
  }
}

function jobOf(request: ImportRequest, mapping: Mapping, confirming: boolean, batch: number, importId = ''): ImportJob {
  return {
    batch,
    tenantId: request.tenantId,
    userId: request.userId,
    mapping,
    stockMode: request.stockMode,
    fileName: request.fileName,
    importId,
    now: new Date(),
    confirming,
  };
}

/** What confirming the file would do, writing nothing. */
export async function previewImport<P, S>(
  db: DbOrTx,
  spec: ImportSpec<P, S>,
  request: ImportRequest,
  upload: Upload,
): Promise<ImportPreview> {
  const tally = tallyOf();
  const { headers, mapping, samples } = await runFile(
    spec,
    upload,
    request.mapping,
    async (mapping, state, rows, batch) =>
      count(tally, await spec.judge(db, jobOf(request, mapping, false, batch), state, rows)),
  );
  const before = await importedBefore(db, request.tenantId, spec.kind, upload.sha256);
  return {
    kind: spec.kind,
    file_name: request.fileName,
    rows: tally.rows,
    columns: headers.map((header, index) => ({ index, header, samples: samples[index]! })),
    fields: spec.fields.map((f) => ({ key: f.key, label: f.label })),
    mapping,
    stock_mode: request.stockMode,
    counts: tally.counts,
    errors: tally.errors,
    total: spec.kind === 'receivables' ? tally.total : null,
    new_customers: spec.kind === 'receivables' ? tally.newCustomers : null,
    already_imported: before ? { at: before.created_at, by: before.created_by_name } : null,
  };
}

/** Writes every valid row and records the import, in the transaction `t` (all or nothing). */
export async function confirmImport<P, S>(
  t: DbOrTx,
  spec: ImportSpec<P, S>,
  request: ImportRequest,
  upload: Upload,
): Promise<Import> {
  const before = await importedBefore(t, request.tenantId, spec.kind, upload.sha256);
  if (before) throw conflict(alreadyImported(before));
  const [record] = await t
    .insert(imports)
    .values({
      tenantId: request.tenantId,
      kind: spec.kind,
      fileName: request.fileName,
      fileSha256: upload.sha256,
      stockMode: spec.hasStock ? request.stockMode : null,
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 0,
      errorCount: 0,
      createdBy: request.userId,
    })
    .returning();
  const tally = tallyOf();
  await runFile(spec, upload, request.mapping, async (mapping, state, rows, batch) => {
    const job = jobOf(request, mapping, true, batch, record!.id);
    const judged = await spec.judge(t, job, state, rows);
    count(tally, judged);
    await spec.write(
      t,
      job,
      state,
      judged.filter((r) => r.verdict === 'create' || r.verdict === 'update'),
    );
  });
  await t
    .update(imports)
    .set({
      createdCount: tally.counts.created,
      updatedCount: tally.counts.updated,
      unchangedCount: tally.counts.unchanged,
      errorCount: tally.counts.errors,
      total: spec.kind === 'receivables' ? tally.total : null,
    })
    .where(and(eq(imports.tenantId, request.tenantId), eq(imports.id, record!.id)));
  return importOf(t, request.tenantId, record!.id);
}

function alreadyImported(before: Import): string {
  const when = new Date(before.created_at).toLocaleString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return `Esta planilha já foi importada em ${when}${before.created_by_name ? ` por ${before.created_by_name}` : ''}; nada foi alterado.`;
}
