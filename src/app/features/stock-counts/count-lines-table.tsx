// The products of an open count: the stock the system has, what was counted (typed here:
// saved on Enter or on leaving the field) and the difference, in units and at cost.
import { useState } from 'react';
import type { StockCountLine } from '../../../shared/contract/stock-counts';
import { formatBRL } from '../../../shared/money';
import { variantText } from '../../../shared/product-variant';
import { QuantityInput, parseQuantityText } from '../../components/quantity-input';
import { FOLD, ListTable, Td, type Column } from '../../components/table';
import { toastError } from '../../components/toast-store';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function differenceText(line: StockCountLine): string {
  if (line.difference === null) return '—';
  return line.difference === 0 ? '0' : `${signed(line.difference)} (${formatBRL(line.difference * line.cost_price)})`;
}

function CountedInput({ line, onSave }: { line: StockCountLine; onSave: (counted: number) => void }) {
  const saved = line.counted === null ? '' : String(line.counted);
  const [text, setText] = useState(saved);
  const [was, setWas] = useState(saved);
  // A count saved elsewhere (a scan) replaces what the field shows.
  if (saved !== was) {
    setWas(saved);
    setText(saved);
  }
  function save() {
    if (text.trim() === saved) return;
    if (text.trim() === '') return setText(saved);
    const counted = parseQuantityText(text);
    if (counted === null || counted < 0) {
      toastError('Quantidade inválida', 'Digite quantas unidades foram contadas (um número inteiro, 0 ou mais).');
      return setText(saved);
    }
    onSave(counted);
  }
  return (
    <QuantityInput
      aria-label={`Contado de ${line.name}`}
      value={text}
      placeholder="—"
      onChange={(event) => setText(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          save();
        }
      }}
      className="w-20"
    />
  );
}

const COLUMNS: readonly Column[] = [
  { label: 'Produto' },
  { label: 'Sistema', className: FOLD.from.sm },
  { label: 'Contado' },
  { label: 'Diferença', className: FOLD.from.md },
];

interface CountLinesTableProps {
  lines: StockCountLine[];
  /** Products whose count is saved on this device and not yet sent. */
  queued: ReadonlyMap<string, number>;
  onCount: (line: StockCountLine, counted: number) => void;
}

export function CountLinesTable({ lines, queued, onCount }: CountLinesTableProps) {
  return (
    <ListTable
      label="Produtos do inventário"
      columns={COLUMNS}
      rows={lines}
      emptyText="Nenhum produto encontrado neste inventário"
    >
      {(line) => (
        <tr key={line.product_id} className={line.difference ? 'bg-yellow-50' : undefined}>
          <Td>
            <div className="font-medium">{line.name}</div>
            <div className="text-xs text-slate-500">
              {[line.sku, line.barcode, variantText(line)].filter(Boolean).join(' · ')}
            </div>
            <div className={`text-xs text-slate-600 ${FOLD.upTo.sm}`}>Sistema: {line.current_stock}</div>
            <div className={`text-xs text-slate-600 ${FOLD.upTo.md}`}>Diferença: {differenceText(line)}</div>
          </Td>
          <Td className={FOLD.from.sm}>{line.current_stock}</Td>
          <Td>
            <CountedInput line={line} onSave={(counted) => onCount(line, counted)} />
            {queued.has(line.product_id) ? <div className="text-xs text-yellow-800">Aguardando envio</div> : null}
          </Td>
          <Td className={`${FOLD.from.md} whitespace-nowrap`}>{differenceText(line)}</Td>
        </tr>
      )}
    </ListTable>
  );
}
