// A statement (DRE, balance sheet) as a table: section headings, indented lines, ruled
// subtotals and a double-ruled total; values right-aligned, losses in parentheses. On a
// phone the DRE's '% Receita' folds under each value.
import { cn } from '../../components/cn';
import { FOLD } from '../../components/table';
import type { StatementLine } from './statement-lines';
import { formatAccounting, formatAccountingPercent } from './report-format';

const ROW: Record<StatementLine['kind'], string> = {
  section: 'bg-slate-50 font-semibold uppercase tracking-wide text-xs text-slate-700',
  line: 'font-normal text-slate-800',
  subtotal: 'border-t border-slate-300 font-semibold text-slate-900',
  total: 'border-t-2 border-b-4 border-double border-slate-800 font-bold text-slate-900',
};

// A <th> is bold by default: each kind says its own weight.
const HEADING: Record<StatementLine['kind'], string> = {
  section: '',
  line: 'pl-6 font-normal',
  subtotal: 'pl-3 font-semibold',
  total: 'pl-3 font-bold',
};

export function StatementTable({
  caption,
  lines,
  withPercent,
}: {
  caption: string;
  lines: StatementLine[];
  withPercent: boolean;
}) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
          <th scope="col" className="py-2 pl-3 pr-2 font-medium">
            Conta
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            Valor
          </th>
          {withPercent ? (
            <th scope="col" className={cn(FOLD.from.sm, 'py-2 pl-2 pr-3 text-right font-medium')}>
              % Receita
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) =>
          line.kind === 'section' ? (
            <tr key={line.label} className={ROW.section}>
              <th scope="colgroup" colSpan={withPercent ? 3 : 2} className="py-2 pl-3 pr-2 text-left">
                {line.label}
              </th>
            </tr>
          ) : (
            <tr key={line.label} className={ROW[line.kind]}>
              <th scope="row" className={cn('py-2 pr-2 text-left', HEADING[line.kind])}>
                {line.label}
              </th>
              <td
                className={cn(
                  'whitespace-nowrap px-2 py-2 text-right tabular-nums',
                  withPercent && 'max-sm:pr-3',
                  (line.value ?? 0) < 0 && line.kind !== 'line' ? 'text-red-700' : null,
                )}
              >
                <div>{formatAccounting(line.value ?? 0)}</div>
                {withPercent ? (
                  <div className={cn(FOLD.upTo.sm, 'text-xs font-normal text-slate-600')}>
                    <span className="sr-only">% da receita: </span>
                    {formatAccountingPercent(line.percent ?? 0)}
                  </div>
                ) : null}
              </td>
              {withPercent ? (
                <td
                  className={cn(
                    FOLD.from.sm,
                    'whitespace-nowrap py-2 pl-2 pr-3 text-right tabular-nums text-slate-600',
                  )}
                >
                  {formatAccountingPercent(line.percent ?? 0)}
                </td>
              ) : null}
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}
