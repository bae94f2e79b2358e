// The import suites' pieces: the app on a fresh database with the demo store signed in,
// and the calls that send a spreadsheet (the raw body) to preview or confirm.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { ImportKind } from '../../shared/contract';
import { products, stockMovements } from '../db/schema';
import { NO_STORE, openTestStore, request } from '../test/helpers';
import { makeProduct } from '../test/sales-fixtures';
import type { TestDbKind } from '../test/testDb';

export interface Sent {
  file_name?: string;
  mapping?: Record<string, number | null>;
  stock_mode?: 'set' | 'add';
}

export function importsSuite(kind: TestDbKind) {
  const s = { ...NO_STORE };
  beforeAll(async () => {
    Object.assign(s, await openTestStore(kind));
  });
  afterAll(() => s.ctx?.close());

  const url = (path: string, sent: Sent) => {
    const query = new URLSearchParams();
    if (sent.file_name) query.set('file_name', sent.file_name);
    if (sent.mapping) query.set('mapping', JSON.stringify(sent.mapping));
    if (sent.stock_mode) query.set('stock_mode', sent.stock_mode);
    return `/api/imports/${path}?${query}`;
  };
  const send = (path: string, bytes: Buffer, sent: Sent, token: string, headers: Record<string, string> = {}) =>
    request(s.ctx.app, 'POST', url(path, sent), {
      token,
      body: bytes,
      headers: { 'content-type': 'application/octet-stream', ...headers },
    });
  const preview = (kind: ImportKind, bytes: Buffer, sent: Sent = {}, token = s.admin) =>
    send(`${kind}/preview`, bytes, sent, token);
  let keys = 0;
  const confirm = (
    kind: ImportKind,
    bytes: Buffer,
    sent: Sent = {},
    key = `import-${++keys}-${Date.now()}`,
    token = s.admin,
  ) => send(kind, bytes, sent, token, { 'Idempotency-Key': key });

  const productBySku = async (sku: string) =>
    (
      await s.ctx.db
        .select()
        .from(products)
        .where(and(eq(products.tenantId, s.tenantId), eq(products.sku, sku)))
    )[0];
  const movementsOf = (productId: string) =>
    s.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.tenantId, s.tenantId), eq(stockMovements.productId, productId)))
      .orderBy(stockMovements.seq);
  /** A product of the demo store with this Código (and barcode), made as Novo Produto makes it. */
  const productCoded = async (
    sku: string,
    options: Parameters<typeof makeProduct>[2],
    barcode: string | null = null,
  ) => {
    const made = await makeProduct(s.ctx.db, s.tenantId, options);
    await s.ctx.db
      .update(products)
      .set({ sku, barcode })
      .where(and(eq(products.tenantId, s.tenantId), eq(products.id, made.id)));
    return made;
  };
  return { s, preview, confirm, productBySku, movementsOf, productCoded };
}
