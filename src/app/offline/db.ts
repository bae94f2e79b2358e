// The device's IndexedDB (Dexie): the mirror of products and customers, the outbox of
// changes not yet acknowledged by the server, sales finished at this till, the overlay of
// account changes not yet synchronized, sync metadata, the persisted query cache and the
// till's contingency signing key. Every schema version stays listed here:
// Dexie upgrades a device from whatever version it has.
import type { KeptFiscalNoteReceipt } from '../../shared/contract/fiscal-notes';
import Dexie, { type Table } from 'dexie';
import type { z } from 'zod/mini';
import type { CustomerSchema, ProductSchema } from '../../shared/contract';
import { pricesInCentavos } from './mirror-prices';
import { notifyVersionChange } from './version-events';

/** The server's product with its prices in centavos (mirror-prices.ts), plus the change version. */
export type MirrorProduct = Omit<z.input<typeof ProductSchema>, 'sale_price' | 'cost_price'> & {
  /** centavos */
  sale_price: number;
  /** centavos; absent when the store hides cost prices from cashiers */
  cost_price?: number | undefined;
  version: number;
};
/** Server values exactly as the API sends them, plus the change version. */
export type MirrorCustomer = z.input<typeof CustomerSchema> & { version: number };

// prettier-ignore
export type OutboxKind = 'customer' | 'sale' | 'account' | 'caixa' | 'return' | 'store-credit-payout' | 'sale-cancel'
  | 'stock-count' | 'fiscal-note';
export type OutboxStatus = 'pending' | 'rejected';

export interface OutboxRejection {
  status: number;
  code: string | null;
  error: string;
}

export interface OutboxEntry {
  /** UUID; also the Idempotency-Key, so a retry names the same change. */
  id: string;
  /** Auto-increment: delivery order (FIFO). */
  seq?: number;
  kind: OutboxKind;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** JSON body exactly as it will be sent (reais at the edge). */
  body: unknown;
  status: OutboxStatus;
  /** Outbox ids that must be delivered first (a customer created offline before its sale). */
  dependsOn: string[];
  attempts: number;
  /** epoch ms before which no sender retries it (backoff) */
  nextAttemptAt: number;
  /** epoch ms until which one sender holds it (a second safety net besides Web Locks) */
  leaseUntil: number;
  createdAt: number;
  lastError: string | null;
  rejection: OutboxRejection | null;
  /** A line a person can read in the Sincronização panel. */
  summary: string;
  /**
   * What an account change changes ('payable:<id>', 'receivable:<id>', 'cash-entry:<id>'),
   * or the till session a caixa change belongs to ('caixa:<id>'):
   * later changes of the same resource wait for it, and its overlay rows follow it.
   */
  resource?: string;
  /**
   * The vale-troca this entry moves for a customer (centavos: + a return credits it, - a
   * sale uses it): the device's balance counts it while queued (src/app/counter/store-credit.ts).
   */
  storeCredit?: { customerId: string; delta: number };
  /**
   * The units a return puts back in stock (damaged ones stay out): the stock this device
   * shows counts them while queued (stock.ts), as it counts a queued sale's.
   */
  restock?: { productId: string; quantity: number }[];
}

/**
 * An account or cash entry as this device changed it and the server has not yet
 * confirmed (src/app/counter/account-changes.ts): the lists show `local` instead of the server's row
 * until a fetch newer than `syncedAt` brings the server's own.
 */
export interface OverlayRecord {
  /** `${kind}:${id}` */
  key: string;
  kind: 'payable' | 'receivable' | 'cash-entry';
  id: string;
  /** The outbox resource whose entries carry this change. */
  resource: string;
  /** The record as the server had it before the first queued change (null: created here). */
  server: unknown;
  /** The record after the queued changes (null: deleted here). App form: centavos. */
  local: unknown;
  updatedAt: number;
  /** When the server acknowledged the last queued change of the resource; null while queued. */
  syncedAt: number | null;
}

