// After 'Finalizar Venda': the sale just finished, with 'Imprimir recibo' (and 'Imprimir
// carnê' for a crediário sale), until the cashier closes it or finishes the next one.
// Both print from the device's own record of the sale and the store's cached data, so
// they work offline. With 'Imprimir recibo automaticamente' on, the receipt's print
// dialog opens by itself once per sale.
import { useEffect, useRef } from 'react';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { usePrinter } from '../../components/receipt/print-document';
import { receiptFromLocalSale } from '../../components/receipt/receipt-view';
import { useReceiptHeader } from '../../lib/receipt-header';
import { useStoreSettings } from '../../lib/store-settings';
import { useLocalSale } from '../../offline/hooks';

export function LastSaleBar({ saleId, onClose }: { saleId: string; onClose: () => void }) {
  const sale = useLocalSale(saleId);
  const header = useReceiptHeader().data;
  const settings = useStoreSettings().data;
  const printer = usePrinter();
  const autoPrinted = useRef<string | null>(null);
  const width = settings?.receipt_paper_width ?? '80mm';
  const view = sale ? receiptFromLocalSale(sale, header) : null;

  const printReceipt = () => {
    if (view) printer.print({ kind: 'receipt', view, width });
  };

  // Once per sale, as soon as its record and the settings are read.
  useEffect(() => {
    if (!view || !settings?.receipt_auto_print || autoPrinted.current === saleId) return;
    autoPrinted.current = saleId;
    printer.print({ kind: 'receipt', view, width });
  });

  if (!view) return null;
  return (
    <div
      role="region"
      aria-label="Venda finalizada"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3"
    >
      <p className="text-sm text-emerald-900">
        <span className="font-semibold">Venda #{view.number} finalizada</span> · {view.customer.name} ·{' '}
        {formatBRL(view.total)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={printReceipt}>
          Imprimir recibo
        </Button>
        {view.crediario ? (
          <Button variant="outline" size="sm" onClick={() => printer.print({ kind: 'carne', view })}>
            Imprimir carnê
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onClose}>
          Fechar
        </Button>
      </div>
      {printer.element}
    </div>
  );
}
