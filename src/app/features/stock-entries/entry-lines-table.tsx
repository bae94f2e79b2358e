// The note's lines as they would enter: what the supplier sent (code, EAN, description,
// NCM, quantity and unit), its cost (a unit's, and the line's with what it includes: the
// goods, the taxes and expenses on top, the discount), the units into stock (a box's units
// per package may be typed), and the product each line enters as, with 'Vincular' and
// 'Criar produto'.
// Below md the quantities and money fold under the item, as the app's other tables do.
import type { NfePreviewLine } from '../../../shared/contract/stock-entries';
import { formatBRL } from '../../../shared/money';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { FOLD, ListTable, Td, type Column } from '../../components/table';
import type { Choices, LineChoice } from './entry-choice';
import { costParts, hasExtras } from './line-cost';

const quantityText = (line: NfePreviewLine) => `${line.quantity.replace('.', ',')} ${line.unit}`;

function UnitsCell({ line, onFactor }: { line: NfePreviewLine; onFactor: (item: number, units: number) => void }) {
  const boxed = line.unit.toUpperCase() !== 'UN' || line.units_per_package !== 1 || line.problem;
  return (
    <div className="space-y-1">
      <div>{quantityText(line)}</div>
      {boxed ? (
        <label className="flex items-center gap-1 text-xs text-slate-600">
          <input
            type="number"
            min={1}
            inputMode="numeric"
            aria-label={`Unidades por ${line.unit} do item ${line.item_number}`}
            defaultValue={line.units_per_package}
            className="h-8 w-16 rounded border border-slate-300 px-1 text-sm"
            onBlur={(e) => {
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n >= 1 && n !== line.units_per_package) onFactor(line.item_number, n);
            }}
          />
          un. por {line.unit}
        </label>
      ) : null}
      <div className="text-xs text-slate-500">{line.units === null ? '—' : `${line.units} un. no estoque`}</div>
    </div>
  );
}

/** The line's cost and, when the note adds to or takes from the goods, what it includes. */
function CostBreakdown({ line, prefix = '' }: { line: NfePreviewLine; prefix?: string }) {
  return (
    <div>
      <div className="whitespace-nowrap">
        {prefix}
        {formatBRL(line.cost.total)}
      </div>
      {hasExtras(line.cost) ? (
        <ul className="text-xs text-slate-500" aria-label={`Custo do item ${line.item_number} inclui`}>
          {costParts(line.cost).map((part) => (
            <li key={part} className="whitespace-nowrap">
              {part}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ChoiceCell({
  line,
  choice,
  onLink,
  onCreate,
}: {
  line: NfePreviewLine;
  choice: LineChoice;
  onLink: () => void;
  onCreate: () => void;
}) {
  return (
    <div className="space-y-2">
      {choice.kind === 'product' ? (
        <div>
          <Badge tone={choice.byHand ? 'blue' : 'green'}>
            {choice.byHand ? 'Vinculado' : line.match === 'barcode' ? 'Pelo código de barras' : 'Vínculo anterior'}
          </Badge>
          <div className="mt-1 text-sm font-medium text-slate-900">{choice.product.name}</div>
          <div className="text-xs text-slate-500">
            {choice.product.sku} · Estoque: {choice.product.current_stock}
          </div>
        </div>
      ) : choice.kind === 'new' ? (
        <div>
          <Badge tone="yellow">Produto novo</Badge>
          <div className="mt-1 text-sm font-medium text-slate-900">{choice.name}</div>
          <div className="text-xs text-slate-500">
            {choice.sku} · Venda: {formatBRL(choice.sale_price)}
          </div>
        </div>
      ) : (
        <Badge tone="red">Sem produto</Badge>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onLink} aria-label={`Vincular item ${line.item_number}`}>
          Vincular
        </Button>
        <Button size="sm" variant="outline" onClick={onCreate} aria-label={`Criar produto do item ${line.item_number}`}>
          Criar produto
        </Button>
      </div>
    </div>
  );
}

const COLUMNS: readonly Column[] = [
  { label: 'Item' },
  { label: 'Qtde', className: FOLD.from.md },
  { label: 'Custo unit.', className: FOLD.from.md },
  { label: 'Custo total', className: FOLD.from.md },
  { label: 'Produto' },
];

export function EntryLinesTable({
  lines,
  choices,
  onLink,
  onCreate,
  onFactor,
}: {
  lines: NfePreviewLine[];
  choices: Choices;
  onLink: (line: NfePreviewLine) => void;
  onCreate: (line: NfePreviewLine) => void;
  onFactor: (item: number, units: number) => void;
}) {
  return (
    <ListTable label="Itens da NF-e" columns={COLUMNS} rows={lines}>
      {(line) => (
        <tr key={line.item_number} data-item={line.item_number} className={line.problem ? 'bg-red-50' : undefined}>
          <Td className="min-w-0 max-w-xs">
            <div className="text-sm font-medium text-slate-900">
              {line.item_number}. {line.description}
            </div>
            <div className="text-xs text-slate-500">
              Cód. {line.supplier_code}
              {line.ean ? ` · EAN ${line.ean}` : ''} · NCM {line.ncm}
            </div>
            <div className={`mt-2 space-y-1 text-sm ${FOLD.upTo.md}`}>
              <UnitsCell line={line} onFactor={onFactor} />
              <div>{line.cost_per_unit === null ? '—' : `${formatBRL(line.cost_per_unit)} / un.`}</div>
              <CostBreakdown line={line} prefix="Custo total " />
            </div>
            {line.problem ? (
              <p role="alert" className="mt-1 text-xs text-red-700">
                {line.problem}
              </p>
            ) : null}
          </Td>
          <Td className={FOLD.from.md}>
            <UnitsCell line={line} onFactor={onFactor} />
          </Td>
          <Td className={`${FOLD.from.md} whitespace-nowrap`}>
            {line.cost_per_unit === null ? '—' : formatBRL(line.cost_per_unit)}
          </Td>
          <Td className={FOLD.from.md}>
            <CostBreakdown line={line} />
          </Td>
          <Td>
            <ChoiceCell
              line={line}
              choice={choices[line.item_number] ?? { kind: 'none' }}
              onLink={() => onLink(line)}
              onCreate={() => onCreate(line)}
            />
          </Td>
        </tr>
      )}
    </ListTable>
  );
}
