// 'Trocas e Devoluções' from Nova Venda: the cashier types the sale's number (as on the
// receipt and in the cash book, '#A-0042', or its whole id) and the return dialog opens
// with its lines. A sale this device made is found offline too. An exchange goes on in
// this Nova Venda (onExchange: exchange.tsx).
import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { ReturnDialog, type ExchangeStart } from '../../lib/return-dialog';
import { useOnline } from '../../offline/hooks';
import { findReturnableSale, type ReturnableSale } from '../../offline/returns-hooks';

export function ReturnsButton({ onExchange }: { onExchange: (exchange: ExchangeStart) => void }) {
  const online = useOnline();
  const [finding, setFinding] = useState(false);
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sale, setSale] = useState<ReturnableSale | null>(null);

  async function find() {
    setError(null);
    try {
      const found = await findReturnableSale(number, online);
      setFinding(false);
      setSale(found);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Venda não encontrada.');
    }
  }

  return (
    <>
      <Button variant="outline" onClick={() => setFinding(true)}>
        Trocas e Devoluções
      </Button>
      <Dialog open={finding} onClose={() => setFinding(false)} title="Trocas e Devoluções" size="sm">
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void find();
          }}
        >
          <TextField
            label="Número da venda"
            placeholder="#A-0042"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            error={error ?? undefined}
            data-autofocus
          />
          <div className="flex justify-end">
            <Button type="submit">Buscar venda</Button>
          </div>
        </form>
      </Dialog>
      <ReturnDialog
        sale={sale}
        onClose={() => {
          setSale(null);
          setNumber('');
        }}
        onExchange={onExchange}
      />
    </>
  );
}
