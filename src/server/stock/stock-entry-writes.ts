// The statements of a confirmed NF-e entry beyond the entry itself (stock-entries.ts owns
// the transaction): new products' SKUs checked, cost prices written, supplier codes linked,
// the products' fiscal data completed from the supplier's lines.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StockCostMethod } from '../../shared/contract';
import type { DbOrTx } from '../db/client';
import { products, supplierProductLinks, type ProductRow } from '../db/schema';
import { conflict } from '../errors';
import { costAfterEntry, type ProductCost } from './entry-units';
import type { EntryLine } from './nfe-entry-read';
import type { NfeLine } from './nfe-parse';

/** A new product's SKU already in use (among live products, or twice in the note) is refused, naming the item. */
export async function refuseTakenSkus(
  t: DbOrTx,
  tenantId: string,
  wanted: { item: number; sku: string }[],
): Promise<void> {
  if (wanted.length === 0) return;
  const seen = new Set<string>();
  for (const w of wanted) {
    const key = w.sku.toLowerCase();
    if (seen.has(key)) throw conflict(`Item ${w.item}: o SKU ${w.sku} se repete entre os produtos novos.`);
    seen.add(key);
  }
  const rows = await t
    .select({ sku: products.sku })
    .from(products)
    .where(
      and(eq(products.tenantId, tenantId), isNull(products.deletedAt), inArray(sql`lower(${products.sku})`, [...seen])),
    );
  const taken = new Set(rows.map((r) => r.sku.toLowerCase()));
  const first = wanted.find((w) => taken.has(w.sku.toLowerCase()));
  if (first) throw conflict(`Item ${first.item}: já existe um produto com o SKU ${first.sku}`);
}

/**
 * Each product's cost price and cost remainder after the entry (several lines may enter
 * one product), from the lines' acquisition costs.
 */
export async function writeCosts(
  t: DbOrTx,
  tenantId: string,
  planned: readonly { line: EntryLine; units: number }[],
  productIdOf: ReadonlyMap<number, string>,
  rows: ReadonlyMap<string, ProductRow>,
  method: StockCostMethod,
  now: Date,
): Promise<Map<string, ProductCost>> {
  const incoming = new Map<string, { units: number; total: number }>();
  for (const p of planned) {
    const id = productIdOf.get(p.line.item_number)!;
    const sum = incoming.get(id) ?? { units: 0, total: 0 };
    incoming.set(id, { units: sum.units + p.units, total: sum.total + p.line.cost.total });
  }
  const costs = new Map<string, ProductCost>();
  for (const [id, { units, total }] of incoming) {
    const row = rows.get(id)!;
    const before = { stock: row.currentStock, cost: row.costPrice, remainder: row.costRemainder };
    costs.set(id, costAfterEntry(method, before, units, total));
  }
  // Only the costs that change (a product created from its line already has its cost).
  const changed = [...costs].filter(([id, c]) => {
    const row = rows.get(id)!;
    return row.costPrice !== c.cost || row.costRemainder !== c.remainder;
  });
  if (changed.length === 0) return costs;
  const json = JSON.stringify(changed.map(([id, c]) => ({ id, cost: c.cost, remainder: c.remainder })));
  await t.execute(sql`UPDATE ${products} AS p SET cost_price = x.cost, cost_remainder = x.remainder, updated_at = ${now}
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, cost bigint, remainder bigint)
   WHERE p.tenant_id = ${tenantId} AND p.id = x.id`);
  return costs;
}

/** This supplier's codes now point at the products they entered, with their package. */
export async function rememberLinks(
  t: DbOrTx,
  tenantId: string,
  supplierDocument: string,
  planned: readonly { line: EntryLine }[],
  productIdOf: ReadonlyMap<number, string>,
  now: Date,
): Promise<void> {
  // One row per code: a code on several lines keeps its last line's choice.
  const byCode = new Map<string, { productId: string; unitsPerPackage: number }>();
  for (const p of planned) {
    byCode.set(p.line.supplier_code, {
      productId: productIdOf.get(p.line.item_number)!,
      unitsPerPackage: p.line.units_per_package,
    });
  }
  await t
    .insert(supplierProductLinks)
    .values(
      [...byCode].map(([supplierCode, l]) => ({ tenantId, supplierDocument, supplierCode, ...l, updatedAt: now })),
    )
    .onConflictDoUpdate({
      target: [supplierProductLinks.tenantId, supplierProductLinks.supplierDocument, supplierProductLinks.supplierCode],
      set: {
        productId: sql`excluded.product_id`,
        unitsPerPackage: sql`excluded.units_per_package`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The fiscal data a product created from a supplier's line starts with (an NCM that is not 8 digits is left out). */
export function fiscalFromLine(line: Pick<NfeLine, 'ncm' | 'cest' | 'origin'>) {
  return { ncm: /^\d{8}$/.test(line.ncm) ? line.ncm : null, cest: line.cest, origin: line.origin };
}

/**
 * The products the note's lines went into take the supplier's NCM, CEST and origem where
 * they have none: what the store typed is never replaced. One statement; a product written
 * gets a new sync version (its trigger), so the tills see it.
 */
export async function completeFiscalData(
  t: DbOrTx,
  tenantId: string,
  items: readonly { id: string; line: Pick<NfeLine, 'ncm' | 'cest' | 'origin'> }[],
): Promise<void> {
  const rows = items.map((i) => ({ id: i.id, ...fiscalFromLine(i.line) }));
  if (rows.length === 0) return;
  await t.execute(sql`UPDATE ${products} AS p
      SET ncm = coalesce(p.ncm, x.ncm), cest = coalesce(p.cest, x.cest), origin = coalesce(p.origin, x.origin)
     FROM (SELECT DISTINCT ON (id) * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             AS r(id uuid, ncm text, cest text, origin smallint)) AS x
    WHERE p.tenant_id = ${tenantId} AND p.id = x.id AND p.deleted_at IS NULL
      AND ((p.ncm IS NULL AND x.ncm IS NOT NULL) OR (p.cest IS NULL AND x.cest IS NOT NULL)
           OR (p.origin IS NULL AND x.origin IS NOT NULL))`);
}
