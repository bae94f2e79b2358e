// 'Notas Fiscais' reads (admins): the list with its filters and a note's detail, whose XML
// is the nfeProc (the signed NFe and SEFAZ's protNFe) once authorized, the signed NFe
// before that. Days are São Paulo days of the note's dhEmi (issued_at).
import { and, asc, count, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FiscalNote, FiscalNoteDetail, FiscalNoteListQuery } from '../../../shared/contract/fiscal-notes';
import { addDays, startOfDayUtc } from '../../../shared/dates';
import { contingencyDeadline } from '../../../shared/fiscal/contingency-deadline';
import { assembleNfeProc } from '../../../shared/fiscal/sefaz-answers';
import { inTransaction, type DbOrTx } from '../../db/client';
import { pageOf } from '../../db/pages';
import { fiscalNoteEvents, fiscalNotes, sales, type FiscalNoteRow } from '../../db/schema';
import { notFound } from '../../errors';
import { readFiscalSettings } from '../fiscal-settings';
import { receiptOf } from '../note-receipt';
import { whatToFix } from './what-to-fix';

export const NOTE_NOT_FOUND = 'Nota fiscal não encontrada nesta loja.';
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** The note as SEFAZ and the accountant keep it: nfeProc when it has its protocol, the signed NFe otherwise. */
export function noteXml(row: Pick<FiscalNoteRow, 'xml' | 'protocolXml'>): string {
  return row.protocolXml ? assembleNfeProc(row.xml, row.protocolXml) : row.xml;
}

/** The sale a note belongs to, as the list shows it (its number and whether it was cancelled), and the note that replaced it. */
export interface NoteSale {
  saleNumber: string | null;
  saleStatus: string | null;
  replacement?: { id: string | null; series: number | null; number: number | null } | null;
}

/** The store's hours to send a contingency note (contingency_deadline_hours). */
export const deadlineHoursOf = async (db: DbOrTx, tenantId: string) =>
  (await readFiscalSettings(db, tenantId)).contingency_deadline_hours;

/** A note issued in contingency not yet authorized: when it must have reached SEFAZ. */
function contingencyDeadlineOf(row: FiscalNoteRow, receipt: FiscalNote['emission_type'], hours: number) {
  if (receipt !== 9 || (row.status !== 'pendente' && row.status !== 'rejeitada')) return null;
  return contingencyDeadline(row.issuedAt, hours).toISOString();
}

export function noteOf(
  row: FiscalNoteRow,
  { saleNumber, saleStatus, replacement }: NoteSale,
  deadlineHours: number,
): FiscalNote {
  const by = replacement?.id ? replacement : null;
  const receipt = receiptOf(row);
  return {
    ...receipt,
    contingency_deadline: contingencyDeadlineOf(row, receipt.emission_type, deadlineHours),
    sale_id: row.saleId,
    sale_number: saleNumber,
    sale_cancelled: saleStatus === 'cancelled',
    cancel_requested: row.cancelRequestedAt !== null,
    what_to_fix: row.status === 'rejeitada' && !row.replacedBy ? whatToFix(row.cstat, receipt.emission_type) : null,
    replaced_by: by ? { id: by.id!, series: by.series!, number: by.number! } : null,
    replacement_notice: row.replacementNotice,
    attempts: row.attempts,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    cancel_reason: row.cancelReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The note that replaced another (the note in doubt), joined beside it. */
const replacing = alias(fiscalNotes, 'replacing');

export const withSale = (db: DbOrTx) =>
  db
    .select({
      note: fiscalNotes,
      saleNumber: sales.number,
      saleStatus: sales.saleStatus,
      replacement: { id: replacing.id, series: replacing.series, number: replacing.number },
    })
    .from(fiscalNotes)
    .leftJoin(sales, and(eq(sales.tenantId, fiscalNotes.tenantId), eq(sales.id, fiscalNotes.saleId)))
    .leftJoin(replacing, and(eq(replacing.tenantId, fiscalNotes.tenantId), eq(replacing.id, fiscalNotes.replacedBy)));

function filtersOf(tenantId: string, query: FiscalNoteListQuery): SQL | undefined {
  const n = fiscalNotes;
  const filters: (SQL | undefined)[] = [eq(n.tenantId, tenantId)];
  if (query.status) filters.push(eq(n.status, query.status));
  if (query.series !== undefined) filters.push(eq(n.series, query.series));
  if (query.from) filters.push(gte(n.issuedAt, startOfDayUtc(query.from)));
  if (query.to) filters.push(lt(n.issuedAt, startOfDayUtc(addDays(query.to, 1))));
  const q = query.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    const options: SQL[] = [eq(sales.number, q.toUpperCase())];
    if (digits.length === 44) options.push(eq(n.key, digits));
    else if (digits.length >= 6) options.push(like(n.key, `%${digits}%`));
    if (digits && digits.length <= 9 && digits === q) options.push(eq(n.number, Number(digits)));
    filters.push(or(...options));
  }
  return and(...filters);
}

export async function listNotes(db: DbOrTx, tenantId: string, query: FiscalNoteListQuery) {
  const where = filtersOf(tenantId, query);
  const rows = withSale(db)
    .where(where)
    .orderBy(desc(fiscalNotes.issuedAt), desc(fiscalNotes.number), asc(fiscalNotes.id))
    .$dynamic();
  const counted = db
    .select({ total: count() })
    .from(fiscalNotes)
    .leftJoin(sales, and(eq(sales.tenantId, fiscalNotes.tenantId), eq(sales.id, fiscalNotes.saleId)))
    .where(where);
  const [page, hours] = await Promise.all([pageOf(rows, counted, query), deadlineHoursOf(db, tenantId)]);
  return { notes: page.rows.map((r) => noteOf(r.note, r, hours)), pagination: page.pagination };
}

/** The note's row and its sale's number, locked for a change when `forUpdate`. */
export async function loadNote(db: DbOrTx, tenantId: string, id: string, forUpdate = false) {
  const base = db
    .select()
    .from(fiscalNotes)
    .where(and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.id, id)));
  const [row] = forUpdate ? await base.for('update') : await base;
  if (!row) throw notFound(NOTE_NOT_FOUND);
  return row;
}

export async function noteDetail(db: DbOrTx, tenantId: string, id: string, tx?: DbOrTx): Promise<FiscalNoteDetail> {
  return inTransaction(db, tx, async (t) => {
    const [found] = await withSale(t).where(and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.id, id)));
    if (!found) throw notFound(NOTE_NOT_FOUND);
    const events = await t
      .select()
      .from(fiscalNoteEvents)
      .where(and(eq(fiscalNoteEvents.tenantId, tenantId), eq(fiscalNoteEvents.noteId, id)))
      .orderBy(asc(fiscalNoteEvents.createdAt), asc(fiscalNoteEvents.sequence));
    return {
      ...noteOf(found.note, found, await deadlineHoursOf(t, tenantId)),
      xml: noteXml(found.note),
      events: events.map((e) => ({
        type: e.type,
        sequence: e.sequence,
        protocol: e.protocol,
        registered_at: e.registeredAt,
        cstat: e.cstat,
        reason: e.reason,
        justification: e.justification,
      })),
    };
  });
}
