// Importar planilha (admins): pick a file, see which column Balcão takes for each field and
// change it, see what confirming would do ('N novos', 'N a atualizar', 'N com erro' and
// each error by its line), choose what the stock column means, confirm (one transaction
// on the server: every valid row, or nothing) and see the result. Progress shows while
// the file is sent and read.
import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Import, ImportMapping as Mapping, ImportPreview, StockMode } from '../../../shared/contract/imports';
import { Button } from '../../components/button';
import { Card, CardContent } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { IMPORT_TIPOS, type ImportTipo } from '../../lib/import-path';
import { newIdempotencyKey, useConfirmImport, useImportPreview, type SheetRequest } from './api';
import { ImportHistory } from './import-history';
import { counted, IMPORT_SCREEN_KINDS } from './import-kinds';
import { ImportMapping } from './import-mapping';
import { ImportCountsBar, ImportDone, ImportErrors, StockModeChoice } from './import-summary';
import { SendProgress } from './send-progress';

const tipoOf = (value: string | null): ImportTipo =>
  (IMPORT_TIPOS as readonly string[]).includes(value ?? '') ? (value as ImportTipo) : 'produtos';

export function ImportsScreen() {
  const [params] = useSearchParams();
  const screen = IMPORT_SCREEN_KINDS[tipoOf(params.get('tipo'))];
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [stockMode, setStockMode] = useState<StockMode>('set');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<Import | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(0);
  // One key per confirm of one reading: a retry after a lost answer is the same confirm.
  const confirmKey = useRef(newIdempotencyKey());
  const read = useImportPreview();
  const confirm = useConfirmImport();
  const busy = read.isPending || confirm.isPending;

  const requestOf = (sheet: File, mapping: Mapping | null, mode: StockMode): SheetRequest => ({
    kind: screen.kind,
    file: sheet,
    mapping,
    stockMode: mode,
    onProgress: setSent,
  });

  function load(sheet: File, mapping: Mapping | null, mode: StockMode) {
    setError(null);
    setSent(0);
    confirmKey.current = newIdempotencyKey();
    read.mutate(requestOf(sheet, mapping, mode), {
      onSuccess: setPreview,
      onError: (e) => {
        setPreview(null);
        setError(describeError(e, 'Erro ao ler a planilha'));
      },
    });
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setResult(null);
    load(chosen, null, stockMode);
  }

  function onStockMode(mode: StockMode) {
    setStockMode(mode);
    if (file && preview) load(file, preview.mapping, mode);
  }

  function onConfirm() {
    if (!file || !preview) return;
    setSent(0);
    confirm.mutate(
      { request: requestOf(file, preview.mapping, stockMode), key: confirmKey.current },
      {
        onSuccess: (data) => {
          setResult(data);
          setPreview(null);
          setFile(null);
          toast({ title: 'Importação concluída', description: data.file_name });
        },
        onError: (e) => toastError('Erro ao importar a planilha', describeError(e, 'Erro desconhecido')),
      },
    );
  }

  const writes = preview ? preview.counts.created + preview.counts.updated : 0;
  const hasStock = preview?.fields.some((f) => f.key === 'stock') ?? false;

  return (
    <div className="space-y-6">
      <PageHeader
        title={screen.title}
        subtitle={screen.subtitle}
        actions={
          <Button variant="outline" onClick={() => void navigate(screen.back.path)}>
            {screen.back.label}
          </Button>
        }
      />
      <Card>
        <CardContent className="space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            <label className="inline-flex h-10 cursor-pointer items-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white focus-within:ring-2 focus-within:ring-blue-500 hover:bg-blue-800">
              Escolher planilha
              <input
                type="file"
                accept=".xlsx,.csv,.txt,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                className="sr-only"
                aria-label="Planilha (.xlsx ou .csv)"
                disabled={busy}
                onChange={onFile}
              />
            </label>
            {file ? <span className="text-sm break-all text-slate-700">{file.name}</span> : null}
          </div>
          <p className="text-xs text-slate-500">
            Excel (.xlsx) ou CSV, até 20 MB. A primeira linha tem os nomes das colunas; nada é gravado antes de você
            confirmar.
          </p>
          {busy ? <SendProgress sent={sent} confirming={confirm.isPending} /> : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {result ? <ImportDone result={result} /> : null}

      {preview ? (
        <>
          <Card className="space-y-4 p-4">
            <p className="text-sm text-slate-700">
              {counted(preview.rows, 'linha lida', 'linhas lidas')} de {preview.file_name}
            </p>
            <ImportCountsBar
              counts={preview.counts}
              kind={preview.kind}
              total={preview.total}
              newCustomers={preview.new_customers}
            />
            {preview.already_imported ? (
              <p role="alert" className="rounded-md bg-yellow-50 p-3 text-sm text-yellow-900">
                Esta planilha já foi importada
                {preview.already_imported.by ? ` por ${preview.already_imported.by}` : ''}: importá-la de novo não muda
                nada.
              </p>
            ) : null}
            {hasStock ? <StockModeChoice value={stockMode} disabled={busy} onChange={onStockMode} /> : null}
          </Card>
          <ImportMapping
            preview={preview}
            disabled={busy}
            onChange={(mapping) => file && load(file, mapping, stockMode)}
          />
          <ImportErrors preview={preview} />
          <div className="flex flex-wrap items-center justify-end gap-3">
            {preview.counts.errors > 0 && writes > 0 ? (
              <span className="text-sm text-slate-600">
                {counted(preview.counts.errors, 'linha com erro fica', 'linhas com erro ficam')} de fora
              </span>
            ) : null}
            <Button onClick={onConfirm} disabled={busy || writes === 0 || preview.already_imported !== null}>
              {confirm.isPending ? 'Importando...' : `Importar ${counted(writes, 'linha', 'linhas')}`}
            </Button>
          </div>
        </>
      ) : null}

      <ImportHistory kind={screen.kind} />
    </div>
  );
}
