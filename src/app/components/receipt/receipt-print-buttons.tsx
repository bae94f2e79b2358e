// 'Imprimir recibo' (or, for a sale with its NFC-e, 'Imprimir DANFE', which replaces the
// receipt) and, for a crediário sale, 'Imprimir carnê' for any sale's receipt view (the sale
// just finished at Nova Venda, a sale's detail in the history). The receipt and the DANFE
// go on the store's roll width (Configurações); `autoPrint` prints the first by itself once
// per key. The DANFE's component is loaded when it is first printed (src/app/danfe/).
import { useEffect, useRef } from 'react';
import { useStoreSettings } from '../../lib/store-settings';
import { Button } from '../button';
import { toastError } from '../toast-store';
import type { DanfeView } from './danfe-view';
import { usePrinter } from './print-document';
import type { ReceiptView } from './receipt-view';

export const loadDanfe = () => import('../../danfe/danfe').then((m) => m.Danfe);

export function ReceiptPrintButtons({
  view,
  danfe,
  autoPrint,
}: {
  view: ReceiptView;
  /** The sale's DANFE NFC-e, when it has a note to print (it replaces the receipt). */
  danfe?: DanfeView | null;
  autoPrint?: string;
}) {
  const settings = useStoreSettings().data;
  const printer = usePrinter();
  const autoPrinted = useRef<string | null>(null);
  const width = settings?.receipt_paper_width ?? '80mm';

  const printMain = () => {
    if (!danfe) {
      printer.print({ kind: 'receipt', view, width });
      return;
    }
    loadDanfe().then(
      (Danfe) => printer.print({ kind: 'danfe', view: danfe, width, Danfe }),
      () => toastError('Erro ao imprimir', 'Não foi possível abrir o DANFE. Verifique a conexão e tente de novo.'),
    );
  };

  // Once per key, as soon as the settings are read (offline: from the device's copy).
  useEffect(() => {
    if (!autoPrint || !settings?.receipt_auto_print || autoPrinted.current === autoPrint) return;
    autoPrinted.current = autoPrint;
    printMain();
  });

  return (
    <>
      <Button variant="outline" size="sm" onClick={printMain}>
        {danfe ? 'Imprimir DANFE' : 'Imprimir recibo'}
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
