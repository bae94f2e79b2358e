// 'Importações anteriores': the store's past imports of this kind, newest first, with what
// each did and who confirmed it.
import type { ImportKind } from '../../../shared/contract/imports';
import { Card, CardContent, CardHeader } from '../../components/card';
import { InlineLoading } from '../../components/spinner';
import { useImports } from './api';
import { countWords } from './import-summary';

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

export function ImportHistory({ kind }: { kind: ImportKind }) {
  const list = useImports(kind);
  return (
    <Card>
      <CardHeader title="Importações anteriores" />
      <CardContent>
        {list.isPending ? <InlineLoading /> : null}
        {list.data?.length ? (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Importações anteriores">
            {list.data.map((item) => (
              <li key={item.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                <span className="font-medium break-all">{item.file_name}</span>
                <span className="text-slate-600">
                  {when(item.created_at)}
                  {item.created_by_name ? ` · ${item.created_by_name}` : ''}
                </span>
                <span className="w-full text-slate-700">
                  {countWords(item.counts, item.kind, true)
                    .map(([, words]) => words)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        ) : list.data ? (
          <p className="text-sm text-slate-500">Nenhuma importação ainda</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
