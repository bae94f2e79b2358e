// POST /api/sales/batch: the outbox's queued sales in one request, each answered as
// POST /api/sales with its key would answer it.
import { z } from 'zod/mini';
import { envelope, IdempotencyKeySchema } from './common';

/** The most sales one POST /api/sales/batch carries. */
export const SALE_BATCH_MAX = 50;

/**
 * POST /api/sales/batch: the outbox's queued sales in one request. Each carries the
 * Idempotency-Key it would send alone and its POST /api/sales body, checked one by one
 * (a malformed sale is refused alone, the batch goes on).
 */
export const SaleBatchSchema = z.object({
  sales: z.array(z.object({ key: IdempotencyKeySchema, body: z.unknown() })).check(
    z.minLength(1, { error: 'Envie pelo menos uma venda' }),
    z.maxLength(SALE_BATCH_MAX, { error: `No máximo ${SALE_BATCH_MAX} vendas por lote` }),
    z.refine((sales) => new Set(sales.map((s) => s.key)).size === sales.length, {
      error: 'Chave de idempotência repetida no lote',
    }),
  ),
});
export type SaleBatch = z.infer<typeof SaleBatchSchema>;

/** Each sale's answer, in order: exactly what POST /api/sales with its key answers. */
export const SaleBatchResultSchema = z.object({ key: z.string(), status: z.int(), body: z.unknown() });
export type SaleBatchResult = z.infer<typeof SaleBatchResultSchema>;
export const SaleBatchResponseSchema = envelope(z.object({ results: z.array(SaleBatchResultSchema) }));
