// Admins' sales chart: the chosen period's daily sales count and revenue.
import { lazy, useState } from 'react';
import { DASHBOARD_DEFAULT_PERIOD_DAYS } from '../../../shared/constants';
import { SALES_CHART_FALLBACK_ERROR, useSalesChart, type SalesChartData } from './api';
import { ChartCard } from './chart-card';

const SalesPlot = lazy(() => import('./sales-plot'));

const isEmpty = (points: SalesChartData) => points.every((p) => p.sales === 0 && p.revenue === 0);

export function SalesChart({ scope }: { scope: string }) {
  const [days, setDays] = useState<number>(DASHBOARD_DEFAULT_PERIOD_DAYS);
  const query = useSalesChart('admin', days);
  return (
    <ChartCard
      title="Vendas e Receita"
      days={days}
      onDays={setDays}
      query={query}
      fallbackError={SALES_CHART_FALLBACK_ERROR}
      isEmpty={isEmpty}
      scope={scope}
    >
      {(data) => <SalesPlot data={data} />}
    </ChartCard>
  );
}
