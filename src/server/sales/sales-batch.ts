// POST /api/sales/batch: a till's queued sales in one request and one transaction.
// Every sale answers exactly what POST /api/sales with its Idempotency-Key would: the
// same checks, the same stored answer on a repeat (a sale first sent alone whose reply
// was lost is recognised here, and the other way round), the same error when refused.
// A refused sale writes nothing and the others go on.
//
// The run costs a fixed number of statements (key claims, one read, two writes carrying
// the stored answers: sale-create.ts prepareSales) instead of several per sale. Should the transaction
// fail all the same (a constraint nothing checked for, a lost connection), each sale is
// tried again alone in its own transaction, so one bad sale cannot hold up the others.
import type { ErrorBody, SaleCreate } from '../../shared/contract';
import { SaleCreateSchema } from '../../shared/contract';
import type { Db } from '../db/client';
import { AppError, MESSAGES } from '../errors';
import { validationError } from '../validation';
import {
  claimKeys,
  prepared,
  releaseKeysSql,
  requestHashOf,
  runIdempotent,
  storeAnswersSql,
} from '../core/idempotency';
import { saleHashBody } from './sale-checks';
import { prepareSale, prepareSales } from './sale-create';

/** The call each sale stands for (its key hashes the same request as when sent alone). */
export const SALES_PATH = '/api/sales';
const CREATED = 201;

export interface BatchAnswer {
  key: string;
  statusCode: number;
  /** {success: true, data} (internal form: centavos) or the error envelope. */
  body: unknown;
}

const created = (data: unknown) => ({ success: true as const, data });

function errorAnswer(key: string, error: AppError): BatchAnswer {
  const body: ErrorBody = {
    success: false,
    error: error.message,
    code: error.code,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
  return { key, statusCode: error.statusCode, body };
}

interface CheckedSale {
  key: string;
  input: SaleCreate;
  requestHash: string;
}

export async function createSalesBatch(
  db: Db,
  tenantId: string,
  userId: string | null,
  sent: readonly { key: string; body: unknown }[],
  log: (error: unknown) => void = () => undefined,
): Promise<BatchAnswer[]> {
  const answers = new Map<string, BatchAnswer>();
  const checked: CheckedSale[] = [];
  for (const { key, body } of sent) {
    const parsed = SaleCreateSchema.safeParse(body);
    if (!parsed.success) answers.set(key, errorAnswer(key, validationError(parsed.error.issues)));
    else
      checked.push({
        key,
        input: parsed.data,
        requestHash: requestHashOf({ method: 'POST', path: SALES_PATH, body: saleHashBody(parsed.data) }),
      });
  }
  try {
    for (const answer of await inOneTransaction(db, tenantId, userId, checked)) answers.set(answer.key, answer);
  } catch (error) {
    log(error);
    for (const sale of checked) answers.set(sale.key, await alone(db, tenantId, userId, sale, log));
  }
  return sent.map(({ key }) => answers.get(key)!);
}

async function inOneTransaction(
  db: Db,
  tenantId: string,
  userId: string | null,
  checked: readonly CheckedSale[],
): Promise<BatchAnswer[]> {
  if (checked.length === 0) return [];
  return db.transaction(async (tx) => {
    const claims = await claimKeys(tx, tenantId, checked);
    const fresh = checked.filter((_, i) => claims[i]!.kind === 'fresh');
    const run = await prepareSales(
      tx,
      tenantId,
      userId,
      fresh.map((s) => s.input),
    );
    const results = run.results;
    const byKey = new Map(fresh.map((s, i) => [s.key, results[i]!]));
    const refused = fresh.filter((s) => byKey.get(s.key) instanceof AppError).map((s) => s.key);
    const stored: BatchAnswer[] = fresh
      .filter((s) => !(byKey.get(s.key) instanceof AppError))
      .map((s) => ({ key: s.key, statusCode: CREATED, body: created(byKey.get(s.key)) }));
    // The sales' last write also gives back the refused keys and stores the answers.
    await run.write([releaseKeysSql(tenantId, refused), storeAnswersSql(tenantId, stored)]);
    const storedByKey = new Map(stored.map((a) => [a.key, a]));
    return checked.map(({ key }, i): BatchAnswer => {
      const claim = claims[i]!;
      if (claim.kind === 'refused') return errorAnswer(key, claim.error);
      if (claim.kind === 'stored') return { key, statusCode: claim.statusCode, body: claim.body };
      const result = byKey.get(key)!;
      return result instanceof AppError ? errorAnswer(key, result) : storedByKey.get(key)!;
    });
  });
}

/** One sale in its own transaction, as POST /api/sales runs it. */
async function alone(
  db: Db,
  tenantId: string,
  userId: string | null,
  sale: CheckedSale,
  log: (error: unknown) => void,
): Promise<BatchAnswer> {
  try {
    const result = await runIdempotent(
      db,
      { tenantId, key: sale.key, method: 'POST', path: SALES_PATH, body: saleHashBody(sale.input) },
      CREATED,
      async (tx) => {
        const one = await prepareSale(tx, tenantId, userId, sale.input);
        return prepared(created(one.body), one.write);
      },
    );
    return { key: sale.key, statusCode: result.statusCode, body: result.body };
  } catch (error) {
    if (error instanceof AppError) return errorAnswer(sale.key, error);
    log(error);
    // Not the sale's fault as far as anyone can tell: the till retries it later.
    return errorAnswer(sale.key, new AppError('INTERNAL', MESSAGES.internal));
  }
}
