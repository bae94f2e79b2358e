// The accountant's package of a month (GET /api/fiscal/notes/export?month=AAAA-MM): a ZIP
// with the nfeProc of every note authorized in the month (cancelled ones too: they were
// authorized), each registered event as procEventoNFe, each homologated inutilização as
// ProcInutNFe (so the official schema names it), and resumo.csv (one line per note of the
// month, whatever its status). The
// notes are read in keyset pages and written as they come (zip-writer.ts): a month of tens
// of thousands of notes is never held in memory. Only the store's current environment.
import type { Writable } from 'node:stream';
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { FISCAL_NOTE_STATUS_LABELS, type FiscalEnvironment } from '../../../shared/contract/fiscal-notes';
import { addDays, startOfDayUtc } from '../../../shared/dates';
import { assembleProcEvento, assembleProcInut } from '../../../shared/fiscal/sefaz-answers';
import type { DbOrTx } from '../../db/client';
import { fiscalInutilizations, fiscalNoteEvents, fiscalNotes, type FiscalNoteRow } from '../../db/schema';
import { readFiscalSettings } from '../fiscal-settings';
import { noteXml, XML_DECLARATION } from './notes-read';
import { ZipWriter } from './zip-writer';

/** Notes read at a time. */
export const EXPORT_PAGE = 500;

export const ExportQuerySchema = z.object({
  month: z
    .string({ error: 'Informe o mês (AAAA-MM)' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Mês inválido (use AAAA-MM)' }),
});

/** The first instant of the month and of the next, São Paulo days. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const first = `${month}-01`;
  const next = addDays(`${month}-28`, 4).slice(0, 7);
  return { start: startOfDayUtc(first), end: startOfDayUtc(`${next}-01`) };
}

const CSV_HEADER = ['Número', 'Série', 'Chave', 'Data', 'Valor', 'Status', 'Protocolo'];
const reais = (c: number) => `${Math.trunc(c / 100)},${String(c % 100).padStart(2, '0')}`;
/** dhEmi '2026-11-05T14:03:00-03:00' as 05/11/2026 14:03:00 (the note's own local time). */
const localWhen = (dh: string) => `${dh.slice(8, 10)}/${dh.slice(5, 7)}/${dh.slice(0, 4)} ${dh.slice(11, 19)}`;
const csvLine = (cells: readonly (string | number)[]) => cells.join(';') + '\r\n';

export function exportFileName(month: string): string {
  return `nfce-${month}.zip`;
}

/** Writes the month's package to `out` (the reply's stream) and ends it. */
export async function writeMonthExport(
  db: DbOrTx,
  tenantId: string,
  month: string,
  out: Writable,
  pageSize = EXPORT_PAGE,
): Promise<void> {
  const { environment } = await readFiscalSettings(db, tenantId);
  const { start, end } = monthBounds(month);
  const zip = new ZipWriter(out);
  const csv: string[] = ['\uFEFF' + csvLine(CSV_HEADER)];
  let after: { issuedAt: Date; id: string } | null = null;
  for (;;) {
    const page: FiscalNoteRow[] = await notesPage(db, tenantId, environment, start, end, after, pageSize);
    if (!page.length) break;
    const authorized = page.filter((n) => n.protocolXml);
    const events = authorized.length
      ? await db
          .select()
          .from(fiscalNoteEvents)
          .where(
            and(
              eq(fiscalNoteEvents.tenantId, tenantId),
              inArray(
                fiscalNoteEvents.noteId,
                authorized.map((n) => n.id),
              ),
              isNotNull(fiscalNoteEvents.protocolXml),
            ),
          )
          .orderBy(asc(fiscalNoteEvents.noteId), asc(fiscalNoteEvents.sequence))
      : [];
    for (const note of page) {
      const status = FISCAL_NOTE_STATUS_LABELS[note.status];
      csv.push(
        csvLine([
          note.number,
          note.series,
          note.key,
          localWhen(note.issuedAtLocal),
          reais(note.total),
          status,
          note.protocol ?? '',
        ]),
      );
      if (note.protocolXml)
        await zip.add(`nfce/${note.key}-nfeProc.xml`, XML_DECLARATION + noteXml(note), note.issuedAt);
      for (const event of events.filter((e) => e.noteId === note.id))
        await zip.add(
          `eventos/${note.key}-${event.type}-${event.sequence}-procEventoNFe.xml`,
          XML_DECLARATION + assembleProcEvento(event.xml, event.protocolXml!),
          event.createdAt,
        );
    }
    // The CSV's lines are small; written to the archive at the end, they are what the month keeps in memory.
    const last = page[page.length - 1]!;
    after = { issuedAt: last.issuedAt, id: last.id };
    if (page.length < pageSize) break;
  }
  const voided = await db
    .select()
    .from(fiscalInutilizations)
    .where(
      and(
        eq(fiscalInutilizations.tenantId, tenantId),
        eq(fiscalInutilizations.environment, environment),
        eq(fiscalInutilizations.status, 'homologada'),
        isNotNull(fiscalInutilizations.protocolXml),
        gte(fiscalInutilizations.createdAt, start),
        lt(fiscalInutilizations.createdAt, end),
      ),
    )
    .orderBy(asc(fiscalInutilizations.series), asc(fiscalInutilizations.first));
  for (const v of voided)
    await zip.add(
      `inutilizacoes/serie-${v.series}-${v.first}-${v.last}-procInutNFe.xml`,
      XML_DECLARATION + assembleProcInut(v.xml, v.protocolXml!),
      v.createdAt,
    );
  await zip.add('resumo.csv', csv.join(''));
  await zip.finish();
}

function notesPage(
  db: DbOrTx,
  tenantId: string,
  environment: FiscalEnvironment,
  start: Date,
  end: Date,
  after: { issuedAt: Date; id: string } | null,
  pageSize: number,
): Promise<FiscalNoteRow[]> {
  const n = fiscalNotes;
  return db
    .select()
    .from(n)
    .where(
      and(
        eq(n.tenantId, tenantId),
        eq(n.environment, environment),
        gte(n.issuedAt, start),
        lt(n.issuedAt, end),
        after ? or(gt(n.issuedAt, after.issuedAt), and(eq(n.issuedAt, after.issuedAt), gt(n.id, after.id))) : undefined,
      ),
    )
    .orderBy(asc(n.issuedAt), asc(n.id))
    .limit(pageSize);
}
