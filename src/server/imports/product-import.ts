// Products from a spreadsheet. A row finds its product by Código (SKU, any case); a row
// without Código, by its barcode (as GTIN-14); found, it updates what the row fills and differs (an empty cell
// changes nothing), and a row identical to the product is neither written nor counted;
// not found, it creates one (a row without Código takes its barcode as the Código). The
// stock column is a count ('set': the product's stock becomes it) or an entry ('add': it
// is added), and every change of stock, a new product's first one too, is a movement of
// kind 'import' written by the stock module (ledgers/stock.ts), with who and the file's name.
import { and, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ImportRowError } from '../../shared/contract';
import { gtin14 } from '../../shared/gtin';
import { PRODUCT_FIELDS, type Mapping, type ProductFieldKey } from '../../shared/import/fields';
import type { DbOrTx } from '../db/client';
import { products, type ProductRow } from '../db/schema';
import { writeOpeningStock, writeStock, type StockWrite } from '../ledgers/stock';
import type { ImportJob, ImportSpec, Judged } from './import-spec';
import type { SheetRow } from './limits';
import { readRow, rowError } from './row-values';
import { FISCAL_DEFAULTS } from '../../shared/contract/product-fiscal';
import { fieldsOf, READERS, sameFields, type ProductFields, type ProductValues } from './product-import-fields';

export type ProductPlan =
  | { action: 'create'; fields: ProductFields; stock: number }
  | { action: 'update'; id: string; fields: ProductFields | null; from: number; to: number };

/** Codes seen in the file so far: a repeat names the line that had it first. */
interface Seen {
  skus: Map<string, number>;
  gtins: Map<string, number>;
}

const label = (key: ProductFieldKey) => PRODUCT_FIELDS.find((f) => f.key === key)!.label;

/** The live products any of the batch's codes name (row-locked, in id order, when confirming). */
async function productsNamed(t: DbOrTx, job: ImportJob, skus: string[], gtins: string[]): Promise<ProductRow[]> {
  if (skus.length === 0 && gtins.length === 0) return [];
  const query = t
    .select()
    .from(products)
    .where(
      and(
        sql`${products.tenantId} = ${job.tenantId}`,
        isNull(products.deletedAt),
        or(
          skus.length ? inArray(sql`lower(${products.sku})`, skus) : undefined,
          gtins.length ? inArray(sql`lpad(${products.barcode}, 14, '0')`, gtins) : undefined,
        ),
      ),
    )
    .orderBy(products.id);
  return job.confirming ? query.for('no key update') : query;
}

type Values = { [K in ProductFieldKey]: ProductValues[K] | null };

function judgeRow(
  line: number,
  v: Values,
  job: ImportJob,
  seen: Seen,
  bySku: Map<string, ProductRow>,
  byGtin: Map<string, ProductRow>,
): Judged<ProductPlan> {
  const errors: ImportRowError[] = [];
  const refuse = (message: string, field: ProductFieldKey | null = null) =>
    errors.push(rowError(line, message, field && label(field)));
  const sku = v.sku ?? v.barcode;
  if (sku === null) refuse('informe o Código ou o Código de barras');
  const skuKey = sku?.toLowerCase() ?? null;
  const gtinKey = v.barcode === null ? null : gtin14(v.barcode);
  const firstSku = skuKey === null ? undefined : seen.skus.get(skuKey);
  const firstGtin = gtinKey === null ? undefined : seen.gtins.get(gtinKey);
  if (firstSku !== undefined) refuse(`"${sku}" repete o código da linha ${firstSku}`, 'sku');
  if (firstGtin !== undefined) refuse(`"${v.barcode}" repete o código de barras da linha ${firstGtin}`, 'barcode');
  if (skuKey !== null && firstSku === undefined) seen.skus.set(skuKey, line);
  if (gtinKey !== null && firstGtin === undefined) seen.gtins.set(gtinKey, line);
  if (errors.length > 0) return { line, verdict: 'error', errors };

  // A row with a Código is that product or a new one; only a row without one goes by its barcode.
  const match = v.sku !== null ? bySku.get(skuKey!) : gtinKey ? byGtin.get(gtinKey) : undefined;
  const holder = gtinKey ? byGtin.get(gtinKey) : undefined;
  if (holder && holder.id !== match?.id) {
    refuse(`"${v.barcode}" já é o código de barras de ${holder.name} (código ${holder.sku})`, 'barcode');
  }
  const skuHolder = bySku.get(skuKey!);
  if (skuHolder && skuHolder.id !== match?.id) refuse(`"${sku}" já é o código de ${skuHolder.name}`, 'sku');
  if (!match && v.name === null) refuse('obrigatório para um produto novo', 'name');
  if (errors.length > 0) return { line, verdict: 'error', errors };

  if (!match) {
    const fields: ProductFields = {
      sku: sku!,
      barcode: v.barcode,
      name: v.name!,
      size: v.size ?? '',
      color: v.color ?? '',
      salePrice: v.sale_price ?? 0,
      costPrice: v.cost_price ?? 0,
      minimumStock: v.minimum_stock ?? 0,
      active: v.active ?? true,
      ncm: v.ncm,
      cest: v.cest,
      cfop: v.cfop,
      csosn: v.csosn,
      origin: v.origin,
      unit: v.unit ?? FISCAL_DEFAULTS.unit,
    };
    return { line, verdict: 'create', errors, plan: { action: 'create', fields, stock: v.stock ?? 0 } };
  }
  const now = fieldsOf(match);
  const fields: ProductFields = {
    // A Código that differs only in case is the same Código.
    sku: v.sku !== null && v.sku.toLowerCase() !== now.sku.toLowerCase() ? v.sku : now.sku,
    barcode: v.barcode ?? now.barcode,
    name: v.name ?? now.name,
    size: v.size ?? now.size,
    color: v.color ?? now.color,
    salePrice: v.sale_price ?? now.salePrice,
    costPrice: v.cost_price ?? now.costPrice,
    minimumStock: v.minimum_stock ?? now.minimumStock,
    active: v.active ?? now.active,
    ncm: v.ncm ?? now.ncm,
    cest: v.cest ?? now.cest,
    cfop: v.cfop ?? now.cfop,
    csosn: v.csosn ?? now.csosn,
    origin: v.origin ?? now.origin,
    unit: v.unit ?? now.unit,
  };
  const from = match.currentStock;
  const to = job.stockMode === 'set' ? (v.stock ?? from) : from + (v.stock ?? 0);
  const changed = !sameFields(fields, now);
  if (!changed && to === from) return { line, verdict: 'unchanged', errors };
  const plan: ProductPlan = { action: 'update', id: match.id, fields: changed ? fields : null, from, to };
  return { line, verdict: 'update', errors, plan };
}

