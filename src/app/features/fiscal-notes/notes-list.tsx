// The notes' filters (status, series, days, key/number/sale) and their rows, as cards that
// fit a phone: number and series, status badge, date, value, sale and key; a note issued in
// offline contingency says so, and until SEFAZ authorizes it, by when it must get there.
import type { ChangeEvent } from 'react';
import { emissionTypeOf, FISCAL_NOTE_STATUSES, replacedByText, type FiscalNote } from '../../../shared/contract/fiscal-notes';
import { deadlineText } from '../../../shared/fiscal/contingency-deadline';
import { formatBRL } from '../../../shared/money';
import { Badge } from '../../components/badge';
import { Card, CardContent } from '../../components/card';
import { ChoiceField } from '../../components/choice-field';
import { DateRangeFields } from '../../components/date-input';
import { TextField } from '../../components/field';
import type { NoteFilters } from './api';
import { groupedKey, localWhen, STATUS_TONES, statusLabel } from './notes-format';

const STATUS_LABELS = Object.fromEntries(FISCAL_NOTE_STATUSES.map((s) => [s, statusLabel(s)]));

export function NotesFilters({ filters, onChange }: { filters: NoteFilters; onChange: (f: NoteFilters) => void }) {
  const set = (key: keyof NoteFilters) => (value: string) => onChange({ ...filters, [key]: value });
  return (
    <Card className="mb-4">
      <CardContent className="grid gap-3 pt-4 sm:grid-cols-2 lg:grid-cols-5">
        <ChoiceField
          label="Situação"
          value={filters.status}
          onChange={(e: ChangeEvent<HTMLSelectElement>) => set('status')(e.target.value)}
          first={{ value: '', label: 'Todas' }}
          choices={FISCAL_NOTE_STATUSES}
          labels={STATUS_LABELS}
        />
        <TextField
          label="Série"
          inputMode="numeric"
          placeholder="Todas"
          value={filters.series}
          onChange={(e) => set('series')(e.target.value.replace(/\D/g, '').slice(0, 3))}
        />
        <DateRangeFields
          range={{ start_date: filters.from, end_date: filters.to }}
          onChange={(key, date) => set(key === 'start_date' ? 'from' : 'to')(date)}
        />
        <TextField
          label="Buscar"
          placeholder="Chave, número ou venda"
          value={filters.q}
          onChange={(e) => set('q')(e.target.value)}
        />
      </CardContent>
    </Card>
  );
}

const deadlineWhen = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

/** Until when a contingency note must reach SEFAZ; red once it is late. */
function ContingencyDeadline({ deadline }: { deadline: string }) {
  const late = new Date(deadline).getTime() < Date.now();
  return (
    <span className={late ? 'font-medium text-red-700' : 'text-amber-800'}>
      Enviar à SEFAZ até {deadlineWhen(deadline)} ({deadlineText(deadline)})
    </span>
  );
}

export function NotesList({ notes, onOpen }: { notes: readonly FiscalNote[]; onOpen: (id: string) => void }) {
  if (notes.length === 0)
    return <p className="rounded-md bg-white p-6 text-center text-sm text-slate-500">Nenhuma nota encontrada.</p>;
  return (
    <ul aria-label="Notas fiscais" className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      {notes.map((note) => (
        <li key={note.id} className="border-b border-slate-100 last:border-b-0">
          <button
            type="button"
            onClick={() => onOpen(note.id)}
            className="flex w-full min-w-0 flex-col gap-1 px-4 py-3 text-left text-sm hover:bg-slate-50"
          >
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">
                NFC-e nº {note.number} <span className="font-normal text-slate-600">série {note.series}</span>
              </span>
              <span className="flex flex-wrap gap-1">
                {emissionTypeOf(note) === 9 ? <Badge tone="gray">Contingência</Badge> : null}
                <Badge tone={STATUS_TONES[note.status]}>{statusLabel(note.status)}</Badge>
              </span>
            </span>
            <span className="flex flex-wrap justify-between gap-x-3 text-slate-600">
              <span>{localWhen(note.issued_at_local)}</span>
              <span className="font-semibold tabular-nums text-slate-900">{formatBRL(note.total)}</span>
            </span>
            {note.sale_number ? (
              <span className="text-slate-700">
                Venda #{note.sale_number}
                {note.sale_cancelled ? (
                  <span className="font-medium text-amber-800"> · cancelada no Balcão</span>
                ) : null}
              </span>
            ) : null}
            {note.replaced_by ? (
              <span className="font-medium text-amber-800">{replacedByText(note.replaced_by)}</span>
            ) : null}
            {note.contingency_deadline ? <ContingencyDeadline deadline={note.contingency_deadline} /> : null}
            {note.status === 'rejeitada' && note.reason && !note.replaced_by ? (
              <span className="text-red-700">
                {note.cstat ? `${note.cstat}: ` : ''}
                {note.reason}
              </span>
            ) : null}
            <span className="break-all font-mono text-xs text-slate-500">{groupedKey(note.key)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