/** A sale finished at this till; kept after delivery so the cashier sees the day's sales. */
export interface LocalSale {
  id: string;
  /** 'A-0042' (offline/sale-numbers.ts); absent for a sale made before the till had a code. */
  number?: string;
  createdAt: number;
  /** The customer it was sold to (a return made on this device names it). */
  customerId?: string;
  /** 'pending' until the server acknowledged it, then 'synced'; 'rejected' mirrors the outbox. */
  state: 'pending' | 'synced' | 'rejected';
  customerName: string;
  totalCentavos: number;
  items: {
    product_id: string;
    product_name: string;
    /** The variant as sold (absent: none, or a sale kept before receipts named it). */
    product_size?: string;
    product_color?: string;
    quantity: number;
    unit_price_centavos: number;
    /** centavos off the line (absent: none) */
    discount_centavos?: number;
  }[];
  paymentMethod: string;
  /** Stock conflicts the server recorded when it accepted the sale. */
  conflicts: number;
  /** The till session (caixa) it was made in, and what it took in by method (centavos). */
  cashSessionId?: string;
  parts?: { method: string; amount: number }[];
  /** What the receipt prints beyond the above (absent on sales finished before receipts). */
  receipt?: LocalSaleReceipt;
}

/** A finished sale as its receipt and carnê print it, kept on the device (centavos). */
export interface LocalSaleReceipt {
  /** The sale number as the till showed it (absent: the till had no code yet; LocalSale.number wins). */
  number?: string;
  /** Who was signed in at the till. */
  cashierName: string | null;
  /** The till as named when the sale was made ('Caixa 1 (A)'; absent: not known yet). */
  till?: string | null;
  /** centavos of vale-troca the customer had left right after the sale (absent: it used none). */
  storeCreditLeft?: number | null;
  customerDocument: string | null;
  /** centavos off the whole sale, besides the lines' own discounts */
  discountCentavos: number;
  /** Each part it was paid in; `received` is what a cash part was handed (null: exact). */
  payments: { method: string; amount: number; received: number | null }[];
  /** The crediário plan: the entrada and each instalment with its due date. */
  crediario: {
    entrada: number;
    entradaMethod: string | null;
    installments: { dueDate: string; amount: number }[];
  } | null;
  /**
   * Its NFC-e as the server answered it, or as this till made it in contingency (the DANFE
   * prints it; absent: none, or not answered yet). One kept before emission_type existed has none.
   */
  fiscalNote?: KeptFiscalNoteReceipt;
  /** Why the store, emitting, made it no NFC-e, as the server answered (pt-BR; absent: it has one, emission off, or not answered yet). */
  fiscalUnissuedReason?: string;
}

/**
 * Mirrored products written in bulk by a first load, many per record (see product-store.ts).
 * Chunks written before schema v7 also carry an `ids` list, no longer read.
 */
export interface ProductChunk {
  key?: number;
  rows: MirrorProduct[];
}

/**
 * The store's signing key for the NFC-e offline contingency as this till keeps it
 * (counter/till-key.ts): a WebCrypto key the browser never gives out (extractable false,
 * RSASSA-PKCS1-v1_5 with SHA-1, for signing only), with its certificate. At most one row.
 * Neither the .pfx nor its password is ever kept.
 */
