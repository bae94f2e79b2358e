// The Dashboard's metric cards (spec §2): four for everyone, three financial ones for
// admins, and 'Alertas'; eight placeholders while loading; the error text.
import type { ReactNode } from 'react';
import { GROWTH_UNAVAILABLE_FIGURE, GROWTH_UNAVAILABLE_TEXT } from '../../../shared/contract/growth';
import { formatBRL } from '../../../shared/money';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { cn } from '../../components/cn';
import type { DashboardMetricsData } from './api';
import { formatGrowth, growthTone, integer } from './dashboard-format';

const PLACEHOLDER_CARDS = 8;
const GRID = 'mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4';

const GROWTH_CLASSES = { green: 'text-green-700', red: 'text-red-700', gray: 'text-slate-600' } as const;

function MetricCard({ title, value, children }: { title: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card className="flex flex-col p-4 sm:p-5" role="group" aria-label={title}>
      <h2 className="text-sm font-medium text-slate-600">{title}</h2>
      <p data-testid="metric-value" className="mt-2 break-words text-2xl font-bold tracking-tight text-slate-900">
        {value}
      </p>
      {children ? (
        <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">{children}</div>
      ) : null}
    </Card>
  );
}

export function MetricCardsLoading() {
  return (
    <div className={GRID} role="status" aria-label="Carregando métricas">
      {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
        <Card key={i} data-testid="metric-placeholder" className="animate-pulse p-4 sm:p-5">
          <div className="h-4 w-24 rounded bg-slate-200" />
          <div className="mt-3 h-7 w-32 rounded bg-slate-200" />
          <div className="mt-3 h-3 w-20 rounded bg-slate-100" />
        </Card>
      ))}
    </div>
  );
}

export function MetricCardsError() {
  return (
    <Card className="mb-6 px-5 py-8 text-center text-sm text-red-700" role="alert">
      Erro ao carregar métricas
    </Card>
  );
}

export function MetricCards({ metrics, isAdmin }: { metrics: DashboardMetricsData; isAdmin: boolean }) {
  const { sales, revenue, customers, products, financial, alerts } = metrics;
  // Absent in an answer kept from before the field: the figure shows as it was.
  const growthGap = revenue.growth_unavailable ?? null;
  const tone = growthGap ? 'gray' : growthTone(revenue.growth);
  const alertCount = alerts.counts.lowStock + alerts.counts.overdueReceivables + alerts.counts.overduePayables;
  return (
    <div className={GRID}>
      <MetricCard title="Vendas Hoje" value={integer.format(sales.today)}>
        <span>{integer.format(sales.thisWeek)} esta semana</span>
      </MetricCard>
      <MetricCard title="Receita Hoje" value={formatBRL(revenue.today)}>
        <span data-testid="revenue-growth" className={cn('font-semibold', GROWTH_CLASSES[tone])}>
          {growthGap ? GROWTH_UNAVAILABLE_FIGURE : formatGrowth(revenue.growth)}
        </span>
        <span>vs mês passado</span>
        {growthGap ? (
          <span data-testid="revenue-growth-why" className="basis-full">
            {GROWTH_UNAVAILABLE_TEXT[growthGap]}
          </span>
        ) : null}
      </MetricCard>
      <MetricCard title="Total de Clientes" value={integer.format(customers.total)}>
        <span>+{integer.format(customers.newThisMonth)} este mês</span>
      </MetricCard>
      <MetricCard title="Produtos" value={integer.format(products.total)}>
        <Badge tone="yellow">{integer.format(products.lowStock)} estoque baixo</Badge>
        <Badge tone="red">{integer.format(products.outOfStock)} sem estoque</Badge>
      </MetricCard>
      {isAdmin ? (
        <>
          <MetricCard title="Receita do Mês" value={formatBRL(revenue.thisMonth)}>
            <span>Total: {formatBRL(revenue.total)}</span>
          </MetricCard>
          <MetricCard title="Contas a Receber" value={formatBRL(financial.accountsReceivable.total)}>
            <Badge tone="red">{formatBRL(financial.accountsReceivable.overdue)} vencidas</Badge>
          </MetricCard>
          <MetricCard title="Contas a Pagar" value={formatBRL(financial.accountsPayable.total)}>
            <Badge tone="red">{formatBRL(financial.accountsPayable.overdue)} vencidas</Badge>
          </MetricCard>
        </>
      ) : null}
      <MetricCard title="Alertas" value={integer.format(alertCount)}>
        <span>{integer.format(alerts.counts.lowStock)} estoque</span>
        <Badge tone="blue">{integer.format(alerts.counts.overdueReceivables)} receber</Badge>
        <Badge tone="red">{integer.format(alerts.counts.overduePayables)} pagar</Badge>
      </MetricCard>
    </div>
  );
}
