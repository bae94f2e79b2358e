// 'Trocas e Devoluções' on Nova Venda: the button, and the search and return dialogs
// (returns-finder-dialog.tsx), loaded when first opened: the till sells without them.
import { useState } from 'react';
import { Button } from '../../components/button';
import { lazyPart } from '../../components/lazy-part';
import type { ExchangeStart } from '../../components/returns/return-dialog';

const ReturnsFinder = lazyPart(() => import('./returns-finder-dialog'), 'ReturnsFinder');

export function ReturnsButton({ onExchange }: { onExchange: (exchange: ExchangeStart) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Trocas e Devoluções
      </Button>
      {open ? <ReturnsFinder onExchange={onExchange} onDone={() => setOpen(false)} /> : null}
    </>
  );
}
