// POST /api/stock-entries/nfe/preview: what a supplier's NF-e would enter, nothing written.
import type { EntryProduct, NfePreview, NfePreviewRequest } from '../../shared/contract';
import type { DbOrTx } from '../db/client';
import type { ProductRow } from '../db/schema';
import { paymentChoiceNeeded, readEntry } from './nfe-entry-read';

export function entryProductOf(row: ProductRow): EntryProduct {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    current_stock: row.currentStock,
    cost_price: row.costPrice,
    sale_price: row.salePrice,
  };
}

export async function previewNfe(db: DbOrTx, tenantId: string, input: NfePreviewRequest): Promise<NfePreview> {
  const typed = new Map((input.lines ?? []).map((l) => [l.item_number, l.units_per_package]));
  const read = await readEntry(db, tenantId, input.xml, typed);
  const { doc } = read;
  return {
    access_key: doc.access_key,
    number: doc.number,
    series: doc.series,
    issued_at: doc.issued_at,
    supplier: { document: read.supplierDocument, name: doc.supplier.name },
    recipient: { document: doc.recipient.cnpj ?? doc.recipient.cpf, name: doc.recipient.name },
    total: doc.total_cents,
    lines: read.lines.map(({ source: _source, product, ...line }) => ({
      ...line,
      product: product ? entryProductOf(product) : null,
    })),
    payables: read.payables,
    payments: doc.payments,
    payment_choice_needed: paymentChoiceNeeded(read),
    cost_total: read.costTotal,
    recipient_warning: read.recipientWarning,
    warnings: [...doc.warnings, ...read.warnings],
    markup_percent: read.settings.new_product_markup_percent,
  };
}
