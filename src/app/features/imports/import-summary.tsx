// What a preview says before anything is written: the counts ('N novos', 'N a atualizar',
// 'N com erro'), the stock choice of a products import, the rows with errors by their
// line; and, once confirmed, what the import did.
import {
  STOCK_MODE_LABELS,
  STOCK_MODES,
  type Import,
  type ImportCounts,
  type ImportKind,
  type ImportPreview,
  type StockMode,
} from '../../../shared/contract/imports';
import { IMPORT_UPDATES } from '../../../shared/import/fields';
import { formatBRL } from '../../../shared/money';
import { Card, CardContent, CardHeader } from '../../components/card';
import { counted } from './import-kinds';

const TONES = {
  created: 'bg-green-50 text-green-800 border-green-200',
  updated: 'bg-blue-50 text-blue-800 border-blue-200',
  unchanged: 'bg-slate-50 text-slate-700 border-slate-200',
  errors: 'bg-red-50 text-red-800 border-red-200',
} as const;

/** The counts in words, in the order they are shown. */
export function countWords(counts: ImportCounts, kind: ImportKind, done = false): [keyof ImportCounts, string][] {
  const updated: [keyof ImportCounts, string] = [
    'updated',
    done
      ? counted(counts.updated, 'atualizado', 'atualizados')
      : `${counts.updated.toLocaleString('pt-BR')} a atualizar`,
  ];
  return [
    ['created', counted(counts.created, 'novo', 'novos')],
    // An import that never updates (open crediário) does not show a count that is always 0.
    ...(IMPORT_UPDATES[kind] ? [updated] : []),
    ['unchanged', `${counts.unchanged.toLocaleString('pt-BR')} sem alteração`],
    ['errors', `${counts.errors.toLocaleString('pt-BR')} com erro`],
  ];
}

export function ImportCountsBar({
  counts,
  kind,
  total,
  newCustomers,
}: {
  counts: ImportCounts;
  kind: ImportKind;
  total: number | null;
  /** open crediário: the customers it creates */
  newCustomers: number | null;
}) {
  return (
    <div className="flex flex-wrap gap-2" aria-label="Resumo da planilha">
      {countWords(counts, kind).map(([key, words]) => (
        <span key={key} className={`rounded-md border px-3 py-1.5 text-sm font-medium ${TONES[key]}`}>
          {words}
        </span>
      ))}
      {newCustomers !== null ? (
        <span className="rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium">
          {counted(newCustomers, 'cliente novo', 'clientes novos')}
        </span>
      ) : null}
      {total !== null ? (
        <span className="rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium">
          Total: {formatBRL(total)}
        </span>
      ) : null}
    </div>
  );
}

const STOCK_HINTS: Record<StockMode, string> = {
  set: 'A planilha é uma contagem: o estoque de cada produto passa a ser o da planilha.',
  add: 'A planilha é uma entrada: a quantidade da planilha é somada ao estoque de cada produto.',
};

export function StockModeChoice({
  value,
  disabled,
  onChange,
}: {
  value: StockMode;
  disabled: boolean;
  onChange: (mode: StockMode) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Estoque da planilha</legend>
      {STOCK_MODES.map((mode) => (
        <label key={mode} className="flex cursor-pointer items-start gap-2 text-sm">
          <input
            type="radio"
            name="stock-mode"
            value={mode}
            checked={value === mode}
            disabled={disabled}
            onChange={() => onChange(mode)}
            className="mt-1"
          />
          <span>
            <span className="font-medium">{STOCK_MODE_LABELS[mode]}</span>
            <span className="block text-slate-600">{STOCK_HINTS[mode]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function ImportErrors({ preview }: { preview: ImportPreview }) {
  if (preview.counts.errors === 0) return null;
  const more = preview.counts.errors - preview.errors.length;
  return (
    <Card>
      <CardHeader
        title="Linhas com erro"
        description="Essas linhas não serão importadas. Corrija a planilha e importe de novo, ou importe só as linhas certas."
      />
      <CardContent>
        <ul className="max-h-80 space-y-1 overflow-y-auto text-sm text-red-800" aria-label="Erros da planilha">
          {preview.errors.map((e, i) => (
            <li key={`${e.line}-${i}`}>{e.message}</li>
          ))}
        </ul>
        {more > 0 ? (
          <p className="mt-2 text-sm text-slate-600">e mais {counted(more, 'erro', 'erros')} nas linhas seguintes</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function ImportDone({ result }: { result: Import }) {
  return (
    <Card className="border-green-300 bg-green-50 p-4" role="status">
      <p className="font-medium text-green-900">Importação concluída: {result.file_name}</p>
      <p className="text-sm text-green-900">
        {countWords(result.counts, result.kind, true)
          .map(([, words]) => words)
          .join(' · ')}
      </p>
    </Card>
  );
}
