// The DANFE NFC-e of a sale, when it has a note to print (autorizada or pendente): its
// receipt view with the note, the emitter's public data and the store's electronic custody
// of contingency notes as this till knows them (kept offline: counter/fiscal-till.ts) and
// each item's code (the SKU, the note's cProd) and unit from the products on this device.
// null: the sale prints its receipt.
import { useMemo } from 'react';
import type { KeptFiscalNoteReceipt } from '../../../shared/contract/fiscal-notes';
import { useFiscalTill } from '../../counter/fiscal-till';
import { useProductsById } from '../../offline/hooks';
import { danfeView, printsDanfe, type DanfeView } from './danfe-view';
import type { ReceiptView } from './receipt-view';

export function useDanfe(
  receipt: ReceiptView | null,
  note: KeptFiscalNoteReceipt | null | undefined,
  productIds: readonly string[],
): DanfeView | null {
  const till = useFiscalTill().data;
  const emitter = till?.emitter;
  // A view kept from before the setting existed has none: the store's copy is printed.
  const electronicCustody = till?.contingency_electronic_custody === true;
  const products = useProductsById(printsDanfe(note) ? productIds : []);
  return useMemo(() => {
    if (!receipt || !printsDanfe(note)) return null;
    const codes = productIds.map((_, i) => {
      const p = products[i];
      return p ? { code: p.sku, unit: p.unit ?? 'UN' } : undefined;
    });
    return danfeView(receipt, note, emitter, codes, { electronicCustody });
  }, [receipt, note, emitter, electronicCustody, products, productIds]);
}
