// Configurações > Fiscal > 'Tributos aproximados (IBPT)': the table the store has (version,
// validity, NCMs, when imported) and the import of a new one. The file is read here first,
// line by line with its progress shown (a state's table has ~13,000 lines), and a file with
// bad lines is not sent: its errors are listed. The server reads it again and replaces the
// store's table whole; what it warns of (another state's table, one out of force) is shown.
import { z } from 'zod/mini';
import { useState, type FormEvent } from 'react';
import type { IbptTableInfo } from '../../../shared/contract/fiscal-ibpt';
import { IbptLineErrorSchema } from '../../../shared/contract/fiscal-ibpt';
import type { IbptLineError } from '../../../shared/fiscal/ibpt-csv';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { ErrorNote } from '../../components/error-note';
import { FilePicker } from '../../components/file-picker';
import { ProgressStatus } from '../../components/progress-status';
import { toast } from '../../components/toast-store';
import { ApiError, describeError } from '../../lib/api-error';
import { readIbptFile, useIbptTable, useImportIbptTable } from './fiscal-ibpt-api';

const brDate = (iso: string) => iso.split('-').reverse().join('/');
const brDateTime = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
const count = (n: number) => n.toLocaleString('pt-BR');

type Step = { kind: 'idle' } | { kind: 'reading'; done: number; total: number } | { kind: 'sending' };

function TableSummary({ table }: { table: IbptTableInfo }) {
  return (
    <dl
      aria-label="Tabela do IBPT da loja"
      className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]"
    >
      <dt className="text-slate-500">Versão</dt>
      <dd className="text-slate-900">
        {table.version}
        {table.uf ? ` (${table.uf})` : ''}
      </dd>
      <dt className="text-slate-500">Vigência</dt>
      <dd className="flex flex-wrap items-center gap-2 text-slate-900">
        de {brDate(table.valid_from)} a {brDate(table.valid_until)}
        <Badge tone={table.in_force ? 'green' : 'red'}>{table.in_force ? 'Em vigor' : 'Fora da vigência'}</Badge>
      </dd>
      <dt className="text-slate-500">NCMs</dt>
      <dd className="text-slate-900">{count(table.count)}</dd>
      <dt className="text-slate-500">Importada em</dt>
      <dd className="text-slate-900">{brDateTime(table.imported_at)}</dd>
    </dl>
  );
}

/** Reading the file here (its lines counted), then sending it and the server writing it. */
function ReadProgress({ step }: { step: Exclude<Step, { kind: 'idle' }> }) {
  return step.kind === 'reading' ? (
    <ProgressStatus
      text={`Lendo o arquivo: linha ${count(step.done)} de ${count(step.total)}`}
      done={step.done}
      total={step.total}
    />
  ) : (
    <ProgressStatus text="Enviando e gravando a tabela..." />
  );
}

function LineErrors({ errors, total }: { errors: readonly IbptLineError[]; total: number }) {
  return (
    <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-medium">
        A tabela não foi importada: {errors.length === 1 ? 'corrija a linha abaixo' : 'corrija as linhas abaixo'} ou
        baixe o arquivo de novo.
      </p>
      <ul aria-label="Erros do arquivo" className="mt-2 max-h-64 list-disc space-y-1 overflow-y-auto pl-5 break-words">
        {errors.map((e) => (
          <li key={`${e.line}-${e.message}`}>{e.message}</li>
        ))}
      </ul>
      {total > errors.length && (
        <p className="mt-2">
          E mais {count(total - errors.length)} {total - errors.length === 1 ? 'linha' : 'linhas'} com erro.
        </p>
      )}
    </div>
  );
}

interface BadLines {
  errors: IbptLineError[];
  /** Bad lines in all (the list stops at 50). */
  total: number;
}

/** The bad lines a refusal of the server lists, if it lists them. */
function serverLineErrors(error: unknown): BadLines | null {
  if (!(error instanceof ApiError)) return null;
  const details = error.details as { errors?: unknown; bad_lines?: unknown } | undefined;
  const parsed = z.array(IbptLineErrorSchema).safeParse(details?.errors);
  if (!parsed.success || parsed.data.length === 0) return null;
  const total = typeof details?.bad_lines === 'number' ? details.bad_lines : parsed.data.length;
  return { errors: parsed.data, total };
}

export function FiscalIbptCard() {
  const query = useIbptTable();
  const upload = useImportIbptTable();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [bad, setBad] = useState<BadLines | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const busy = step.kind !== 'idle';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBad(null);
    setFailure(null);
    setWarnings([]);
    if (!file) return setFailure('Escolha o arquivo .csv da tabela do IBPT da UF da loja.');
    try {
      setStep({ kind: 'reading', done: 0, total: 0 });
      const read = await readIbptFile(file, (done, total) => setStep({ kind: 'reading', done, total }));
      if (read.errors.length > 0) return setBad({ errors: read.errors, total: read.bad_lines });
      setStep({ kind: 'sending' });
      const result = await upload.mutateAsync(file);
      setWarnings(result.warnings);
      setFile(null);
      setInputKey((k) => k + 1);
      toast({
        title: 'Tabela do IBPT importada',
        description: `Versão ${result.table.version}: ${count(result.table.count)} NCMs.`,
      });
    } catch (error) {
      const lines = serverLineErrors(error);
      if (lines) setBad(lines);
      else setFailure(describeError(error, 'Erro ao importar a tabela do IBPT'));
    } finally {
      setStep({ kind: 'idle' });
    }
  }

  return (
    <Card className="xl:col-span-2">
      <CardHeader
        title="Tributos aproximados (IBPT)"
        description="A tabela do IBPT da UF da loja (Lei 12.741/2012): com ela, cada item da nota leva o valor aproximado dos tributos federais, estaduais e municipais. Sem tabela em vigor, a nota sai sem esse valor."
      />
      <CardContent className="flex flex-col gap-4">
        {query.isPending ? (
          <p className="text-sm text-slate-600">Carregando a tabela...</p>
        ) : query.data ? (
          <TableSummary table={query.data} />
        ) : (
          <p className="text-sm text-slate-600">
            {query.isError ? 'Erro ao carregar a tabela do IBPT.' : 'Nenhuma tabela importada.'}
          </p>
        )}
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
          <FilePicker
            key={inputKey}
            label="Arquivo da tabela (TabelaIBPTax<UF>...csv, de deolhonoimposto.ibpt.org.br)"
            accept=".csv,text/csv"
            file={file}
            disabled={busy}
            onFile={setFile}
          />
          {busy && <ReadProgress step={step} />}
          {bad && <LineErrors errors={bad.errors} total={bad.total} />}
          {failure && <ErrorNote>{failure}</ErrorNote>}
          {warnings.length > 0 && (
            <ul
              aria-label="Avisos da importação"
              className="space-y-1 rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900"
            >
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              {busy ? 'Importando...' : 'Importar tabela'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
