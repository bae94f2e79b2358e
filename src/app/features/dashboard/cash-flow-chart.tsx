// Admins' cash-flow chart: the chosen period's daily income and expenses, and the balance.
import { lazy, useState } from 'react';
import { DASHBOARD_DEFAULT_PERIOD_DAYS } from '../../../shared/constants';
import { CASH_CHART_FALLBACK_ERROR, useDashboardCashFlowChart, type CashFlowChartData } from './api';
import { ChartCard } from './chart-card';

const CashFlowPlot = lazy(() => import('./cash-flow-plot'));

const isEmpty = (points: CashFlowChartData) =>
  points.every((p) => p.income === 0 && p.expenses === 0 && p.balance === 0);

export function CashFlowChart({ scope }: { scope: string }) {
  const [days, setDays] = useState<number>(DASHBOARD_DEFAULT_PERIOD_DAYS);
  const query = useDashboardCashFlowChart('admin', days);
  return (
    <ChartCard
      title="Fluxo de Caixa"
      days={days}
      onDays={setDays}
      query={query}
      fallbackError={CASH_CHART_FALLBACK_ERROR}
      isEmpty={isEmpty}
      scope={scope}
    >
      {(data) => <CashFlowPlot data={data} />}
    </ChartCard>
  );
}
