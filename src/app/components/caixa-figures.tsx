// A closed caixa's figures as the close dialog (Nova Venda) and the session's detail
// (Caixas) show them: the head of the table by payment method, and what a closing
// difference is called (the cash-book category it becomes, or none).
import { SHORTAGE_CATEGORY, SURPLUS_CATEGORY } from '../../shared/caixa';
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

/** Money missing is a 'Quebra de caixa', money over a 'Sobra de caixa'. */
export const differenceName = (centavos: number) =>
  centavos < 0 ? SHORTAGE_CATEGORY : centavos > 0 ? SURPLUS_CATEGORY : 'Sem diferença';
