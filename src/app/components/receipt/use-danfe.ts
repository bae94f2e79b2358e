// The DANFE NFC-e of a sale, when it has a note to print (autorizada or pendente): its
// receipt view with the note, the emitter's public data as this till knows it (kept
// offline: counter/fiscal-till.ts) and each item's code (the SKU, the note's cProd) and
// unit from the products on this device. null: the sale prints its receipt.
import { useMemo } from 'react';
import type { FiscalNoteReceipt } from '../../../shared/contract/fiscal-notes';
import { useFiscalTill } from '../../counter/fiscal-till';
import { useProductsById } from '../../offline/hooks';
import { danfeView, printsDanfe, type DanfeView } from './danfe-view';
import type { ReceiptView } from './receipt-view';

export function useDanfe(
  receipt: ReceiptView | null,
  note: FiscalNoteReceipt | null | undefined,
  productIds: readonly string[],
): DanfeView | null {
  const emitter = useFiscalTill().data?.emitter;
  const products = useProductsById(printsDanfe(note) ? productIds : []);
  return useMemo(() => {
    if (!receipt || !printsDanfe(note)) return null;
    const codes = productIds.map((_, i) => {
      const p = products[i];
      return p ? { code: p.sku, unit: p.unit ?? 'UN' } : undefined;
    });
    return danfeView(receipt, note, emitter, codes);
  }, [receipt, note, emitter, products, productIds]);
}
