// 'Trocas e Devoluções' from Nova Venda: the cashier types the sale's number (as on the
// receipt and in the cash book, '#A-0042', or its whole id) or reads the receipt's barcode
// into the field (a scanner types it and Enter), and the return dialog opens with its lines.
// Any sale of the store within the troca period (a cashier's; older: an admin), found on the
// server; offline only the sales this device made, as the dialog says. An exchange goes on in
// this Nova Venda (onExchange: exchange.tsx).
import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { useFindReturnableSale } from '../../counter/find-returnable-sale';
import { ReturnDialog, type ExchangeStart } from '../../components/returns/return-dialog';
import { useOnline } from '../../offline/hooks';
import { OFFLINE_FINDS_DEVICE_SALES_ONLY, type ReturnableSale } from '../../counter/returns-hooks';

/** The search for the sale, then its return; `onDone` once both are closed. */
export function ReturnsFinder({
  onExchange,
  onDone,
}: {
  onExchange: (exchange: ExchangeStart) => void;
  onDone: () => void;
}) {
  const online = useOnline();
  const findReturnableSale = useFindReturnableSale();
  // Mounted at each press of the button, so each search starts empty: a scanner types
  // after what the field holds.
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sale, setSale] = useState<ReturnableSale | null>(null);

  async function find() {
    setError(null);
    try {
      const found = await findReturnableSale(number);
      setSale(found);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Venda não encontrada.');
    }
  }

  return (
    <>
      <Dialog open={sale === null} onClose={onDone} title="Trocas e Devoluções" size="sm">
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void find();
          }}
        >
          {online || error ? null : (
            <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {OFFLINE_FINDS_DEVICE_SALES_ONLY}
            </p>
          )}
          <TextField
            label="Número da venda"
            placeholder="#A-0042"
            hint="Digite o número do recibo ou leia o código de barras dele."
            value={number}
            onChange={(e) => {
              setNumber(e.target.value);
              setError(null);
            }}
            error={error ?? undefined}
            autoComplete="off"
            data-autofocus
          />
          <div className="flex justify-end">
            <Button type="submit">Buscar venda</Button>
          </div>
        </form>
      </Dialog>
      <ReturnDialog sale={sale} onClose={onDone} onExchange={onExchange} />
    </>
  );
}
