// Confirming a supplier's NF-e, in ONE transaction (all or nothing): the entry and its
// lines, the products created from lines, every line's units into stock (the one stock
// writer: ledgers/stock.ts), each product's cost price (last cost or weighted average, the
// store's setting, from the lines' acquisition costs), what each supplier code was linked
// to (and its package) for the next note, and the bills to pay (nfe-payables.ts). The note
// is read again from its XML: quantities, costs and bills come from the document; the
// admin's choices only say which product each line is and, for a note without
// duplicatas, whether it is paid or when it is due.
import { count, desc, eq } from 'drizzle-orm';
import {
  paginationOf,
  type StockEntry,
  type StockEntryCreate,
  type StockEntryLineChoice,
  type StockEntryListQuery,
  type StockEntryResult,
} from '../../shared/contract';
import { inTransaction, type DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { products, stockEntries, stockEntryLines, type StockEntryRow } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { lockProducts, stockWritesOf, writeStock } from '../ledgers/stock';
import { priceWithMarkup } from './entry-units';
import { completeFiscalData, fiscalFromLine, refuseTakenSkus, rememberLinks, writeCosts } from './stock-entry-writes';
import { enteredError, readEntry, type EntryLine } from './nfe-entry-read';
import { payablesToWrite, writeEntryPayables } from './nfe-payables';
import { entryProductOf } from './nfe-preview';

export function toStockEntry(row: StockEntryRow): StockEntry {
  return {
    id: row.id,
    access_key: row.accessKey,
    number: row.number,
    series: row.series,
    issued_at: row.issuedAt.toISOString(),
    supplier_document: row.supplierDocument,
    supplier_name: row.supplierName,
    total: row.total,
    line_count: row.lineCount,
    created_at: row.createdAt.toISOString(),
  };
}

const itemError = (item: number, message: string) =>
  badRequest(`Item ${item}: ${message}`, [{ path: `lines.${item}`, message }]);

/** Each line with the admin's choice for it; every line needs one, and each choice a line. */
function choicesFor(lines: readonly EntryLine[], choices: readonly StockEntryLineChoice[]) {
  const byItem = new Map<number, StockEntryLineChoice>();
  for (const c of choices) {
    if (byItem.has(c.item_number)) throw itemError(c.item_number, 'escolhido mais de uma vez.');
    byItem.set(c.item_number, c);
  }
  const items = new Set(lines.map((l) => l.item_number));
  for (const c of choices) if (!items.has(c.item_number)) throw itemError(c.item_number, 'não existe nesta NF-e.');
  return lines.map((line) => {
    const choice = byItem.get(line.item_number);
    if (!choice) throw itemError(line.item_number, 'escolha o produto ou crie um novo.');
    if (line.units === null || line.cost_per_unit === null) throw itemError(line.item_number, line.problem ?? '');
    return { line, choice, units: line.units, unitCost: line.cost_per_unit };
  });
}

export async function createStockEntry(
  db: DbOrTx,
  caller: { tenantId: string; userId: string | null },
  input: StockEntryCreate,
  tx?: DbOrTx,
): Promise<StockEntryResult> {
  const { tenantId } = caller;
  const typed = new Map(
    input.lines.flatMap((l) => (l.units_per_package ? [[l.item_number, l.units_per_package]] : [])),
  );
  try {
    return await inTransaction(db, tx, async (t) => {
      const read = await readEntry(t, tenantId, input.xml, typed);
      const { doc } = read;
      if (read.recipientWarning && !input.accept_other_recipient) {
        throw conflict(`${read.recipientWarning} Confirme para lançá-la mesmo assim.`, { reason: 'OTHER_RECIPIENT' });
      }
      const planned = choicesFor(read.lines, input.lines);
      const bills = payablesToWrite(read, input.payment);
      const now = new Date();

      const [entry] = await t
        .insert(stockEntries)
        .values({
          tenantId,
          accessKey: doc.access_key,
          number: doc.number,
          series: doc.series,
          issuedAt: new Date(doc.issued_at),
          supplierDocument: read.supplierDocument,
          supplierName: doc.supplier.name,
          total: doc.total_cents,
          lineCount: doc.lines.length,
          createdBy: caller.userId,
          createdAt: now,
        })
        .returning();

      // Products created from lines: no stock yet (the stock writer adds their units).
      const toCreate = planned.filter((p) => p.choice.new_product);
      const skus = toCreate.map((p) => p.choice.new_product!.sku ?? p.line.ean ?? p.line.supplier_code);
      // The line's EAN becomes the new product's barcode, unless a product has it already.
      const barcodes = toCreate.map((p, i) =>
        p.line.match !== 'barcode' && p.line.ean && toCreate.findIndex((q) => q.line.ean === p.line.ean) === i
          ? p.line.ean
          : null,
      );
      await refuseTakenSkus(
        t,
        tenantId,
        toCreate.map((p, i) => ({ item: p.line.item_number, sku: skus[i]! })),
      );
      const created = toCreate.length
        ? await t
            .insert(products)
            .values(
              toCreate.map((p, i) => ({
                tenantId,
                sku: skus[i]!,
                name: p.choice.new_product!.name,
                barcode: barcodes[i],
                costPrice: p.unitCost,
                costRemainder: p.line.cost.total - p.units * p.unitCost,
                ...fiscalFromLine(p.line.source),
                salePrice:
                  p.choice.new_product!.sale_price ??
                  priceWithMarkup(p.unitCost, read.settings.new_product_markup_percent),
              })),
            )
            .returning({ id: products.id })
        : [];
      const productIdOf = new Map<number, string>();
      toCreate.forEach((p, i) => productIdOf.set(p.line.item_number, created[i]!.id));
      for (const p of planned) if (p.choice.product_id) productIdOf.set(p.line.item_number, p.choice.product_id);

      const rows = await lockProducts(t, tenantId, [...productIdOf.values()]);
      for (const p of planned) {
        const row = rows.get(productIdOf.get(p.line.item_number)!);
        if (!row || row.deletedAt) throw itemError(p.line.item_number, 'o produto escolhido não existe mais.');
      }
      const moves = planned.map((p) => ({ productId: productIdOf.get(p.line.item_number)!, take: -p.units }));
      const movement = { kind: 'nfe_entry' as const, entryId: entry!.id, userId: caller.userId };
      const writes = stockWritesOf(moves, rows, { allowNegative: true, movement });
      await writeStock(t, tenantId, writes, now);
      const costs = await writeCosts(t, tenantId, planned, productIdOf, rows, read.settings.stock_cost_method, now);
      // After the lock above (products in id order, as sales take them): no new lock here.
      await completeFiscalData(
        t,
        tenantId,
        planned.filter((p) => p.choice.product_id).map((p) => ({ id: p.choice.product_id!, line: p.line.source })),
      );

      await t.insert(stockEntryLines).values(
        planned.map((p) => ({
          tenantId,
          entryId: entry!.id,
          itemNumber: p.line.item_number,
          productId: productIdOf.get(p.line.item_number)!,
          supplierCode: p.line.supplier_code,
          ean: p.line.ean,
          description: p.line.description,
          ncm: p.line.ncm,
          unit: p.line.unit,
          quantity: p.line.quantity,
          unitsPerPackage: p.line.units_per_package,
          units: p.units,
          unitCost: p.unitCost,
          total: p.line.total,
          costTotal: p.line.cost.total,
          productCreated: Boolean(p.choice.new_product),
        })),
      );
      await rememberLinks(t, tenantId, read.supplierDocument, planned, productIdOf, now);

      const payables = await writeEntryPayables(t, tenantId, read, bills, now);

      const createdIds = new Set(created.map((c) => c.id));
      const unitsIn = new Map<string, number>();
      for (const m of moves) unitsIn.set(m.productId, (unitsIn.get(m.productId) ?? 0) - m.take);
      const stockAfter = new Map(writes.map((w) => [w.productId, w.to]));
      return {
        entry: toStockEntry(entry!),
        products: [...unitsIn].map(([id, units]) => ({
          ...entryProductOf(rows.get(id)!),
          current_stock: stockAfter.get(id)!,
          cost_price: costs.get(id)!.cost,
          created: createdIds.has(id),
          units_in: units,
        })),
        payables,
      };
    });
  } catch (err) {
    // Two confirms of one note at once: the second waits on the key's index, then fails here.
    if (isUniqueViolation(err, 'stock_entries_tenant_key_key')) throw enteredError(new Date());
    if (isUniqueViolation(err, 'products_tenant_sku_key'))
      throw conflict('Já existe um produto com um dos SKUs novos.');
    throw err;
  }
}

export async function listStockEntries(db: DbOrTx, tenantId: string, query: StockEntryListQuery) {
  const where = eq(stockEntries.tenantId, tenantId);
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(stockEntries).where(where),
    db
      .select()
      .from(stockEntries)
      .where(where)
      .orderBy(desc(stockEntries.createdAt), desc(stockEntries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ]);
  return { stock_entries: rows.map(toStockEntry), pagination: paginationOf(query.page, query.limit, total) };
}
