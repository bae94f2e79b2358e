// The summary's discount rows: with any discount, the subtotal before it and what comes off
// (lines and sale); 'Desconto na venda' gives or changes the discount on the whole sale.
import { percentText } from '../../../shared/discounts';
import { formatBRL } from '../../../shared/money';
import { useState } from 'react';
import { Button } from '../../components/button';
import { lineTotal } from './cart';
import { discountFigures, discountProblem } from './cart-discounts';
import { lazyPart } from '../../components/lazy-part';
import type { useSaleForm } from './use-sale-form';

// Loaded when first opened: most sales have no discount.
const DiscountDialog = lazyPart(() => import('./discount-dialog'), 'DiscountDialog');

export function SaleDiscountRows({ form }: { form: ReturnType<typeof useSaleForm> }) {
  const [open, setOpen] = useState(false);
  const { lines } = form.state;
  const saleDiscount = form.state.saleDiscount ?? null;
  const figures = discountFigures(lines, saleDiscount);
  const net = lines.reduce((s, l) => s + lineTotal(l), 0);
  const saleLabel = saleDiscount?.mode === 'percent' ? ` (${percentText(saleDiscount.hundredths)} na venda)` : '';
  return (
    <div className="flex flex-col gap-1 text-sm">
      {figures.given > 0 ? (
        <>
          <div className="flex justify-between text-slate-600">
            <span>Subtotal</span>
            <span data-testid="sale-subtotal">{formatBRL(figures.gross)}</span>
          </div>
          <div className="flex justify-between text-emerald-700">
            <span>Descontos{saleLabel}</span>
            <span data-testid="sale-discount">- {formatBRL(figures.given)}</span>
          </div>
        </>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        className="self-start px-0! text-blue-700"
        disabled={lines.length === 0}
        onClick={() => setOpen(true)}
      >
        {saleDiscount ? 'Alterar desconto na venda' : 'Desconto na venda'}
      </Button>
      {open ? (
        <DiscountDialog
          title="Desconto na venda"
          base={net}
          current={saleDiscount}
          limit={form.discountLimit}
          check={(d) => discountProblem(lines, d, form.discountLimit)}
          onApply={form.actions.setSaleDiscount}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
