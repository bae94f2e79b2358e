// A closed caixa's figures as the close dialog (Nova Venda) and the session's detail
// (Caixas) show them: the head of the table by payment method, and the cash-book entries
// the close writes (one per method that differs).
import { closeEntries, type CloseFigure } from '../../shared/caixa';
import { formatBRL } from '../../shared/money';
import { cn } from './cn';

/** 'Forma', 'Esperado', 'Contado', 'Diferença'; `cell`: the cells' padding. */
export function CaixaFiguresHead({ cell }: { cell?: string }) {
  const amount = cn(cell, 'text-right font-medium');
  return (
    <thead>
      <tr className="text-left text-slate-500">
        <th className={cn(cell, 'font-medium')}>Forma</th>
        <th className={amount}>Esperado</th>
        <th className={amount}>Contado</th>
        <th className={amount}>Diferença</th>
      </tr>
    </thead>
  );
}

/** The close's cash-book entries, as the server writes them (shared/caixa.ts closeEntries). */
export function CloseEntries({ figures }: { figures: readonly CloseFigure[] }) {
  const entries = closeEntries(figures);
  if (entries.length === 0) return null;
  return (
    <section aria-label="Lançamentos no fluxo de caixa" className="mt-3 text-sm">
      <h3 className="font-medium text-slate-700">Lançamentos no fluxo de caixa</h3>
      <ul>
        {entries.map((e) => (
          <li key={e.method} className="flex justify-between gap-2 border-t border-slate-100 py-1">
            <span>{e.label}</span>
            <span className={cn('tabular-nums', e.type === 'expense' ? 'text-red-600' : 'text-green-700')}>
              {formatBRL(e.type === 'expense' ? -e.amount : e.amount)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
