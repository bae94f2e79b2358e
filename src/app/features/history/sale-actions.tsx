// What a sale's detail offers besides cancelling: its receipt or DANFE NFC-e (and carnê) printed again, and
// 'Trocas e Devoluções' opened on its lines (the same dialog Nova Venda opens by number);
// an exchange goes on at Nova Venda.
import { useMemo, useState } from 'react';
import type { SaleDetail } from '../../../shared/contract/sale-history';
import { tillName } from '../../../shared/till-name';
import { Button } from '../../components/button';
import { ReceiptPrintButtons } from '../../components/receipt/receipt-print-buttons';
import { receiptFromSale } from '../../components/receipt/receipt-view';
import { useDanfe } from '../../components/receipt/use-danfe';
import { ReturnDialog, useGoToExchange } from '../../components/returns/return-dialog';
import { toastError } from '../../components/toast-store';
import { useReceiptHeader } from '../../lib/receipt-header';
import { useFindReturnableSale } from '../../counter/find-returnable-sale';
import { type ReturnableSale } from '../../counter/returns-hooks';

export function SaleActions({ sale }: { sale: SaleDetail }) {
  const header = useReceiptHeader().data;
  const findReturnableSale = useFindReturnableSale();
  const [returning, setReturning] = useState<ReturnableSale | null>(null);
  const goToExchange = useGoToExchange();
  const view = useMemo(
    () =>
      receiptFromSale(sale, header, {
        number: sale.number,
        cashierName: sale.cashier_name ?? null,
        till: tillName({ name: sale.device_name, code: sale.device_code }),
        storeCreditLeft: sale.store_credit_balance_after ?? null,
      }),
    [sale, header],
  );
  const ids = useMemo(() => sale.items.map((i) => i.product_id), [sale]);
  // A sale with its NFC-e reprints the DANFE.
  const danfe = useDanfe(view, sale.fiscal_note, ids);

  async function openReturn() {
    try {
      setReturning(await findReturnableSale(sale.id));
    } catch (error) {
      toastError('Erro ao abrir a devolução', error instanceof Error ? error.message : 'Tente novamente.');
    }
  }

  return (
    <>
      <ReceiptPrintButtons view={view} danfe={danfe} />
      {sale.sale_status === 'completed' ? (
        <Button variant="outline" onClick={() => void openReturn()}>
          Trocas e Devoluções
        </Button>
      ) : null}
      <ReturnDialog sale={returning} onClose={() => setReturning(null)} onExchange={goToExchange} />
    </>
  );
}
