// 'Numeração': the numbers of each series that were skipped (below the series' next number,
// with no note, or a discarded one, and not voided), found as runs, and the inutilizações whose answer was lost
// (em dúvida: sent, SEFAZ silent), which the admin tries again (notes-inutilize.ts). A run
// in doubt is not offered as a gap: voiding it as another range would cross the attempt.
// Only the store's current environment.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FiscalEnvironment, InutilizationSchema } from '../../../shared/contract/fiscal-notes';
import { executeNamed, type DbOrTx } from '../../db/client';
import { fiscalInutilizations, fiscalSeries, type FiscalInutilizationRow } from '../../db/schema';
import { readFiscalSettings } from '../fiscal-settings';

type Inutilization = z.infer<typeof InutilizationSchema>;
type Gap = { series: number; first: number; last: number };

/**
 * The skipped runs of one series below `next`: what neither a note nor a homologated (or in
 * doubt) inutilização covers. A discarded note (its sale cancelled before SEFAZ had it)
 * leaves its number skipped.
 */
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
          AND status <> 'descartada'
      UNION ALL
      SELECT first, least(last, ${next} - 1) FROM fiscal_inutilizations
        WHERE tenant_id = ${tenantId} AND environment = ${environment} AND series = ${series}
          AND status IN ('homologada', 'pendente') AND first < ${next}
      UNION ALL SELECT 0, 0
      UNION ALL SELECT ${next}::int, ${next}::int
    ), ordered AS (
      SELECT f, max(l) OVER (ORDER BY f, l ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reached FROM used
    )
    SELECT (reached + 1)::int AS first, (f - 1)::int AS last FROM ordered WHERE f > reached + 1 ORDER BY first`,
  );
  return rows.map((r) => ({ series, first: Number(r.first), last: Number(r.last) }));
}

/** GET /api/fiscal/gaps: every series' skipped runs and the inutilizações in doubt, in the store's current environment. */
export async function numberGaps(db: DbOrTx, tenantId: string): Promise<{ gaps: Gap[]; in_doubt: Inutilization[] }> {
  const { environment } = await readFiscalSettings(db, tenantId);
  const series = await db
    .select()
    .from(fiscalSeries)
    .where(and(eq(fiscalSeries.tenantId, tenantId), eq(fiscalSeries.environment, environment)))
    .orderBy(asc(fiscalSeries.series));
  const gaps: Gap[] = [];
  for (const s of series) gaps.push(...(await seriesGaps(db, tenantId, environment, s.series, s.nextNumber)));
  const doubts = await db
    .select()
    .from(fiscalInutilizations)
    .where(
      and(
        eq(fiscalInutilizations.tenantId, tenantId),
        eq(fiscalInutilizations.environment, environment),
        eq(fiscalInutilizations.status, 'pendente'),
      ),
    )
    .orderBy(asc(fiscalInutilizations.series), asc(fiscalInutilizations.first));
  return { gaps, in_doubt: doubts.map(inutilizationOf) };
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
