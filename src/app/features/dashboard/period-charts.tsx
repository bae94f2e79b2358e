// Admins' charts over a chosen period (spec §2): the daily sales count and revenue, and the
// cash flow's daily income, expenses and balance. Each plot (Recharts) loads lazily.
import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { DASHBOARD_DEFAULT_PERIOD_DAYS } from '../../../shared/constants';
import {
  CASH_CHART_FALLBACK_ERROR,
  SALES_CHART_FALLBACK_ERROR,
  useDashboardCashFlowChart,
  useSalesChart,
  type CashFlowChartData,
  type SalesChartData,
} from './api';
import { ChartCard } from './chart-card';

interface PeriodChartSpec<T> {
  title: string;
  useData: (days: number) => { data: T | undefined; isError: boolean; error: unknown };
  fallbackError: string;
  isEmpty: (data: T) => boolean;
  Plot: LazyExoticComponent<ComponentType<{ data: T }>>;
}

function periodChart<T>({ title, useData, fallbackError, isEmpty, Plot }: PeriodChartSpec<T>) {
  return function PeriodChart({ scope }: { scope: string }) {
    const [days, setDays] = useState<number>(DASHBOARD_DEFAULT_PERIOD_DAYS);
    const query = useData(days);
    return (
      <ChartCard
        title={title}
        days={days}
        onDays={setDays}
        query={query}
        fallbackError={fallbackError}
        isEmpty={isEmpty}
        scope={scope}
      >
        {(data) => <Plot data={data} />}
      </ChartCard>
    );
  };
}

export const SalesChart = periodChart<SalesChartData>({
  title: 'Vendas e Receita',
  useData: (days) => useSalesChart('admin', days),
  fallbackError: SALES_CHART_FALLBACK_ERROR,
  isEmpty: (points) => points.every((p) => p.sales === 0 && p.revenue === 0),
  Plot: lazy(() => import('./sales-plot')),
});

export const CashFlowChart = periodChart<CashFlowChartData>({
  title: 'Fluxo de Caixa',
  useData: (days) => useDashboardCashFlowChart('admin', days),
  fallbackError: CASH_CHART_FALLBACK_ERROR,
  isEmpty: (points) => points.every((p) => p.income === 0 && p.expenses === 0 && p.balance === 0),
  Plot: lazy(() => import('./cash-flow-plot')),
});
