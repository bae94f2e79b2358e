// In-memory search over the mirror for the till. Every searchable row has a key
// (lowercase, accents folded); the keys, ordered by name, are joined into one string so
// a search is a handful of native indexOf calls that stop at `limit` hits: a few
// milliseconds on 50,000 products, with no network. On a large catalogue most of a search
// that finds little (a typo, a code no product has) was reading the whole string, so the
// entries go in blocks, each with the set of its keys' trigrams (hashed into a bitmap): a
// search of three characters or more reads only the blocks that have all of its trigrams.
// The index holds ids only; the
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
  /** each block's trigram bitmap (BLOCK_WORDS words a block of BLOCK_ENTRIES entries) */
  blocks: Uint32Array;
}

/** Entries in a block of the trigram filter. */
const BLOCK_ENTRIES = 128;
/** Bits in a block's trigram bitmap (a hash collision only costs reading that block). */
const BLOCK_BITS = 4096;
const BLOCK_WORDS = BLOCK_BITS / 32;

/** A trigram's bit: 12 bits of a multiplicative hash of its three UTF-16 code units. */
function trigramBit(a: number, b: number, c: number): number {
  return Math.imul(Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d), 0x27d4eb2f) >>> 20;
}

/** The trigram bitmap of each block of entries, read off the joined keys. */
function blockTrigrams(text: string, starts: Int32Array, size: number): Uint32Array {
  const count = Math.ceil(size / BLOCK_ENTRIES);
  const blocks = new Uint32Array(count * BLOCK_WORDS);
  for (let b = 0; b < count; b++) {
    const base = b * BLOCK_WORDS;
    const end = starts[Math.min((b + 1) * BLOCK_ENTRIES, size)]!;
    let c0 = -1;
    let c1 = -1;
    for (let p = starts[b * BLOCK_ENTRIES]!; p < end; p++) {
      const c2 = text.charCodeAt(p);
      if (c0 >= 0) {
        const bit = trigramBit(c0, c1, c2);
        blocks[base + (bit >>> 5)]! |= 1 << (bit & 31);
      }
      c0 = c1;
      c1 = c2;
    }
  }
  return blocks;
}

/** The needle's trigram bits, or null when it is too short to have one. */
function trigramsOf(needle: string): number[] | null {
  if (needle.length < 3) return null;
  const bits: number[] = [];
  for (let p = 2; p < needle.length; p++) {
    bits.push(trigramBit(needle.charCodeAt(p - 2), needle.charCodeAt(p - 1), needle.charCodeAt(p)));
  }
  return bits;
}

function blockHasAll(blocks: Uint32Array, block: number, bits: readonly number[]): boolean {
  const base = block * BLOCK_WORDS;
  for (const bit of bits) if ((blocks[base + (bit >>> 5)]! & (1 << (bit & 31))) === 0) return false;
  return true;
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
  const text = parts.join(SEPARATOR) + (entries.length ? SEPARATOR : '');
  return {
    size: entries.length,
    text,
    starts,
    ids: entries.map((e) => e.id),
    keyById,
    exact,
    blocks: blockTrigrams(text, starts, entries.length),
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

/** Building and updating the index of one kind of row: its key and its exact codes. */
function indexing<T extends { id: string }>(keyOf: KeyOf<T>, exactOf: ((row: T) => readonly string[]) | null) {
  return {
    build: (rows: Iterable<T>): SearchIndex => build(rows, keyOf, exactOf),
    update: (previous: SearchIndex | null, rows: ReadonlyMap<string, T>, change: MirrorChange): SearchIndex =>
      update(previous, rows, change, keyOf, exactOf),
  };
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

/** Adds to `found` the entries in text [from, to) whose key contains the needle, until `limit`. */
function scanRange(
  index: SearchIndex,
  needle: string,
  range: [number, number],
  found: string[],
  limit: number,
  skip: string | null,
) {
  const [from, to] = range;
  // A slice of the joined keys is a view on it (no copy): indexOf stops at its end.
  const text = from === 0 && to === index.text.length ? index.text : index.text.slice(from, to);
  let at = 0;
  while (found.length < limit) {
    const hit = text.indexOf(needle, at);
    if (hit < 0) break;
    const i = entryAt(index, from + hit);
    const id = index.ids[i]!;
    if (id !== skip) found.push(id);
    at = index.starts[i + 1]! - from;
  }
}

/** Ids of entries whose key contains the folded needle, in key order, at most `limit`. */
function scan(index: SearchIndex, needle: string, limit: number, skip: string | null): string[] {
  const found: string[] = [];
  const bits = trigramsOf(needle);
  if (!bits) {
    scanRange(index, needle, [0, index.text.length], found, limit, skip);
    return found;
  }
  const count = Math.ceil(index.size / BLOCK_ENTRIES);
  for (let b = 0; b < count && found.length < limit; b++) {
    if (!blockHasAll(index.blocks, b, bits)) continue;
    const range: [number, number] = [
      index.starts[b * BLOCK_ENTRIES]!,
      index.starts[Math.min((b + 1) * BLOCK_ENTRIES, index.size)]!,
    ];
    scanRange(index, needle, range, found, limit, skip);
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

const products = indexing(productKey, productCodes);
export const buildProductIndex = products.build;
export const updateProductIndex = products.update;

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

const customers = indexing(customerKey, null);
export const buildCustomerIndex = customers.build;
export const updateCustomerIndex = customers.update;

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
