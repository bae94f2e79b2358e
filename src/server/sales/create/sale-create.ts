// Creating sales: the one way a sale is made, whether POST /api/sales sent one or the
// outbox's batch sent fifty. A run of sales goes down once, in one transaction:
//   read  (sale-create-read.ts: the products row-locked, the customers, the taken sale
//          ids, the sync versions and the answers stored under the run's keys: ONE statement)
//   plan  (sale-plan.ts: every rule; a sale whose key holds an answer is not planned, it
//          replays that answer)
//   notes (sale-fiscal.ts: with emission on, each sale's NFC-e built and signed, its
//          number taken from its till's series: ONE more statement)
//   write (sale-create-write.ts: the sales and everything they touch, their notes, with
//          the new answers stored under their keys: ONE statement)
// and then the refused sales' keys are read again (core/idempotency.ts, the protocol's
// third step). Lock order: the products (in id order), the customers, the day's totals,
// the keys. A run whose transaction fails all the same (a concurrent duplicate of one of
// its sales, a constraint nothing checked for, a lost connection) is tried again sale by
// sale, each in its own transaction, so one sale cannot hold up the others.
import type { SaleCreate, SaleCreateResult } from '../../../shared/contract';
import { successBody } from '../../../shared/contract';
import {
  answersInsertSql,
  replayOf,
  requestHashOf,
  settleRefusals,
  type KeyedCall,
  type Outcome,
} from '../../core/idempotency';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, conflict, MESSAGES } from '../../errors';
import { readForSales } from './sale-create-read';
import { takeSaleNumbers } from '../devices/sale-numbers';
import { writeSales } from './sale-create-write';
import { planSales, SALE_ID_TAKEN } from './sale-plan';
import { offlineHistory } from './sale-price';
import type { Role } from '../../../shared/permissions';
import type { TokenService } from '../../core/tokens';
import { approvedSales } from '../credit/credit-approval';
import { getStoreSettings } from '../../core/store-settings';
import type { StoreSettings } from '../../../shared/contract/settings';
import { creditNeedsLock, creditStateFor } from '../credit/sale-credit';
import { readCounted } from './sale-counted';
import { addNotes } from './sale-fiscal';
import type { SaleEmission } from '../../fiscal/emission';

/** The path a sale's key is bound to, whether it came alone or in a batch. */
export const SALES_PATH = '/api/sales';
const CREATED = 201;

export interface SaleCall extends KeyedCall {
  input: SaleCreate;
}

/**
 * A sale under its key. The key is bound to the body with the delivery flag set as the
 * outbox sends it and without the till's contingency marker: a direct sending whose answer
 * was lost and its outbox replay (which names the NFC-e the till then issued itself) are one
 * sale (sale-price.ts; the note in doubt, docs/nfce-contingency.md); keys stored before
 * this rule, all from the outbox and none with the marker, hash the same.
 */
export function saleCall(input: SaleCreate, key?: string): SaleCall {
  const { fiscal_contingency: _noteOfTheTill, ...sale } = input;
  return {
    key,
    input,
    requestHash: requestHashOf({ method: 'POST', path: SALES_PATH, body: { ...sale, offline: true } }),
  };
}

export interface CreateSalesOptions {
  /** Join this transaction (another service composing sales) instead of opening one. */
  tx?: DbOrTx;
  /** The caller's role: a cashier ('user') gives discounts within the store's limit. */
  role?: Role;
  /** Told of what failed unexpectedly: a run's transaction (its sales are then tried one by one), a sale alone. */
  log?: (error: unknown) => void;
  /** What checks an admin's approval over the credit limit (credit-approval.ts): the server's tokens. */
  tokens?: Pick<TokenService, 'seal'>;
  /** The NFC-e of the sales, when the store emits (sale-fiscal.ts); absent: no note is made. */
  fiscal?: SaleEmission;
  /** The caller sends the notes of its online sales itself after the commit (POST /api/sales). */
  sendNotes?: boolean;
}

/** Creates a run of sales: one outcome per call, in order. */
export async function createSales(
  db: Db,
  tenantId: string,
  userId: string | null,
  calls: readonly SaleCall[],
  options: CreateSalesOptions = {},
): Promise<Outcome<SaleCreateResult>[]> {
  if (calls.length === 0) return [];
  if (options.tx) return runSales(options.tx, tenantId, userId, calls, options);
  let outcomes: Outcome<SaleCreateResult>[];
  try {
    outcomes = await db.transaction((tx) => runSales(tx, tenantId, userId, calls, options));
  } catch (error) {
    if (calls.length > 1) {
      options.log?.(error);
      return oneByOne(db, tenantId, userId, calls, options);
    }
    // A sale alone, lost to a duplicate that committed first (on its key or its id): the
    // duplicate's answer is its answer.
    if (!(error instanceof AppError || isUniqueViolation(error))) throw error;
    const refusal = error instanceof AppError ? error : null;
    const [settled] = await settleRefusals<SaleCreateResult>(db, tenantId, calls, [
      { kind: 'refused', error: refusal ?? conflict(SALE_ID_TAKEN) },
    ]);
    if (settled!.kind === 'refused' && !refusal) throw error;
    return [settled!];
  }
  return settleRefusals(db, tenantId, calls, outcomes);
}

