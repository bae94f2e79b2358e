// Spreadsheet imports (migration 0028): one row per file confirmed, with its counts and
// who confirmed it. The foreign key to tenants is in the migration.
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { IMPORT_KINDS } from '../../../shared/import/fields';
import { at, rowId, tenantKey } from './base';

export const imports = pgTable(
  'imports',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: rowId(),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    /** hex SHA-256 of the file's bytes: a file is imported once per kind */
    fileSha256: text('file_sha256').notNull(),
    /** products: whether the file's stock was set ('set', a count) or added ('add', an entry) */
    stockMode: text('stock_mode', { enum: ['set', 'add'] }),
    createdCount: integer('created_count').notNull(),
    updatedCount: integer('updated_count').notNull(),
    unchangedCount: integer('unchanged_count').notNull(),
    errorCount: integer('error_count').notNull(),
    /** open crediário: the centavos of the receivables it created */
    total: bigint('total', { mode: 'number' }),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey('imports', t),
    uniqueIndex('imports_file_key').on(t.tenantId, t.kind, t.fileSha256),
    index('imports_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

export type ImportRow = typeof imports.$inferSelect;
