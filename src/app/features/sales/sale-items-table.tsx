// 'Itens da Venda': each line with an editable quantity (checked against the till's
// stock), unit price, its discount ('Desconto', in R$ or %), line total and a remove button.
import { useState } from 'react';
import { percentText, type DiscountInput } from '../../../shared/discounts';
import { formatBRL } from '../../../shared/money';
import { Card, CardHeader } from '../../components/card';
import { cn } from '../../components/cn';
import { TrashIcon } from '../../components/icons';
import { Button } from '../../components/button';
import { QuantityInput } from '../../components/quantity-input';
import { toast } from '../../components/toast-store';
import { changeQuantity, lineDiscount, lineGross, lineTotal, removeLine, type CartLine } from './cart';
import { lazyPart } from '../../components/lazy-part';
import { cartErrorToast } from './product-adder';

// Loaded when first opened: most sales have no discount.
const DiscountDialog = lazyPart(() => import('./discount-dialog'), 'DiscountDialog');

interface SaleItemsTableProps {
  lines: CartLine[];
  availableOf: (productId: string) => number;
  onLinesChange: (lines: CartLine[]) => void;
  /** The cashier's discount limit in percent (null: an admin). */
  discountLimit: number | null;
  /** Why the sale's discounts, with these lines, cannot be given (null: they can). */
  checkDiscounts: (lines: CartLine[]) => string | null;
}

/** '- R$ 1,00 (10%)' under a discounted line. */
function discountNote(line: CartLine): string {
  const off = `- ${formatBRL(lineDiscount(line))}`;
  return line.discount?.mode === 'percent' ? `${off} (${percentText(line.discount.hundredths)})` : off;
}

const HEAD = 'whitespace-nowrap px-4 py-3 font-medium';

function QuantityCell({ line, onCommit }: { line: CartLine; onCommit: (quantity: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="w-16">
      <QuantityInput
        aria-label={`Quantidade de ${line.product_name}`}
        value={draft ?? String(line.quantity)}
        onChange={(event) => {
          const raw = event.target.value;
          const n = Number.parseInt(raw, 10);
          // Empty while typing: wait; a refused number goes back to the line's quantity.
          if (raw.trim() === '' || Number.isNaN(n)) setDraft(raw);
          else {
            onCommit(n);
            setDraft(null);
          }
        }}
        onBlur={() => setDraft(null)}
      />
    </div>
  );
}

export function SaleItemsTable(props: SaleItemsTableProps) {
  const { lines, availableOf, onLinesChange } = props;
  const [discounting, setDiscounting] = useState<CartLine | null>(null);
  const withDiscount = (line: CartLine, discount: DiscountInput | null) =>
    lines.map((l) => (l.product_id === line.product_id ? { ...l, discount: discount ?? undefined } : l));
  function commit(line: CartLine, quantity: number) {
    const result = changeQuantity(lines, line.product_id, quantity, availableOf(line.product_id));
    if (result.ok) onLinesChange(result.lines);
    else cartErrorToast(result);
  }

  // In a narrow card each line is a compact two-row block (name and remove; quantity, unit
  // price and line total); a table once the card itself is 42rem wide (a container query:
  // beside the summary on a tablet the card is narrower than the screen suggests). The
  // roles stay a table's either way.
  return (
    <Card className="@container">
      <CardHeader title="Itens da Venda" />
      <table aria-label="Itens da Venda" role="table" className="block w-full text-left text-sm @2xl:table">
        <thead
          role="rowgroup"
          className="hidden border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600 @2xl:table-header-group"
        >
          <tr role="row">
            <th role="columnheader" scope="col" className={HEAD}>
              Produto
            </th>
            <th role="columnheader" scope="col" className={HEAD}>
              Qtde
            </th>
            <th role="columnheader" scope="col" className={cn(HEAD, 'text-right')}>
              Preço Unit.
            </th>
            <th role="columnheader" scope="col" className={cn(HEAD, 'text-right')}>
              Total
            </th>
            <th role="columnheader" scope="col" className={HEAD}>
              <span className="sr-only">Remover</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-slate-100 @2xl:table-row-group">
          {lines.length === 0 ? (
            <tr role="row" className="block @2xl:table-row">
              <td
                role="cell"
                colSpan={5}
                className="block px-4 py-10 text-center text-sm text-slate-500 @2xl:table-cell"
              >
                Nenhum produto adicionado
              </td>
            </tr>
          ) : (
            lines.map((line) => (
              <tr
                key={line.product_id}
                role="row"
                className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 px-4 py-3 @2xl:table-row @2xl:p-0"
              >
                <td role="cell" className="col-span-2 min-w-0 @2xl:table-cell @2xl:px-4 @2xl:py-3">
                  <div className="flex min-w-0 flex-col">
                    <span className="break-words font-medium text-slate-900">{line.product_name}</span>
                    <span className="text-xs text-slate-600">{line.sku}</span>
                    <button
                      type="button"
                      className="self-start text-xs font-medium text-blue-700 underline-offset-2 hover:underline"
                      onClick={() => setDiscounting(line)}
                    >
                      {line.discount ? `Desconto ${discountNote(line)}` : 'Dar desconto'}
                      {/* The product named for a screen reader, after what is seen (the name starts with it). */}
                      <span className="sr-only"> em {line.product_name}</span>
                    </button>
                  </div>
                </td>
                <td role="cell" className="row-start-2 @2xl:table-cell @2xl:px-4 @2xl:py-3">
                  <QuantityCell line={line} onCommit={(q) => commit(line, q)} />
                </td>
                <td
                  role="cell"
                  className="row-start-2 whitespace-nowrap text-xs text-slate-600 @2xl:table-cell @2xl:px-4 @2xl:py-3 @2xl:text-right @2xl:text-sm @2xl:text-slate-700"
                >
                  <span className="@2xl:hidden">× </span>
                  {formatBRL(line.unit_price)}
                </td>
                <td
                  role="cell"
                  className="row-start-2 whitespace-nowrap text-right font-medium text-slate-900 @2xl:table-cell @2xl:px-4 @2xl:py-3"
                >
                  {line.discount ? (
                    <span className="block text-xs font-normal text-slate-500 line-through">
                      {formatBRL(lineGross(line))}
                    </span>
                  ) : null}
                  {formatBRL(lineTotal(line))}
                </td>
                <td role="cell" className="col-start-3 row-start-1 text-right @2xl:table-cell @2xl:px-4 @2xl:py-3">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remover ${line.product_name}`}
                    onClick={() => {
                      onLinesChange(removeLine(lines, line.product_id));
                      toast({ title: 'Produto removido', description: line.product_name });
                    }}
                  >
                    <TrashIcon className="h-4 w-4 text-red-600" />
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {discounting ? (
        <DiscountDialog
          title={`Desconto: ${discounting.product_name}`}
          base={lineGross(lines.find((l) => l.product_id === discounting.product_id) ?? discounting)}
          current={discounting.discount ?? null}
          limit={props.discountLimit}
          check={(d) => props.checkDiscounts(withDiscount(discounting, d))}
          onApply={(d) => onLinesChange(withDiscount(discounting, d))}
          onClose={() => setDiscounting(null)}
        />
      ) : null}
    </Card>
  );
}
