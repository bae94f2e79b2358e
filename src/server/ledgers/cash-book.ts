// The one writer of the cash book (DESIGN.md, finance rules): every entry of
// cash_flow_entries is inserted, corrected or removed here, and nowhere else (a test scans
// src/server for other writers). Each kind of entry is one case of CashEntry, with what it
// carries: its side (income or expense) and its category follow from the kind where the
// rules fix them. Amounts are centavos, always positive: the side gives the sign.
//   sale         a sale paid whole by one method (income, Vendas, the sale's day)
//   sale_part    one part of a sale paid in several (income, Vendas)
//   entrada      a crediário sale's entrada (income, Vendas)
//   instalment   a receivable received, wholly or in part (income, Vendas, payment day)
//   late_charges its multa and juros, apart (income, 'Juros e multas')
//   reversal     a cancelled sale's entries reversed (expense, Vendas, the cancel's day)
//   refund       a return paid back in dinheiro or by estorno (expense, Vendas)
//   payout       vale-troca paid out in cash (expense, Vendas)
//   close        a caixa's closing difference per method (Quebra or Sobra de caixa)
//   payable      a bill paid (expense, the bill's category)
//   manual       an entry a person wrote (either side, any category but the close's)
import { and, eq, isNull, notInArray, type SQL } from 'drizzle-orm';
import { CLOSE_CATEGORIES } from '../../shared/caixa';
import { SALES_CATEGORY } from '../../shared/constants';
import { LATE_CHARGES_CATEGORY, type PaymentMethod } from '../../shared/contract';
import type { DbOrTx } from '../db/client';
import { insertRowsSql } from '../db/json-rows';
import { cashFlowEntries, type CashFlowEntryRow } from '../db/schema';

export type CashEntryRow = typeof cashFlowEntries.$inferInsert;

interface Entry {
  tenantId: string;
  /** São Paulo day the money moved */
  date: string;
  description: string;
  /** centavos, > 0 */
  amount: number;
}
interface OfSale extends Entry {
  saleId: string;
  paymentMethod: PaymentMethod;
}
interface OfReceivable extends Entry {
  /** The sale the instalment was born of; null for an account of its own, and for late charges. */
  saleId: string | null;
  accountReceivableId: string;
  /** Received at the counter: its method and the session it came into. */
  paymentMethod?: PaymentMethod;
  cashSessionId?: string | null;
}

export type CashEntry =
  | (OfSale & { kind: 'sale' | 'sale_part' | 'entrada' | 'refund' | 'payout' })
  | (OfReceivable & { kind: 'instalment' | 'late_charges' })
  | (Entry & { kind: 'reversal'; saleId: string })
  | (Entry & { kind: 'payable'; category: string; accountPayableId: string })
  | (Entry & {
      kind: 'close';
      id: string;
      type: 'income' | 'expense';
      category: string;
      /** The method whose count differed. */
      paymentMethod: PaymentMethod;
      at: Date;
    })
  | (Entry & { kind: 'manual'; id?: string; type: 'income' | 'expense'; category: string });

export type CashEntryKind = CashEntry['kind'];

const INCOME_KINDS: ReadonlySet<CashEntryKind> = new Set([
  'sale',
  'sale_part',
  'entrada',
  'instalment',
  'late_charges',
]);

/** The row an entry is, each kind with the columns its rows have always had. */
export function cashEntryRow(entry: CashEntry): CashEntryRow {
  const { tenantId, date, description, amount } = entry;
  const type = INCOME_KINDS.has(entry.kind) ? ('income' as const) : ('expense' as const);
  switch (entry.kind) {
    case 'sale':
    case 'sale_part':
    case 'entrada':
      return {
        tenantId,
        saleId: entry.saleId,
        date,
        category: SALES_CATEGORY,
        type,
        description,
        amount,
        paymentMethod: entry.paymentMethod,
      };
    case 'refund':
    case 'payout':
      return {
        tenantId,
        saleId: entry.saleId,
        date,
        type,
        description,
        category: SALES_CATEGORY,
        amount,
        paymentMethod: entry.paymentMethod,
      };
    case 'instalment':
    case 'late_charges':
      return {
        tenantId,
        date,
        type,
        saleId: entry.saleId,
        accountReceivableId: entry.accountReceivableId,
        ...(entry.paymentMethod ? { paymentMethod: entry.paymentMethod } : {}),
        ...(entry.cashSessionId !== undefined ? { cashSessionId: entry.cashSessionId } : {}),
        description,
        category: entry.kind === 'instalment' ? SALES_CATEGORY : LATE_CHARGES_CATEGORY,
        amount,
      };
    case 'reversal':
      return { tenantId, saleId: entry.saleId, date, type, description, category: SALES_CATEGORY, amount };
    case 'payable':
      return {
        tenantId,
        date,
        type,
        description,
        category: entry.category,
        amount,
        accountPayableId: entry.accountPayableId,
      };
    case 'close':
      // No cash_session_id: the session's figures count only what came in or out.
      return {
        tenantId,
        id: entry.id,
        date,
        type: entry.type,
        description,
        category: entry.category,
        paymentMethod: entry.paymentMethod,
        amount,
        createdAt: entry.at,
        updatedAt: entry.at,
      };
    case 'manual':
      return {
        tenantId,
        ...(entry.id ? { id: entry.id } : {}),
        date,
        type: entry.type,
        description,
        category: entry.category,
        amount,
      };
  }
}

