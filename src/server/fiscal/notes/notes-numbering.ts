// 'Numeração': the numbers of each series that were skipped (below the series' next number,
// with no note and not voided), found as runs, and their inutilização with SEFAZ
// (NFeInutilizacao4): built (sefaz-messages.ts), signed with the store's A1, sent, and kept
// with SEFAZ's answer, homologada (102) with its protocol or rejeitada with the reason. A
// number that has a note, one already voided, or one the series has not reached cannot be
// voided. Only the store's current environment.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { InutilizationCreateSchema, InutilizationSchema } from '../../../shared/contract/fiscal-notes';
import { FISCAL_NOTE_STATUS_LABELS, type FiscalEnvironment } from '../../../shared/contract/fiscal-notes';
import { buildInutilization } from '../../../shared/fiscal/sefaz-messages';
import { localDateTime } from '../../../shared/fiscal/uf';
import type { AppContext } from '../../context';
import { executeNamed, type DbOrTx } from '../../db/client';
import { fiscalInutilizations, fiscalNotes, fiscalSeries, type FiscalInutilizationRow } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { readFiscalSettings } from '../fiscal-settings';
import { askSefaz, sefazSession } from './notes-sefaz';

type Inutilization = z.infer<typeof InutilizationSchema>;
type InutilizationCreate = z.infer<typeof InutilizationCreateSchema>;
type Gap = { series: number; first: number; last: number };

/** SEFAZ's 'Inutilização de número homologado'. */
const HOMOLOGATED = 102;

export const hasNote = (number: number, series: number, status: string) =>
  `O número ${number} da série ${series} tem nota (${status}) e não pode ser inutilizado. Só números saltados, sem nota, podem.`;
export const notReached = (series: number, next: number) =>
  `A série ${series} ainda não chegou a esse número (o próximo é ${next}): só números já saltados podem ser inutilizados.`;
export const alreadyVoided = (series: number, first: number, last: number) =>
  `Os números de ${first} a ${last} da série ${series} já foram inutilizados.`;

/** The skipped runs of one series below `next`: what neither a note nor a homologated inutilização covers. */
async function seriesGaps(
  t: DbOrTx,
  tenantId: string,
  environment: FiscalEnvironment,
  series: number,
  next: number,
): Promise<Gap[]> {
  const { rows } = await executeNamed<{ first: number; last: number }>(
    t,
    sql`WITH used AS (
      SELECT number AS f, number AS l FROM fiscal_notes
        WHERE tenant_id = ${tenantId} AND environment = ${environment} AND series = ${series} AND number < ${next}
      UNION ALL
      SELECT first, least(last, ${next} - 1) FROM fiscal_inutilizations
        WHERE tenant_id = ${tenantId} AND environment = ${environment} AND series = ${series}
          AND status = 'homologada' AND first < ${next}
      UNION ALL SELECT 0, 0
      UNION ALL SELECT ${next}::int, ${next}::int
    ), ordered AS (
      SELECT f, max(l) OVER (ORDER BY f, l ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reached FROM used
    )
    SELECT (reached + 1)::int AS first, (f - 1)::int AS last FROM ordered WHERE f > reached + 1 ORDER BY first`,
  );
  return rows.map((r) => ({ series, first: Number(r.first), last: Number(r.last) }));
}

/** GET /api/fiscal/gaps: every series' skipped runs, in the store's current environment. */
export async function numberGaps(db: DbOrTx, tenantId: string): Promise<{ gaps: Gap[] }> {
  const { environment } = await readFiscalSettings(db, tenantId);
  const series = await db
    .select()
    .from(fiscalSeries)
    .where(and(eq(fiscalSeries.tenantId, tenantId), eq(fiscalSeries.environment, environment)))
    .orderBy(asc(fiscalSeries.series));
  const gaps: Gap[] = [];
  for (const s of series) gaps.push(...(await seriesGaps(db, tenantId, environment, s.series, s.nextNumber)));
  return { gaps };
}

export function inutilizationOf(row: FiscalInutilizationRow): Inutilization {
  return {
    id: row.id,
    series: row.series,
    first: row.first,
    last: row.last,
    justification: row.justification,
    status: row.status,
    protocol: row.protocol,
    cstat: row.cstat,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

/** POST /api/fiscal/inutilizations. */
export async function inutilizeNumbers(
  ctx: AppContext,
  t: DbOrTx,
  tenantId: string,
  body: InutilizationCreate,
  now = new Date(),
): Promise<Inutilization> {
  const { series, first, last, justification } = body;
  const { environment } = await readFiscalSettings(t, tenantId);
  // The series locked: a note numbered meanwhile waits for this to end.
  const [row] = await t
    .select()
    .from(fiscalSeries)
    .where(
      and(
        eq(fiscalSeries.tenantId, tenantId),
        eq(fiscalSeries.environment, environment),
        eq(fiscalSeries.series, series),
      ),
    )
    .for('update');
  const next = row?.nextNumber ?? 1;
  if (last >= next) throw badRequest(notReached(series, next));
  const inSeries = (table: typeof fiscalNotes | typeof fiscalInutilizations) =>
    and(eq(table.tenantId, tenantId), eq(table.environment, environment), eq(table.series, series));
  const [noted] = await t
    .select({ number: fiscalNotes.number, status: fiscalNotes.status })
    .from(fiscalNotes)
    .where(and(inSeries(fiscalNotes), gte(fiscalNotes.number, first), lte(fiscalNotes.number, last)))
    .orderBy(asc(fiscalNotes.number))
    .limit(1);
  if (noted) throw badRequest(hasNote(noted.number, series, FISCAL_NOTE_STATUS_LABELS[noted.status].toLowerCase()));
  const [voided] = await t
    .select()
    .from(fiscalInutilizations)
    .where(
      and(
        inSeries(fiscalInutilizations),
        eq(fiscalInutilizations.status, 'homologada'),
        lte(fiscalInutilizations.first, last),
        gte(fiscalInutilizations.last, first),
      ),
    )
    .limit(1);
  if (voided) throw conflict(alreadyVoided(series, voided.first, voided.last));

  const session = await sefazSession(ctx, t, tenantId, environment);
  const built = buildInutilization({
    uf: session.uf,
    environment: session.target.environment,
    cnpj: session.cnpj,
    year: Number(localDateTime(now.toISOString(), session.uf).slice(0, 4)),
    series,
    first,
    last,
    justification,
  });
  const signed = await session.signer.sign(built.xml, 'infInut');
  const answer = await askSefaz('à inutilização', () => session.port.inutilize(session.target, signed));
  const [saved] = await t
    .insert(fiscalInutilizations)
    .values({
      tenantId,
      environment,
      series,
      first,
      last,
      justification: justification.trim(),
      status: answer.cstat === HOMOLOGATED ? 'homologada' : 'rejeitada',
      xml: signed,
      protocolXml: answer.xml,
      protocol: answer.protocol,
      cstat: answer.cstat,
      reason: answer.reason,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return inutilizationOf(saved!);
}
