// The frame of each Dashboard chart (spec §2): title, the 30/90/180/365/730-day selector,
// and the loading, error and empty texts. The plot inside (Recharts) is loaded lazily by
// the caller, so no one who never sees a chart downloads it.
import { Suspense, useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '../../components/card';
import { describeError } from '../../lib/api-error';
import { PERIOD_OPTIONS, periodLabel } from './dashboard-format';

interface ChartCardProps<T> {
  title: string;
  days: number;
  onDays: (days: number) => void;
  query: { data: T | undefined; isError: boolean; error: unknown };
  fallbackError: string;
  isEmpty: (data: T) => boolean;
  /** 'Visualizando dados de:' text, repeated under the empty message. */
  scope: string;
  children: (data: T) => ReactNode;
}

const Loading = () => (
  <p role="status" className="flex h-72 items-center justify-center text-sm text-slate-600">
    Carregando dados...
  </p>
);

export function ChartCard<T>({
  title,
  days,
  onDays,
  query,
  fallbackError,
  isEmpty,
  scope,
  children,
}: ChartCardProps<T>) {
  const selectId = useId();
  const { data } = query;
  return (
    <Card className="min-w-0" role="region" aria-label={title}>
      <CardHeader
        title={title}
        actions={
          <div className="flex items-center gap-2 print:hidden">
            <label htmlFor={selectId} className="text-sm text-slate-600">
              Período
            </label>
            <select
              id={selectId}
              value={days}
              onChange={(e) => onDays(Number(e.target.value))}
              className="h-10 w-32 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500"
            >
              {PERIOD_OPTIONS.map((o) => (
                <option key={o.days} value={o.days}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        }
      />
      <CardContent className="px-2 sm:px-5">
        {data !== undefined ? (
          isEmpty(data) ? (
            <div className="flex h-72 flex-col items-center justify-center gap-1 px-4 text-center text-sm text-slate-600">
              <p>Nenhum dado disponível para o período selecionado</p>
              <p className="text-xs">
                {scope} · {periodLabel(days)}
              </p>
            </div>
          ) : (
            <Suspense fallback={<Loading />}>{children(data)}</Suspense>
          )
        ) : query.isError ? (
          <p role="alert" className="flex h-72 items-center justify-center px-4 text-center text-sm text-red-700">
            Erro ao carregar dados: {describeError(query.error, fallbackError)}
          </p>
        ) : (
          <Loading />
        )}
      </CardContent>
    </Card>
  );
}
