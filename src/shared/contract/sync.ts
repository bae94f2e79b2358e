// Delta sync of the offline mirror: a per-tenant change version issued by the server.
import { z } from 'zod';
import { Id, QueryInt, envelope, optionalFilter } from './common';
import { CustomerSchema } from './customers';
import { ProductSchema } from './products';

export const SYNC_PULL_MAX_LIMIT = 5000;

export const SyncPullQuerySchema = z.object({
  /** Change version already held; 0 or absent means from the start. */
  since: optionalFilter(QueryInt(0, Number.MAX_SAFE_INTEGER)),
  limit: optionalFilter(QueryInt(1, SYNC_PULL_MAX_LIMIT)),
});
export type SyncPullQuery = z.infer<typeof SyncPullQuerySchema>;

export const TombstoneSchema = z.object({ entity: z.enum(['product', 'customer']), id: Id, version: z.int() });

export const SyncPullSchema = z.object({
  products: z.array(ProductSchema.extend({ version: z.int() })),
  customers: z.array(CustomerSchema.extend({ version: z.int() })),
  tombstones: z.array(TombstoneSchema),
  /** Pass as `since` for the next page. */
  cursor: z.int(),
  hasMore: z.boolean(),
  /** Changes still after `cursor` when this page was read (for progress). */
  remaining: z.int(),
});
export type SyncPull = z.infer<typeof SyncPullSchema>;
export const SyncPullResponseSchema = envelope(SyncPullSchema);
