// Which sales a caller may open one by one (its detail, its returns, a return of it). An
// admin any sale of the store; a cashier a sale within the store's troca period
// (shared/troca-period.ts), found by its id or its exact number: Trocas e Devoluções of last
// week's sale. The list stays today's for cashiers (day-scope.ts): the period opens one
// sale, never a list.
import { and, eq } from 'drizzle-orm';
import type { Role } from '../../../shared/permissions';
import { parseSaleNumber, SALE_NUMBER_INVALID } from '../../../shared/sale-number';
import { pastTrocaPeriod, trocaPeriodPassed } from '../../../shared/troca-period';
import { getStoreSettings } from '../../core/store-settings';
import type { DbOrTx } from '../../db/client';
import { sales } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { validationError } from '../../validation';

export const saleNumberNotFound = (number: string) =>
  `Nenhuma venda com o número #${number}. Confira o número no recibo.`;

/** A cashier past the store's troca period for a sale sold at `soldAt`: 403 with the period said. */
export async function checkSaleReach(db: DbOrTx, tenantId: string, soldAt: Date, role: Role): Promise<void> {
  if (role === 'admin') return;
  const days = (await getStoreSettings(db, tenantId)).troca_period_days;
  if (pastTrocaPeriod(role, soldAt, days)) throw forbidden(trocaPeriodPassed(days));
}

/**
 * The id of the store's sale with exactly this number ('A-0042', '#a-42'; bare digits are
 * the store's own number '0042', never another till's 42): one sale or a 404.
 */
export async function saleIdByNumber(db: DbOrTx, tenantId: string, typed: string): Promise<string> {
  const parsed = parseSaleNumber(typed);
  if (!parsed) throw validationError([{ path: ['number'], message: SALE_NUMBER_INVALID }]);
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.tenantId, tenantId), eq(sales.number, parsed.number)));
  if (!row) throw notFound(saleNumberNotFound(parsed.number));
  return row.id;
}
