// A run of new sales checked against what its transaction read, and the rows it will
// write (built in sale-plan-rows.ts); nothing here touches the database. Each sale recomputes its total from its lines
// (each line keeps the unit price sent: the price at the till when it was added, spec §5,
// checked by the price rule of sale-price.ts, as the sale's time is by core/sale-time.ts),
// snapshots the customer's name and each product's name and cost, moves stock (the
// run's stock left by the earlier sales: exactly as if they had come one by one), and
// brings its payment effects (sale-effects.ts) and the conflicts admins review. A refused
// sale is its AppError and writes nothing; the others go on.
import { randomUUID } from 'node:crypto';
import type { CreditOverLimitDetail, SaleCreate, SaleCreateResult, StockAfter } from '../../../shared/contract';
import type { CustomerRow, ProductRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { makerOf, sessionUse } from '../../caixa/cash-session-use';
import type { Role } from '../../../shared/permissions';
import { CUSTOMER_NOT_FOUND } from '../../catalogue/customers';
import type { SalesRead } from './sale-create-read';
import type { CreditState } from '../credit/sale-credit';
import type { SalesWrite } from './sale-create-write';
import { paymentEffectRows } from '../records/sale-effects';
import { partRowsOf, plannedParts, storeCreditUsed, toSalePayment, type PlannedPart } from '../records/sale-payments';
import { storeCreditShort, type StoreCreditUse } from '../records/store-credit';
import { priceChanged, priceConflicts, type PriceHistory } from './sale-price';
import { toSale } from '../records/sale-queries';
import { checkTotal, ENTRADA_TOO_HIGH, sellableProduct } from '../records/sale-rules';
import { discountedLines, discountOverLimit, withinLimit } from './sale-discounts';
import { saleTime } from '../../core/sale-time';
import { creditLimitOf, creditOverLimit, overCreditLimit } from '../../../shared/credit';
import { finalConsumerProblem } from '../../../shared/final-consumer';
import { insufficientStock, mergeMoves, shortfalls, type StockWrite } from '../../ledgers/stock';
import { countedBy, type CountedLines } from './sale-counted';
import {
  conflictRows,
  itemRowsOf,
  movementRows,
  openCountTakes,
  saleRowOf,
  storeCreditWrites,
  type CheckedSale,
} from './sale-plan-rows';

export const SALE_ID_TAKEN = 'Já existe uma venda com este identificador.';

interface RunState {
  taken: Set<string>;
  sessions: SalesRead['sessions'];
  /** Running vale-troca balances: each checked sale leaves its use here for the next one. */
  customers: Map<string, CustomerRow>;
  /** Running stock: each checked sale leaves its decrements here for the next one. */
  products: Map<string, ProductRow>;
  /** The counts that counted the run's products after its offline sales were made (sale-counted.ts). */
  counted: CountedLines;
  history: PriceHistory;
  receivedAt: Date;
  /** The largest discount the caller may give, in percent; null: no limit (an admin). */
  discountLimit: number | null;
  /** Crediário credit (shared/credit.ts); null: not held (an admin, or no crediário in the run). */
  credit: CreditState | null;
  /** Who delivers: the caixa a sale joins is theirs, or its maker's (caixa/cash-session-use.ts). */
  userId: string | null;
  role: Role | undefined;
  makers: SalesRead['makers'];
}

/** Checks one sale (throws the AppError that refuses it) and moves the running stock. */
function checkSale(input: SaleCreate, run: RunState): CheckedSale {
  if (input.id && run.taken.has(input.id)) throw conflict(SALE_ID_TAKEN);
  const customer = run.customers.get(input.customer_id);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  const maker = makerOf(input, run.makers, run);
  const session = sessionUse(input.cash_session_id ? run.sessions.get(input.cash_session_id) : undefined, {
    sessionId: input.cash_session_id,
    deviceId: input.device_id,
    userId: maker.userId,
    role: maker.role,
    offline: input.offline,
  });
  const discounted = discountedLines(input);
  const lines = input.items.map((item, i) => ({
    ...item,
    product: sellableProduct(run.products, item.product_id, { allowInactive: input.offline }),
    total: discounted.lines[i]!.total,
    discount: discounted.lines[i]!.discount,
  }));
  const overLimit =
    run.discountLimit !== null && !withinLimit(discounted.lines, discounted.discount, run.discountLimit);
  // Online the cashier can still take the discount back; offline the sale already happened.
  if (overLimit && !input.offline) throw conflict(discountOverLimit(run.discountLimit!));
  // Online, the till must sell at today's price (the cashier can still fix it).
  if (!input.offline) {
    const changed = priceChanged(lines);
    if (changed) throw changed;
  }
  const { soldAt, claimedSoldAt } = saleTime(input.sold_at, run.receivedAt);
  const prices = input.offline ? priceConflicts(lines, run.history, soldAt, run.receivedAt) : [];
  const total = lines.reduce((s, l) => s + l.total, 0);
  checkTotal(total);
  const crediario = input.payment_method === 'crediario' ? input.crediario : undefined;
  if (input.payment_method === 'crediario' && !crediario) throw badRequest('Informe as parcelas do crediário.');
  if (crediario && crediario.entrada > total) {
    throw badRequest(ENTRADA_TOO_HIGH, [{ path: 'crediario.entrada', message: ENTRADA_TOO_HIGH }]);
  }
  const parts = plannedParts(input, total);
  // Crediário and vale-troca need a named customer: online refused; offline the sale
  // happened and is kept, with the conflict admins review (a crediário's 'crédito': the
  // Consumidor final has none; a vale use goes past its balance, which is always zero).
  const anonymous = finalConsumerProblem(
    { finalConsumer: customer.finalConsumer },
    { crediario: crediario !== undefined, storeCredit: storeCreditUsed(parts) },
  );
  if (anonymous && !input.offline) throw conflict(anonymous);
  const open = run.credit?.open.get(customer.id) ?? 0;
  const financed = crediario ? total - crediario.entrada : 0;
  const approved = input.id ? (run.credit?.approved.get(input.id) ?? -1) : -1;
  const limit = run.credit && financed > approved ? creditLimitOf(customer.creditLimit, run.credit.defaultLimit) : null;
  const overCredit =
    (financed > 0 && overCreditLimit(limit, open, financed)) || (crediario !== undefined && customer.finalConsumer);
  // Online the cashier can still take another way of paying; offline the sale already happened.
  if (overCredit && !input.offline) {
    const details: CreditOverLimitDetail = { limit_centavos: limit!, open_centavos: open, sale_centavos: financed };
    throw conflict(creditOverLimit(limit!, open, financed), details);
  }
  const storeCredit = takeStoreCredit(input, customer, parts, run);
  const merged = mergeMoves(lines.map((l) => ({ productId: l.product_id, take: l.quantity })));
  const counts = merged.map((m) => (input.offline ? countedBy(run.counted.get(m.productId), soldAt) : null));
  // A count finished after the sale was made saw the shelf without its units: none taken again.
  const moves = merged.map((m, i) => (counts[i] && !counts[i].open ? { ...m, take: 0 } : m));
  const short = shortfalls(moves, run.products);
  // Online, stock never goes below zero. Offline, the sale already happened at the till:
  // it is accepted and what the stock could not cover is recorded as its conflicts.
  if (short.length > 0 && !input.offline) throw insufficientStock(short);
  const after = moves.map((m, i) => {
    const row = run.products.get(m.productId)!;
    const stock = row.currentStock - m.take;
    run.products.set(m.productId, { ...row, currentStock: stock });
    return { productId: m.productId, taken: m.take, stock, counted: counts[i]! };
  });
  const id = input.id ?? randomUUID();
  run.taken.add(id);
  if (storeCredit) run.customers.set(customer.id, { ...customer, storeCredit: storeCredit.balanceAfter });
  if (financed > 0) run.credit?.open.set(customer.id, open + financed);
  return {
    id,
    input,
    customer,
    lines,
    total,
    discount: discounted.discount,
    discountConflict: overLimit,
    creditConflict: overCredit,
    financed,
    crediario,
    parts,
    storeCredit,
    conflicts: short,
    priceConflicts: prices,
    soldAt,
    claimedSoldAt,
    after,
    cashSessionId: session.sessionId,
    cashSessionConflict: session.conflict,
    madeBy: maker.userId,
  };
}

/**
 * The vale-troca a sale's parts use, from the customer's running balance. Online a use
 * beyond the balance is a 409 (the cashier takes another method); offline the sale already
 * happened: the balance goes to zero, never below, and the shortfall is a conflict.
 */
function takeStoreCredit(
  input: SaleCreate,
  customer: CustomerRow,
  parts: readonly PlannedPart[],
  run: RunState,
): StoreCreditUse | null {
  const used = storeCreditUsed(parts);
  if (used === 0) return null;
  const balance = run.customers.get(customer.id)!.storeCredit;
  if (used > balance && !input.offline) throw conflict(storeCreditShort(balance, used));
  const take = Math.min(used, balance);
  return { customerId: customer.id, take, balanceAfter: balance - take, short: used - take };
}

export interface SalesPlan {
  /** One per input: the sale as it will be, or the AppError that refused it. */
  results: (SaleCreateResult | AppError)[];
  /** The rows of the sales that were not refused. */
  write: SalesWrite;
  /** The sales that were not refused, as checked (their NFC-e is made of them: sale-fiscal.ts). */
  accepted: CheckedSale[];
}

/** Checks `inputs` in order against `read` and answers each; `history`: sale-price.ts offlineHistory. */
export function planSales(
  inputs: readonly SaleCreate[],
  read: SalesRead,
  history: PriceHistory,
  {
    tenantId,
    userId,
    now,
    discountLimit = null,
    credit = null,
    counted = new Map(),
    role,
  }: {
    tenantId: string;
    userId: string | null;
    role?: Role;
    now: Date;
    discountLimit?: number | null;
    credit?: CreditState | null;
    counted?: CountedLines;
  },
): SalesPlan {
  const run: RunState = {
    taken: read.taken,
    sessions: read.sessions,
    customers: new Map(read.customers),
    products: new Map(read.products),
    counted,
    history,
    receivedAt: now,
    discountLimit,
    credit,
    userId,
    role,
    makers: read.makers,
  };
  const checked = inputs.map((input) => {
    try {
      return checkSale(input, run);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
  });
  const accepted = checked.filter((c): c is CheckedSale => !(c instanceof AppError));

  // The stock: one write per product with its stock after the whole run; each move (a
  // sale moving a product) takes the next version drawn, so the k-th sale that moved a
  // product answers an older version than the (k+1)-th, and the row keeps the last.
  const stock = new Map<string, StockWrite>();
  const stockAfter = new Map<string, StockAfter[]>();
  let move = 0;
  for (const sale of accepted) {
    const after = sale.after.map(({ productId, stock: to }) => {
      const version = read.versions[move++]!;
      stock.set(productId, { productId, from: read.products.get(productId)!.currentStock, to, version });
      return { product_id: productId, current_stock: to, version };
    });
    stockAfter.set(sale.id, after);
  }

  const saleRows = accepted.map((sale) => saleRowOf(sale, tenantId, now));
  const itemsBySale = new Map(accepted.map((sale) => [sale.id, itemRowsOf(sale, tenantId, now)]));
  const partsBySale = new Map(accepted.map((sale) => [sale.id, partRowsOf(tenantId, sale.id, sale.parts)]));
  const effects = saleRows.map((row, i) => paymentEffectRows(row, accepted[i]!.parts));
  const rowById = new Map(saleRows.map((r) => [r.id, r]));
  return {
    results: checked.map((c) =>
      c instanceof AppError
        ? c
        : {
            ...toSale(rowById.get(c.id)!, itemsBySale.get(c.id)!, partsBySale.get(c.id)!.map(toSalePayment)),
            stock_after: stockAfter.get(c.id)!,
          },
    ),
    write: {
      sales: saleRows,
      items: [...itemsBySale.values()].flat(),
      payments: [...partsBySale.values()].flat(),
      cash: effects.flatMap((e) => e.cash),
      receivables: effects.flatMap((e) => e.receivables),
      conflicts: accepted.flatMap((sale) => conflictRows(sale, tenantId, now)),
      stock: [...stock.values()],
      storeCredit: storeCreditWrites(accepted, tenantId, now),
      movements: movementRows(accepted, tenantId, now),
      countedLines: openCountTakes(accepted),
    },
    accepted,
  };
}
