// The device database as older versions of the app left it, for the upgrade tests: each
// opens one of these with plain Dexie, writes rows the old way, then opens today's BalcaoDb.

/** The stores of schema v1, the first one. */
export const SCHEMA_V1_STORES = {
  products: 'id, sku, version',
  customers: 'id, document, version',
  outbox: '++seq, &id, status, kind, createdAt',
  sales: 'id, createdAt, state',
  meta: 'key',
  queryCache: 'key',
};

/** The stores of schema v5; v6 kept them (it only converted prices), v7 drops the chunks' id index. */
export const SCHEMA_V5_STORES = {
  products: 'id',
  customers: 'id',
  productChunks: '++key, *ids',
  outbox: '++seq, &id, status, resource',
  sales: 'id, createdAt, state',
  meta: 'key',
  queryCache: 'key',
  financeOverlay: 'key, resource',
};