async function judge(t: DbOrTx, job: ImportJob, seen: Seen, rows: readonly SheetRow[]) {
  const mapping = job.mapping as Mapping<ProductFieldKey>;
  const read = rows.map((row) => ({
    row,
    ...readRow<ProductFieldKey, ProductValues>(row, PRODUCT_FIELDS, mapping, READERS),
  }));
  const skus = new Set<string>();
  const gtins = new Set<string>();
  for (const { values } of read) {
    const sku = values.sku ?? values.barcode;
    if (sku) skus.add(sku.toLowerCase());
    if (values.barcode) gtins.add(gtin14(values.barcode));
  }
  const found = await productsNamed(t, job, [...skus], [...gtins]);
  const bySku = new Map(found.map((p) => [p.sku.toLowerCase(), p]));
  const byGtin = new Map(found.filter((p) => p.barcode).map((p) => [gtin14(p.barcode!), p]));
  return read.map(({ row, values, errors }): Judged<ProductPlan> => {
    if (errors.length > 0) {
      const sku = values.sku?.toLowerCase();
      if (sku && !seen.skus.has(sku)) seen.skus.set(sku, row.line);
      return { line: row.line, verdict: 'error', errors };
    }
    return judgeRow(row.line, values, job, seen, bySku, byGtin);
  });
}

/** The batch's new products, their changed fields and every change of stock, in three statements. */
async function write(t: DbOrTx, job: ImportJob, _state: unknown, rows: readonly Judged<ProductPlan>[]): Promise<void> {
  const plans = rows.map((r) => r.plan!);
  const creates = plans.filter((p) => p.action === 'create');
  const updates = plans.filter((p) => p.action === 'update');
  const stock: StockWrite[] = [];
  const movement = { kind: 'import' as const, reason: job.fileName, userId: job.userId };
  if (creates.length > 0) {
    // The checks each new row sets off (the price history's key to its product) were planned
    // for the table as it was: a catalogue growing from empty to thousands of rows in one
    // transaction is read row by row unless its statistics follow (each time it doubles).
    if (((job.batch + 1) & job.batch) === 0) await t.execute(sql`ANALYZE ${products}`);
    // A new product is written with its stock (one write of each row, not two), and its
    // first movement beside it.
    const made = await t
      .insert(products)
      .values(creates.map((c) => ({ tenantId: job.tenantId, ...c.fields, currentStock: c.stock })))
      .returning({ id: products.id });
    const opened = creates.map((c, i) => ({ productId: made[i]!.id, stock: c.stock }));
    await writeOpeningStock(t, job.tenantId, opened, movement, job.now);
  }
  const changed = updates.filter((u) => u.fields !== null);
  if (changed.length > 0) {
    const json = JSON.stringify(
      changed.map(({ id, fields: f }) => ({
        id,
        sku: f!.sku,
        barcode: f!.barcode,
        name: f!.name,
        size: f!.size,
        color: f!.color,
        sale_price: f!.salePrice,
        cost_price: f!.costPrice,
        minimum_stock: f!.minimumStock,
        active: f!.active,
        ncm: f!.ncm,
        cest: f!.cest,
        cfop: f!.cfop,
        csosn: f!.csosn,
        origin: f!.origin,
        unit: f!.unit,
      })),
    );
    await t.execute(sql`UPDATE ${products} AS p
        SET sku = x.sku, barcode = x.barcode, name = x.name, size = x.size, color = x.color,
            sale_price = x.sale_price, cost_price = x.cost_price, minimum_stock = x.minimum_stock,
            active = x.active, ncm = x.ncm, cest = x.cest, cfop = x.cfop, csosn = x.csosn, origin = x.origin,
            unit = x.unit, updated_at = ${job.now}
       FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, sku text, barcode text, name text, size text,
            color text, sale_price bigint, cost_price bigint, minimum_stock integer, active boolean,
            ncm text, cest text, cfop text, csosn text, origin smallint, unit text)
      WHERE p.tenant_id = ${job.tenantId} AND p.id = x.id`);
  }
  for (const u of updates) {
    if (u.to !== u.from) stock.push({ productId: u.id, from: u.from, to: u.to, version: null, movement });
  }
  await writeStock(t, job.tenantId, stock, job.now);
}

export const productImport: ImportSpec<ProductPlan, Seen> = {
  kind: 'products',
  fields: PRODUCT_FIELDS,
  hasStock: true,
  mappingProblem: (mapping) =>
    mapping.sku === null && mapping.barcode === null
      ? 'Escolha a coluna do Código ou a do Código de barras: é por elas que cada linha acha o seu produto.'
      : null,
  start: () => ({ skus: new Map(), gtins: new Map() }),
  judge,
  write,
};
