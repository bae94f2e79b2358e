// Caixas: the till sessions (admins see every one, a cashier their own: the server
// decides): device, operator, opened and closed at, float, expected, counted, difference
// and status (under the difference, each method that differed when there were several: a
// shortage in cash and a surplus in Pix never read as 'R$ 0,00' alone); a session opens
// its 'Fechamento de Caixa' (movements, sales by method),
// printable on A4 or an 80 mm printer and exported as CSV.
import { useState } from 'react';
import { closeEntries } from '../../../shared/caixa';
import type { CashSession } from '../../../shared/contract/cash-sessions';
import { tillOf } from './till-of';
import { formatBRL } from '../../../shared/money';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { cn } from '../../components/cn';
import { ColumnHeads, EmptyRow, FOLD, TBody, Table, Td, type Column } from '../../components/table';
import { useCashSessions } from './api';
import { CaixaDetail } from './caixa-detail';
import { TillNames } from './till-names';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }) : '—';
const sum = (list: readonly { amount: number }[]) => list.reduce((s, e) => s + e.amount, 0);
const counted = (s: CashSession) => (s.figures ? s.figures.reduce((t, f) => t + f.counted, 0) : null);

/** The close's entries by method, when more than one method differed. */
function MethodDifferences({ figures }: { figures: CashSession['figures'] }) {
  const entries = figures ? closeEntries(figures) : [];
  if (entries.length < 2) return null;
  return (
    <ul className="mt-0.5 text-xs text-slate-600">
      {entries.map((e) => (
        <li key={e.method}>
          {e.label}: <span className="whitespace-nowrap">{formatBRL(e.type === 'expense' ? -e.amount : e.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: readonly Column[] = [
  { label: 'Dispositivo' },
  { label: 'Operador', className: FOLD.from.xl },
  { label: 'Abertura', className: FOLD.from.md },
  { label: 'Fechamento', className: FOLD.from.md },
  { label: 'Fundo', className: cn(FOLD.from.xl, 'text-right') },
  { label: 'Esperado', className: cn(FOLD.from.sm, 'text-right') },
  { label: 'Contado', className: cn(FOLD.from.xl, 'text-right') },
  { label: 'Diferença', className: 'text-right' },
  { label: 'Situação' },
];

export function CaixasScreen() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = useCashSessions(page);
  const sessions = query.data?.sessions ?? [];
  return (
    <div>
      <PageHeader title="Caixas" subtitle="Aberturas, movimentações e fechamentos de caixa" />
      <TillNames />
      <Card>
        <Table aria-label="Caixas">
          <ColumnHeads columns={COLUMNS} />
          <TBody>
            {query.isLoading ? (
              <EmptyRow colSpan={COLUMNS.length} text="Carregando caixas..." />
            ) : query.isError ? (
              <EmptyRow colSpan={COLUMNS.length} text="Erro ao carregar caixas" />
            ) : sessions.length === 0 ? (
              <EmptyRow colSpan={COLUMNS.length} text="Nenhum caixa encontrado" />
            ) : (
              sessions.map((s) => {
                const c = counted(s);
                return (
                  <tr key={s.id} className="cursor-pointer hover:bg-slate-50" onClick={() => setOpen(s.id)}>
                    <Td>
                      <button
                        type="button"
                        className="break-words text-left text-blue-700 underline"
                        onClick={() => setOpen(s.id)}
                      >
                        {tillOf(s) ?? 'Dispositivo'}
                      </button>
                      {/* Narrower screens: the folded columns under the device. */}
                      <div className={cn(FOLD.upTo.xl, 'mt-0.5 text-xs text-slate-600')}>{s.opened_by_name ?? '—'}</div>
                      <div className={cn(FOLD.upTo.md, 'text-xs text-slate-600')}>
                        {when(s.opened_at)} – {when(s.closed_at)}
                      </div>
                      <div className={cn(FOLD.upTo.xl, 'text-xs tabular-nums text-slate-600')}>
                        Fundo {formatBRL(s.opening_float)}
                        <span className={FOLD.upTo.sm}> · Esperado {formatBRL(sum(s.expected))}</span>
                        {c === null ? null : <> · Contado {formatBRL(c)}</>}
                      </div>
                    </Td>
                    <Td className={FOLD.from.xl}>{s.opened_by_name ?? '—'}</Td>
                    <Td className={FOLD.from.md}>{when(s.opened_at)}</Td>
                    <Td className={FOLD.from.md}>{when(s.closed_at)}</Td>
                    <Td className={cn(FOLD.from.xl, 'text-right tabular-nums')}>{formatBRL(s.opening_float)}</Td>
                    <Td className={cn(FOLD.from.sm, 'text-right tabular-nums')}>{formatBRL(sum(s.expected))}</Td>
                    <Td className={cn(FOLD.from.xl, 'text-right tabular-nums')}>{c === null ? '—' : formatBRL(c)}</Td>
                    <Td className="text-right tabular-nums">
                      {s.difference === null ? '—' : formatBRL(s.difference)}
                      <MethodDifferences figures={s.figures} />
                    </Td>
                    <Td>
                      <Badge tone={s.status === 'open' ? 'blue' : 'gray'}>
                        {s.status === 'open' ? 'Aberto' : 'Fechado'}
                      </Badge>
                    </Td>
                  </tr>
                );
              })
            )}
          </TBody>
        </Table>
      </Card>
      <PaginationBar page={page} totalPages={query.data?.pagination.totalPages ?? 1} onPage={setPage} />
      {open ? <CaixaDetail id={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
