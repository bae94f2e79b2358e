// Delta sync of the offline mirror. The cursor is text the server hands back and the
// client only stores and sends again (what it holds: server/catalogue/sync.ts); a plain
// number is the change version an older app kept, still understood.
import { z } from 'zod/mini';
import { Id, QueryInt, envelope, optionalFilter } from './common';
import { CustomerSchema } from './customers';
import { ProductSchema } from './products';

export const SYNC_PULL_MAX_LIMIT = 5000;
/** A snapshot lists the transactions in progress: at most one per database connection. */
export const SYNC_CURSOR_MAX_LENGTH = 4096;
const SNAPSHOT = String.raw`\d{1,19}-\d{1,19}-(?:\d{1,19}(?:_\d{1,19})*)?`;
/**
 * 'xmin-xmax-xip_xip.after.xmin-xmax-xip' (either snapshot may be empty), in the middle of
 * a pass followed by '.remaining' (what the pass still had to send), or a legacy version.
 */
export const SYNC_CURSOR_PATTERN = new RegExp(
  String.raw`^(?:\d{1,16}|(?:${SNAPSHOT})?\.\d{1,16}\.(?:${SNAPSHOT})?(?:\.\d{1,16})?)$`,
);
const INVALID_CURSOR = 'Cursor de sincronização inválido';

export const SyncCursor = z
  .string()
  .check(
    z.maxLength(SYNC_CURSOR_MAX_LENGTH, { error: INVALID_CURSOR }),
    z.regex(SYNC_CURSOR_PATTERN, { error: INVALID_CURSOR }),
  );

export const SyncPullQuerySchema = z.object({
  /** The cursor of the last page received; absent means from the start. */
  since: optionalFilter(SyncCursor),
  limit: optionalFilter(QueryInt(1, SYNC_PULL_MAX_LIMIT)),
});
export type SyncPullQuery = z.infer<typeof SyncPullQuerySchema>;

export const TombstoneSchema = z.object({ entity: z.enum(['product', 'customer']), id: Id, version: z.int() });

export const SyncPullSchema = z.object({
  products: z.array(z.extend(ProductSchema, { version: z.int() })),
  customers: z.array(z.extend(CustomerSchema, { version: z.int() })),
  tombstones: z.array(TombstoneSchema),
  /** Pass as `since` for the next page. */
  cursor: z.string(),
  hasMore: z.boolean(),
  /** Changes still after `cursor` when this page was read (for progress). */
  remaining: z.int(),
  /**
   * The cursor sent came from a database this one does not continue (restored from a
   * backup, or replaced): empty the mirror before applying this page, which starts over.
   */
  reset: z.boolean(),
});
export type SyncPull = z.infer<typeof SyncPullSchema>;
export const SyncPullResponseSchema = envelope(SyncPullSchema);
