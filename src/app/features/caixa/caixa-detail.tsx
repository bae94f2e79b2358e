// One till session: 'Fechamento de Caixa' with its figures per method (expected, counted,
// difference; only expected while open), its movements, its sales and the instalments
// received in it by method. Printed
// on A4 or an 80 mm receipt printer (caixa-print.css; the size is set for that print
// only) and exported as CSV.
import type { CashSessionDetail } from '../../../shared/contract/cash-sessions';
import { tillOf } from './till-of';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { CaixaFiguresHead, CloseEntries } from '../../components/caixa-figures';
import { Dialog } from '../../components/dialog';
import { csvFileName, downloadCsv } from '../../lib/csv';
import { useCashSession } from './api';
import { caixaRows } from './caixa-csv';
import './caixa-print.css';

/** What the session took in by method: its sales, or the instalments received in it. */
function MethodTakes({
  title,
  takes,
  unit,
}: {
  title: string;
  takes: CashSessionDetail['sales_by_method'];
  unit: string;
}) {
  return (
    <section>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <ul>
        {takes.map((m) => (
          <li key={m.method} className="flex justify-between gap-2 border-t border-slate-100 py-1">
            <span>
              {PAYMENT_METHOD_LABELS[m.method]} · {m.count} {unit}
            </span>
            <span className="tabular-nums">{formatBRL(m.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('pt-BR') : '—');

/** Prints with the page size asked (A4 or an 80 mm roll), then takes the size away. */
const MM_PER_PX = 25.4 / 96;
/** The roll's margins (3 mm each end) and a little more, so rounding never spills onto a second page. */
const ROLL_EXTRA_MM = 10;

/** How long the 80 mm report is: a copy drawn off screen at the roll's printable width. */
function rollLengthMm(): number {
  const report = document.querySelector<HTMLElement>('[data-print-caixa]');
  if (!report) return 297;
  const probe = report.cloneNode(true) as HTMLElement;
  // Through the CSSOM: the content security policy allows no inline style attribute.
  Object.assign(probe.style, { position: 'absolute', left: '-10000px', top: '0', width: '74mm', fontSize: '10px' });
  probe.querySelectorAll<HTMLElement>('dl').forEach((dl) => (dl.style.gridTemplateColumns = '1fr'));
  document.body.append(probe);
  const height = probe.getBoundingClientRect().height;
  probe.remove();
  return Math.ceil(height * MM_PER_PX) + ROLL_EXTRA_MM;
}

function printAs(size: 'A4' | '80mm') {
  // The page size goes in through the CSSOM (a constructed sheet): the content security
  // policy allows no inline <style>, so a <style> element would be ignored.
  const page =
    size === 'A4' ? '@page { size: A4; margin: 12mm; }' : `@page { size: 80mm ${rollLengthMm()}mm; margin: 3mm; }`;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(page);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  document.body.dataset.printCaixa = size;
  // Undone when the print dialog has closed (the page is printed as it is until then).
  const done = () => {
    window.removeEventListener('afterprint', done);
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    delete document.body.dataset.printCaixa;
  };
  window.addEventListener('afterprint', done);
  window.print();
}

export function CaixaDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useCashSession(id);
  const s = query.data;
  return (
    <Dialog open onClose={onClose} title="Fechamento de Caixa" size="lg">
      {!s ? (
        <p className="text-sm text-slate-600">{query.isError ? 'Erro ao carregar o caixa' : 'Carregando...'}</p>
      ) : (
        <div data-print-caixa="" className="space-y-4 text-sm">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
            <dt className="text-slate-500">Dispositivo</dt>
            <dd>{tillOf(s) ?? '—'}</dd>
            <dt className="text-slate-500">Operador</dt>
            <dd>{s.opened_by_name ?? '—'}</dd>
            <dt className="text-slate-500">Abertura</dt>
            <dd>{when(s.opened_at)}</dd>
            <dt className="text-slate-500">Fechamento</dt>
            <dd>{when(s.closed_at)}</dd>
            <dt className="text-slate-500">Fundo de troco</dt>
            <dd>{formatBRL(s.opening_float)}</dd>
          </dl>
          <table className="w-full" aria-label="Esperado e contado">
            <CaixaFiguresHead />
            <tbody>
              {(
                s.figures ??
                s.expected.map((e) => ({ method: e.method, expected: e.amount, counted: null, difference: null }))
              ).map((f) => (
                <tr key={f.method} className="border-t border-slate-100">
                  <td className="py-1">{PAYMENT_METHOD_LABELS[f.method]}</td>
                  <td className="py-1 text-right tabular-nums">{formatBRL(f.expected)}</td>
                  <td className="py-1 text-right tabular-nums">{f.counted === null ? '—' : formatBRL(f.counted)}</td>
                  <td className="py-1 text-right tabular-nums">
                    {f.difference === null ? '—' : formatBRL(f.difference)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {s.difference !== null ? <p className="font-semibold">Diferença total: {formatBRL(s.difference)}</p> : null}
          {s.figures ? <CloseEntries figures={s.figures} /> : null}
          {s.close_reason ? <p>Motivo: {s.close_reason}</p> : null}
          <section>
            <h3 className="font-semibold text-slate-900">Movimentações</h3>
            {s.movements.length === 0 ? (
              <p className="text-slate-500">Nenhuma sangria ou suprimento.</p>
            ) : (
              <ul>
                {s.movements.map((m) => (
                  <li key={m.id} className="flex justify-between gap-2 border-t border-slate-100 py-1">
                    <span>
                      {m.kind === 'sangria' ? 'Sangria' : 'Suprimento'} · {m.reason} · {when(m.made_at)}
                    </span>
                    <span className="tabular-nums">{formatBRL(m.kind === 'sangria' ? -m.amount : m.amount)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <MethodTakes title="Vendas por forma de pagamento" takes={s.sales_by_method} unit="venda(s)" />
          {s.installments_by_method.length > 0 ? (
            <MethodTakes title="Parcelas recebidas" takes={s.installments_by_method} unit="recebimento(s)" />
          ) : null}
          <div className="flex flex-wrap justify-end gap-2 print:hidden">
            <Button
              variant="outline"
              onClick={() => downloadCsv(csvFileName(`caixa-${s.opened_at.slice(0, 10)}`), caixaRows(s))}
            >
              Exportar CSV
            </Button>
            <Button variant="outline" onClick={() => printAs('80mm')}>
              Imprimir 80 mm
            </Button>
            <Button onClick={() => printAs('A4')}>Imprimir A4</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
