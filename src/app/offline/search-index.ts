// In-memory search over the mirror for the till. Every searchable row has a key
// (lowercase, accents folded); the keys, ordered by name, are joined into one string so
// a search is a handful of native indexOf calls that stop at `limit` hits: a few
// milliseconds on 50,000 products, with no network. The index holds ids only; the
// rows (with their current stock) are looked up when shown, so a stock change does not
// rebuild it. It is rebuilt only when a key changes, a row appears or goes away.
import { stripDocument } from '../../shared/documents';
import { gtin14 } from '../../shared/gtin';
import { foldText as foldSearchText } from '../../shared/text';
import type { MirrorCustomer, MirrorProduct } from './db';

/** What changed in a mirror table since the index was built (mirror-cache.ts). */
export interface MirrorChange {
  /** everything may have changed (first read, a clear, a range write) */
  full: boolean;
  /** ids written or deleted */
  ids: ReadonlySet<string>;
}

export const SEARCH_RESULT_LIMIT = 20;
const SEPARATOR = '\n';

/** 'Café Açúcar' => 'cafe acucar': the app's one search folding, without the keys' separator. */
export function foldText(text: string): string {
  return foldSearchText(text).replaceAll(SEPARATOR, ' ');
}

export interface SearchIndex {
  size: number;
  /** every key, ordered, each followed by SEPARATOR */
  text: string;
  /** where each entry starts in `text` (one more: the end) */
  starts: Int32Array;
  ids: string[];
  keyById: Map<string, string>;
  /** exact lookups: a product's folded SKU, and '#' + gtin14 of its barcode => id */
  exact: Map<string, string>;
}

type KeyOf<T> = (row: T) => string | null;

function build<T extends { id: string }>(
  rows: Iterable<T>,
  keyOf: KeyOf<T>,
  exactOf: ((row: T) => readonly string[]) | null,
): SearchIndex {
  const entries: { id: string; key: string }[] = [];
  const keyById = new Map<string, string>();
  const exact = new Map<string, string>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    entries.push({ id: row.id, key });
    keyById.set(row.id, key);
    for (const code of exactOf?.(row) ?? []) if (code) exact.set(code, row.id);
  }
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const starts = new Int32Array(entries.length + 1);
  const parts: string[] = [];
  let offset = 0;
  entries.forEach((entry, i) => {
    starts[i] = offset;
    parts.push(entry.key);
    offset += entry.key.length + SEPARATOR.length;
  });
  starts[entries.length] = offset;
  return {
    size: entries.length,
    text: parts.join(SEPARATOR) + (entries.length ? SEPARATOR : ''),
    starts,
    ids: entries.map((e) => e.id),
    keyById,
    exact,
  };
}

/** The index after a change: the same object when no key changed (stock, price...). */
function update<T extends { id: string }>(
  previous: SearchIndex | null,
  rows: ReadonlyMap<string, T>,
  change: MirrorChange,
  keyOf: KeyOf<T>,
  exactOf: ((row: T) => readonly string[]) | null,
): SearchIndex {
  if (previous && !change.full) {
    let same = true;
    for (const id of change.ids) {
      const row = rows.get(id);
      if ((row ? keyOf(row) : null) !== (previous.keyById.get(id) ?? null)) {
        same = false;
        break;
      }
    }
    if (same) return previous;
  }
  return build(rows.values(), keyOf, exactOf);
}

/** The entry that contains position `at` of the text. */
function entryAt(index: SearchIndex, at: number): number {
  let lo = 0;
  let hi = index.size - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (index.starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Ids of entries whose key contains the folded needle, in key order, at most `limit`. */
function scan(index: SearchIndex, needle: string, limit: number, skip: string | null): string[] {
  const found: string[] = [];
  let from = 0;
  while (found.length < limit) {
    const at = index.text.indexOf(needle, from);
    if (at < 0) break;
    const i = entryAt(index, at);
    const id = index.ids[i]!;
    if (id !== skip) found.push(id);
    from = index.starts[i + 1]!;
  }
  return found;
}

// Products: name, SKU and barcode; inactive products are not sold. The exact lookups hold
// each folded SKU and each barcode as its gtin14 after '#' (a UPC-A and the EAN-13 a
// scanner reads for it are one code; no folded SKU starts with '#' and 14 digits after it).
const productKey: KeyOf<MirrorProduct> = (p) =>
  p.active === false ? null : `${foldText(p.name)} ${foldText(p.sku)}${p.barcode ? ` ${p.barcode}` : ''}`;
const barcodeKey = (code: string) => `#${gtin14(code)}`;
const productCodes = (p: MirrorProduct): string[] => {
  const sku = foldText(p.sku.trim());
  return p.barcode ? [sku, barcodeKey(p.barcode)] : [sku];
};

export function buildProductIndex(rows: Iterable<MirrorProduct>): SearchIndex {
  return build(rows, productKey, productCodes);
}

export function updateProductIndex(
  previous: SearchIndex | null,
  rows: ReadonlyMap<string, MirrorProduct>,
  change: MirrorChange,
): SearchIndex {
  return update(previous, rows, change, productKey, productCodes);
}

/**
 * The active product whose barcode (any GTIN length, as gtin14) or else whose exact SKU
 * is `code`: what a scan adds. Null when none is.
 */
export function findProductByCode(index: SearchIndex, code: string): string | null {
  const text = code.trim();
  if (!text) return null;
  const digits = text.replace(/[\s.-]/g, '');
  const byBarcode = /^\d{1,14}$/.test(digits) ? index.exact.get(barcodeKey(digits)) : undefined;
  const id = byBarcode ?? index.exact.get(foldText(text));
  return id !== undefined && index.keyById.has(id) ? id : null;
}

/** Name, SKU or barcode contains the text; an exact barcode or SKU (a scanned code) comes first. */
export function searchProductIds(index: SearchIndex, query: string, limit = SEARCH_RESULT_LIMIT): string[] {
  const needle = foldText(query.trim());
  if (!needle) return [];
  const exactActive = findProductByCode(index, query);
  const rest = scan(index, needle, exactActive ? limit - 1 : limit, exactActive);
  return exactActive ? [exactActive, ...rest] : rest;
}

// Customers: name, then the bare document after a tab (digits never match a name's letters
// by accident: a document is only searched when the text has digits).
const customerKey: KeyOf<MirrorCustomer> = (c) =>
  c.active === false ? null : `${foldText(c.name)}\t${c.document ? stripDocument(c.document).toLowerCase() : ''}`;

export function buildCustomerIndex(rows: Iterable<MirrorCustomer>): SearchIndex {
  return build(rows, customerKey, null);
}

export function updateCustomerIndex(
  previous: SearchIndex | null,
  rows: ReadonlyMap<string, MirrorCustomer>,
  change: MirrorChange,
): SearchIndex {
  return update(previous, rows, change, customerKey, null);
}

/** Name contains the text, or (when it has digits) the CPF/CNPJ does, punctuation ignored. */
export function searchCustomerIds(index: SearchIndex, query: string, limit = SEARCH_RESULT_LIMIT): string[] {
  const needle = foldText(query.trim());
  if (!needle) return [];
  const byName = scan(index, needle, limit, null);
  const bare = /\d/.test(needle) ? stripDocument(needle).toLowerCase() : '';
  if (!bare || bare === needle) return byName;
  const seen = new Set(byName);
  for (const id of scan(index, bare, limit, null)) {
    if (byName.length >= limit) break;
    if (!seen.has(id)) byName.push(id);
  }
  return byName;
}