export interface TillKeyRecord {
  /** SHA-256 of the certificate's DER, upper-case hex (as the server's registry names it). */
  fingerprint: string;
  key: CryptoKey;
  /** The certificate, DER (what the signature's X509Certificate carries). */
  certificateDer: Uint8Array;
  serial: string;
  /** The certificate's CNPJ, bare. */
  cnpj: string;
  /** ISO 8601 */
  notBefore: string;
  /** ISO 8601 */
  notAfter: string;
  /** epoch ms on this device's clock when it was kept (an older answer from the server does not drop it). */
  storedAt: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export interface QueryCacheRow {
  key: string;
  value: unknown;
  updatedAt: number;
  /** The signed-in user whose screens cached it (another person's cache is never shown). */
  owner?: string;
}

export const DB_NAME = 'balcao';

/**
 * What each schema version changes in the stores, v1 first (Dexie keeps what a later
 * version does not name). Never edit a version a device may have: add one.
 */
const STORE_CHANGES: readonly Readonly<Record<string, string>>[] = [
  // v1
  {
    products: 'id, sku, version',
    customers: 'id, document, version',
    outbox: '++seq, &id, status, kind, createdAt',
    sales: 'id, createdAt, state',
    meta: 'key',
    queryCache: 'key',
  },
  // v2: the mirror tables keep only their primary key. Nothing queries sku, document or
  // version through IndexedDB (the till searches an in-memory index), and every
  // secondary index slows the first load of a large catalogue.
  { products: 'id', customers: 'id' },
  // v3: a first load writes products in chunks of many rows per record: Chromium spends
  // about 0.1 ms per record written, whatever its size, so one record per product made
  // a 50,000-product catalogue take seconds. Products written one at a time (deltas,
  // acknowledged sales) stay in `products`; a product is in exactly one of the two.
  { productChunks: '++key, *ids' },
  // v4: the outbox keeps only the indexes the sender and the panels query (seq, id,
  // status): every index is written again on each finished sale, lease and ack.
  { outbox: '++seq, &id, status' },
  // v5: account changes made offline. The outbox finds a resource's entries by index
  // (sales have no resource, so the index costs them nothing); the overlay holds the
  // changed records the finance screens show until the server's arrive.
  { outbox: '++seq, &id, status, resource', financeOverlay: 'key, resource' },
  // v6: no change of stores (its upgrade converts prices, below).
  {},
  // v7: no index of the chunks' product ids. Its entries (one per product) made writing
  // a first load several times slower; a product's chunk is found through a directory
  // kept in memory (chunk-directory.ts). Only the index goes: every table, the outbox
  // and the mirror included, keeps its rows, so an upgraded device still sells offline.
  { productChunks: '++key' },
  // v8: the till's contingency signing key (a CryptoKey, which IndexedDB keeps as it is).
  { tillKeys: 'fingerprint' },
];

/** The stores as schema `version` has them (what a device left on that version holds). */
export function storesAt(version: number): Record<string, string> {
  return Object.assign({}, ...STORE_CHANGES.slice(0, version)) as Record<string, string>;
}

export class BalcaoDb extends Dexie {
  products!: Table<MirrorProduct, string>;
  productChunks!: Table<ProductChunk, number>;
  customers!: Table<MirrorCustomer, string>;
  outbox!: Table<OutboxEntry, number>;
  sales!: Table<LocalSale, string>;
  meta!: Table<MetaRow, string>;
  queryCache!: Table<QueryCacheRow, string>;
  financeOverlay!: Table<OverlayRecord, string>;
  tillKeys!: Table<TillKeyRecord, string>;

  constructor(name = DB_NAME) {
    // 'strict': a finished sale is on disk before the till says so (Chromium's default,
    // 'relaxed', may lose the last writes in a power cut).
    super(name, { chromeTransactionDurability: 'strict' });
    for (const [version, stores] of STORE_CHANGES.entries()) this.version(version + 1).stores(stores);
    // v6: product prices in centavos, as sales and the overlay keep money (they were the
    // API's reais); the products already stored are converted, in the table and in chunks.
    this.version(6).upgrade(async (tx) => {
      await tx
        .table<MirrorProduct>('products')
        .toCollection()
        .modify((row, ref) => {
          ref.value = pricesInCentavos(row);
        });
      await tx
        .table<ProductChunk>('productChunks')
        .toCollection()
        .modify((chunk) => {
          chunk.rows = chunk.rows.map(pricesInCentavos);
        });
    });
    // Another tab opened a newer schema: close so its upgrade is not blocked; a banner
    // asks for a reload (version-events.ts).
    this.on('versionchange', () => {
      this.close();
      notifyVersionChange();
      return false;
    });
  }
}

let instance: BalcaoDb | null = null;
/** The app's one database handle (tests make their own with a unique name). */
export function getDb(): BalcaoDb {
  instance ??= new BalcaoDb();
  return instance;
}
