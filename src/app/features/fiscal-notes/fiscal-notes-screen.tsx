// Notas Fiscais (admins): every NFC-e with its status, filters and detail (the XML, the
// rejection and what to fix, 'Reenviar', 'Cancelar nota'); 'Numeração', the skipped
// numbers to void; 'Baixar XML do mês', the accountant's ZIP of a month; and, above them, the
// products without NCM that no note can carry yet.
import { useMemo, useState } from 'react';
import { todayIso } from '../../../shared/dates';
import { Button } from '../../components/button';
import { SelectField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { InlineLoading } from '../../components/spinner';
import { Tabs } from '../../components/tabs';
import { toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { downloadMonth, NO_NOTE_FILTERS, useFiscalNotes, type NoteFilters } from './api';
import { NoteDetailDialog } from './note-detail';
import { exportMonths, lastMonth } from './notes-format';
import { NotesFilters, NotesList } from './notes-list';
import { NumberingTab } from './numbering-tab';
import { WithoutNcmNotice } from './without-ncm-notice';

const SEARCH_DEBOUNCE_MS = 400;

export function FiscalNotesScreen() {
  const [tab, setTab] = useState('notas');
  return (
    <div className="min-w-0">
      <PageHeader title="Notas Fiscais" subtitle="As NFC-e da loja, a numeração e o XML para o contador" />
      <WithoutNcmNotice />
      <MonthDownload />
      <Tabs
        label="Notas Fiscais"
        value={tab}
        onChange={setTab}
        items={[
          { value: 'notas', label: 'Notas', content: <NotesTab /> },
          { value: 'numeracao', label: 'Numeração', content: <NumberingTab /> },
        ]}
      />
    </div>
  );
}

function NotesTab() {
  const [filters, setFilters] = useState<NoteFilters>(NO_NOTE_FILTERS);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const typed = useDebouncedValue(filters, SEARCH_DEBOUNCE_MS);
  const list = useFiscalNotes(typed, page);
  const pagination = list.data?.pagination;
  return (
    <div>
      <NotesFilters
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {list.isPending ? <InlineLoading text="Carregando notas..." /> : null}
      {list.isError && !list.data ? (
        <p className="text-sm text-red-700">Erro ao carregar as notas. Verifique a conexão e tente novamente.</p>
      ) : null}
      {list.data ? <NotesList notes={list.data.notes} onOpen={setOpenId} /> : null}
      {pagination ? <PaginationBar page={page} totalPages={pagination.totalPages} onPage={setPage} /> : null}
      <NoteDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function MonthDownload() {
  const months = useMemo(() => exportMonths(todayIso()), []);
  const [month, setMonth] = useState(() => lastMonth(todayIso()));
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadMonth(month);
    } catch (e) {
      toastError('O XML do mês não foi baixado', describeError(e, 'Erro desconhecido'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <SelectField label="Mês" value={month} onChange={(e) => setMonth(e.target.value)} className="w-56">
        {months.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <Button onClick={() => void download()} disabled={busy || !/^\d{4}-\d{2}$/.test(month)}>
        {busy ? 'Baixando...' : 'Baixar XML do mês'}
      </Button>
      <p className="basis-full text-xs text-slate-500">
        Um ZIP com o XML de cada nota autorizada, os cancelamentos, as inutilizações e um resumo em planilha (CSV).
      </p>
    </div>
  );
}
