// 'Imprimir recibo' and, for a crediário sale, 'Imprimir carnê' for any sale's receipt view
// (the sale just finished at Nova Venda, a sale's detail in the history). The receipt goes
// on the store's roll width (Configurações); `autoPrint` prints it by itself once per key.
import { useEffect, useRef } from 'react';
import { useStoreSettings } from '../../lib/store-settings';
import { Button } from '../button';
import { usePrinter } from './print-document';
import type { ReceiptView } from './receipt-view';

export function ReceiptPrintButtons({ view, autoPrint }: { view: ReceiptView; autoPrint?: string }) {
  const settings = useStoreSettings().data;
  const printer = usePrinter();
  const autoPrinted = useRef<string | null>(null);
  const width = settings?.receipt_paper_width ?? '80mm';

  // Once per key, as soon as the settings are read (offline: from the device's copy).
  useEffect(() => {
    if (!autoPrint || !settings?.receipt_auto_print || autoPrinted.current === autoPrint) return;
    autoPrinted.current = autoPrint;
    printer.print({ kind: 'receipt', view, width });
  });

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => printer.print({ kind: 'receipt', view, width })}>
        Imprimir recibo
      </Button>
      {view.crediario ? (
        <Button variant="outline" size="sm" onClick={() => printer.print({ kind: 'carne', view })}>
          Imprimir carnê
        </Button>
      ) : null}
      {printer.element}
    </>
  );
}
