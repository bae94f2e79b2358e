// The store's past imports: newest first, with what each did and who confirmed it.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Import, ImportKind, ImportList, ImportListQuery } from '../../shared/contract';
import type { DbOrTx } from '../db/client';
import { pageOf } from '../db/pages';
import { imports, users, type ImportRow } from '../db/schema';

function toImport(row: ImportRow, userName: string | null): Import {
  return {
    id: row.id,
    kind: row.kind,
    file_name: row.fileName,
    stock_mode: row.stockMode,
    counts: {
      created: row.createdCount,
      updated: row.updatedCount,
      unchanged: row.unchangedCount,
      errors: row.errorCount,
    },
    total: row.total,
    created_by: row.createdBy,
    created_by_name: userName,
    created_at: row.createdAt.toISOString(),
  };
}

const withUser = (db: DbOrTx) =>
  db
    .select({ row: imports, userName: users.name })
    .from(imports)
    .leftJoin(users, and(eq(users.tenantId, imports.tenantId), eq(users.id, imports.createdBy)));

export async function listImports(db: DbOrTx, tenantId: string, query: ImportListQuery): Promise<ImportList> {
  const filters: SQL[] = [eq(imports.tenantId, tenantId)];
  if (query.kind) filters.push(eq(imports.kind, query.kind));
  const where = and(...filters);
  const { rows, pagination } = await pageOf(
    withUser(db).where(where).orderBy(desc(imports.createdAt), desc(imports.id)).$dynamic(),
    db.select({ total: count() }).from(imports).where(where),
    query,
  );
  return { imports: rows.map((r) => toImport(r.row, r.userName)), pagination };
}

export async function importOf(db: DbOrTx, tenantId: string, id: string): Promise<Import> {
  const [found] = await withUser(db).where(and(eq(imports.tenantId, tenantId), eq(imports.id, id)));
  return toImport(found!.row, found!.userName);
}

/** The import of this very file (by its SHA-256), if the store confirmed it before. */
export async function importedBefore(
  db: DbOrTx,
  tenantId: string,
  kind: ImportKind,
  sha256: string,
): Promise<Import | null> {
  const [found] = await withUser(db).where(
    and(eq(imports.tenantId, tenantId), eq(imports.kind, kind), eq(imports.fileSha256, sha256)),
  );
  return found ? toImport(found.row, found.userName) : null;
}
