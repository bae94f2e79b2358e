// 'Itens da Venda': each line with an editable quantity (checked against the till's
// stock), unit price, line total and a remove button.
import { useState } from 'react';
import { formatBRL } from '../../../shared/money';
import { Card, CardHeader } from '../../components/card';
import { TrashIcon } from '../../components/icons';
import { Button } from '../../components/button';
import { QuantityInput } from '../../components/quantity-input';
import { EmptyRow, TBody, THead, Table, Td, Th } from '../../components/table';
import { toast } from '../../components/toast-store';
import { changeQuantity, lineTotal, removeLine, type CartLine } from './cart';
import { cartErrorToast } from './product-adder';

interface SaleItemsTableProps {
  lines: CartLine[];
  availableOf: (productId: string) => number;
  onLinesChange: (lines: CartLine[]) => void;
}

function QuantityCell({ line, onCommit }: { line: CartLine; onCommit: (quantity: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
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
      className="w-16 px-2"
    />
  );
}

export function SaleItemsTable({ lines, availableOf, onLinesChange }: SaleItemsTableProps) {
  function commit(line: CartLine, quantity: number) {
    const result = changeQuantity(lines, line.product_id, quantity, availableOf(line.product_id));
    if (result.ok) onLinesChange(result.lines);
    else cartErrorToast(result.error);
  }

  return (
    <Card>
      <CardHeader title="Itens da Venda" />
      <Table aria-label="Itens da Venda">
        <THead>
          <tr>
            <Th>Produto</Th>
            <Th>Qtde</Th>
            <Th className="text-right">Preço Unit.</Th>
            <Th className="text-right">Total</Th>
            <Th>
              <span className="sr-only">Remover</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {lines.length === 0 ? (
            <EmptyRow colSpan={5} text="Nenhum produto adicionado" />
          ) : (
            lines.map((line) => (
              <tr key={line.product_id}>
                <Td>
                  <div className="flex flex-col">
                    <span className="font-medium text-slate-900">{line.product_name}</span>
                    <span className="text-xs text-slate-500">{line.sku}</span>
                  </div>
                </Td>
                <Td>
                  <QuantityCell line={line} onCommit={(q) => commit(line, q)} />
                </Td>
                <Td className="whitespace-nowrap text-right">{formatBRL(line.unit_price)}</Td>
                <Td className="whitespace-nowrap text-right font-medium">{formatBRL(lineTotal(line))}</Td>
                <Td className="text-right">
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
                </Td>
              </tr>
            ))
          )}
        </TBody>
      </Table>
    </Card>
  );
}