/** read, plan, write: the run inside its transaction. */
async function runSales(
  t: DbOrTx,
  tenantId: string,
  userId: string | null,
  calls: readonly SaleCall[],
  { role, tokens, fiscal, sendNotes = false }: CreateSalesOptions,
): Promise<Outcome<SaleCreateResult>[]> {
  let settings: Promise<StoreSettings> | undefined;
  const storeSettings = () => (settings ??= getStoreSettings(t, tenantId));
  // A cashier's crediário sales are held to the customer's credit limit; an admin's are not.
  const creditHeld = role === 'user';
  const read = await readForSales(
    t,
    tenantId,
    calls.map((c) => c.input),
    calls.flatMap((c) => (c.key ? [c.key] : [])),
    {
      lockCustomers: await creditNeedsLock(
        t,
        tenantId,
        calls.map((c) => c.input),
        creditHeld,
        storeSettings,
      ),
    },
  );
  const outcomes: (Outcome<SaleCreateResult> | null)[] = calls.map((c) => {
    const stored = c.key ? read.stored.get(c.key) : undefined;
    return stored ? replayOf(stored, c.requestHash) : null;
  });
  const fresh = calls.filter((_, i) => outcomes[i] === null);
  if (fresh.length === 0) return outcomes as Outcome<SaleCreateResult>[];

  const now = new Date();
  const inputs = await numbered(
    t,
    tenantId,
    fresh.map((c) => c.input),
    read.takenNumbers,
  );
  const history = await offlineHistory(t, tenantId, inputs, read.products, now);
  // The store's limit is read only when a cashier gives a discount (most sales give none).
  const discounted = inputs.some((i) => (i.discount ?? 0) > 0 || i.items.some((l) => (l.discount ?? 0) > 0));
  const discountLimit = role === 'user' && discounted ? (await storeSettings()).cashier_max_discount_percent : null;
  const approved = creditHeld && tokens ? await approvedSales(t, tokens, tenantId, inputs) : new Map<string, number>();
  const credit = await creditStateFor(t, tenantId, inputs, creditHeld, storeSettings, approved);
  const counted = await readCounted(t, tenantId, inputs, now);
  const plan = planSales(inputs, read, history, { tenantId, userId, role, now, discountLimit, credit, counted });
  await addNotes(t, tenantId, read.fiscal, plan, now, fiscal, sendNotes);
  const answers = fresh.flatMap((c, i) => {
    const result = plan.results[i]!;
    return c.key && !(result instanceof AppError)
      ? [{ key: c.key, requestHash: c.requestHash, statusCode: CREATED, body: successBody(result) }]
      : [];
  });
  if (plan.write.sales.length > 0) {
    try {
      await writeSales(t, tenantId, plan.write, now, answersInsertSql(tenantId, answers));
    } catch (error) {
      // The same sale id committed by a concurrent transaction after it was read.
      if (isUniqueViolation(error, 'sales_pkey')) throw conflict(SALE_ID_TAKEN);
      throw error;
    }
  }
  let next = 0;
  return outcomes.map((outcome) => {
    if (outcome) return outcome;
    const result = plan.results[next++]!;
    return result instanceof AppError ? { kind: 'refused', error: result } : { kind: 'done', data: result };
  });
}

/**
 * The run's sales with their numbers: the till's own, unless it is missing, taken in the
 * store or repeated in the run; those take the store's next (sale-numbers.ts).
 */
async function numbered(
  t: DbOrTx,
  tenantId: string,
  inputs: SaleCreate[],
  taken: ReadonlySet<string>,
): Promise<SaleCreate[]> {
  const seen = new Set<string>();
  const keeps = inputs.map((input) => {
    const number = input.number;
    const ok = number !== undefined && !taken.has(number) && !seen.has(number);
    if (ok) seen.add(number);
    return ok;
  });
  const fresh = await takeSaleNumbers(t, tenantId, keeps.filter((k) => !k).length);
  let next = 0;
  return inputs.map((input, i) => (keeps[i] ? input : { ...input, number: fresh[next++]! }));
}

/** Each sale in its own transaction, as POST /api/sales runs it. */
async function oneByOne(
  db: Db,
  tenantId: string,
  userId: string | null,
  calls: readonly SaleCall[],
  { log, ...options }: CreateSalesOptions,
): Promise<Outcome<SaleCreateResult>[]> {
  const outcomes: Outcome<SaleCreateResult>[] = [];
  for (const call of calls) {
    try {
      outcomes.push(...(await createSales(db, tenantId, userId, [call], options)));
    } catch (error) {
      log?.(error);
      // Not the sale's fault as far as anyone can tell: the till retries it later.
      outcomes.push({ kind: 'refused', error: new AppError('INTERNAL', MESSAGES.internal) });
    }
  }
  return outcomes;
}