/** Writes the entries (none: nothing) in the caller's transaction. */
export async function writeCashEntries(t: DbOrTx, entries: readonly CashEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await t.insert(cashFlowEntries).values(entries.map(cashEntryRow));
}

/** Writes one entry and answers its row (a manual entry is answered as stored). */
export async function writeCashEntry(t: DbOrTx, entry: CashEntry): Promise<CashFlowEntryRow> {
  const [row] = await t.insert(cashFlowEntries).values(cashEntryRow(entry)).returning();
  return row!;
}

/** The INSERT of a run of new sales' entries, as one part of the run's one statement (sale-create-write.ts). */
export function cashEntriesInsertSql(entries: readonly CashEntry[]): SQL | null {
  return entries.length > 0 ? insertRowsSql(cashFlowEntries, entries.map(cashEntryRow)) : null;
}

const t = cashFlowEntries;
const own = (tenantId: string, id: string) => and(eq(t.tenantId, tenantId), eq(t.id, id));

/** A sale's own entries (not payments of its receivables). */
export const saleEntries = (tenantId: string, saleId: string) =>
  and(eq(t.tenantId, tenantId), eq(t.saleId, saleId), isNull(t.accountReceivableId));
/** Entries a person wrote (not a sale's, nor a paid account's); the DRE counts these too. */
export const manualEntry = and(isNull(t.saleId), isNull(t.accountPayableId), isNull(t.accountReceivableId));
/** Entries a person may edit or delete: manual ones, but not a caixa close's difference. */
const editableEntry = and(manualEntry, notInArray(t.category, [...CLOSE_CATEGORIES]));

/** A sale's income entry corrected in place (an item edit, a method or a customer change). */
export async function correctSaleEntry(
  tr: DbOrTx,
  tenantId: string,
  id: string,
  fields: { amount?: number; description: string; paymentMethod?: PaymentMethod | null },
  now: Date,
): Promise<void> {
  await tr
    .update(t)
    .set({ ...fields, updatedAt: now })
    .where(own(tenantId, id));
}

/** A sale's income entries all take one description (its customer changed). */
export async function describeSaleIncome(
  tr: DbOrTx,
  tenantId: string,
  saleId: string,
  description: string,
  now: Date,
): Promise<void> {
  await tr
    .update(t)
    .set({ description, updatedAt: now })
    .where(and(saleEntries(tenantId, saleId), eq(t.type, 'income')));
}

/** A sale's income entry removed: its total came to zero. */
export async function removeSaleEntry(tr: DbOrTx, tenantId: string, id: string): Promise<void> {
  await tr.delete(t).where(own(tenantId, id));
}

/** A manual entry edited; undefined when there is none the person may edit. */
export async function editManualEntry(
  tr: DbOrTx,
  tenantId: string,
  id: string,
  fields: Partial<Pick<CashEntryRow, 'date' | 'type' | 'description' | 'category' | 'amount'>>,
): Promise<CashFlowEntryRow | undefined> {
  const [row] = await tr
    .update(t)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(own(tenantId, id), editableEntry))
    .returning();
  return row;
}

/** A manual entry deleted; false when there is none the person may delete. */
export async function deleteManualEntry(tr: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tr
    .delete(t)
    .where(and(own(tenantId, id), editableEntry))
    .returning({ id: t.id });
  return rows.length > 0;
}
