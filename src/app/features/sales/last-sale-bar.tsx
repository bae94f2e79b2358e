// After 'Finalizar Venda': the sale just finished, with 'Imprimir recibo' (and 'Imprimir
// carnê' for a crediário sale), until the cashier closes it or finishes the next one.
// Both print from the device's own record of the sale and the store's cached data, so
// they work offline. With 'Imprimir recibo automaticamente' on, the receipt's print
// dialog opens by itself once per sale. A sale with its NFC-e prints the DANFE instead, and
// the bar says what became of the note (sale-note-status.tsx).
import { useMemo } from 'react';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { ReceiptPrintButtons } from '../../components/receipt/receipt-print-buttons';
import { receiptFromLocalSale } from '../../components/receipt/receipt-view';
import { useDanfe } from '../../components/receipt/use-danfe';
import { useReceiptHeader } from '../../lib/receipt-header';
import { useLocalSale } from '../../offline/hooks';
import { SaleNoteStatusLine } from './sale-note-status';

export function LastSaleBar({ saleId, onClose }: { saleId: string; onClose: () => void }) {
  const sale = useLocalSale(saleId);
  const header = useReceiptHeader().data;
  const view = useMemo(() => (sale ? receiptFromLocalSale(sale, header) : null), [sale, header]);
  const ids = useMemo(() => sale?.items.map((i) => i.product_id) ?? [], [sale]);
  // With its NFC-e the DANFE replaces the receipt.
  const danfe = useDanfe(view, sale?.receipt?.fiscalNote, ids);
  if (!sale || !view) return null;
  return (
    <div
      role="region"
      aria-label="Venda finalizada"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3"
    >
      <div className="min-w-0 flex-1 basis-64 space-y-1">
        <p className="text-sm text-emerald-900">
          <span className="font-semibold">Venda #{view.number} finalizada</span> · {view.customer.name} ·{' '}
          {formatBRL(view.total)}
        </p>
        <SaleNoteStatusLine receipt={sale.receipt} />
      </div>
      <div className="flex flex-wrap gap-2">
        <ReceiptPrintButtons view={view} danfe={danfe} autoPrint={saleId} />
        <Button variant="ghost" size="sm" onClick={onClose}>
          Fechar
        </Button>
      </div>
    </div>
  );
}
