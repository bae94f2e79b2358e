// Dashboard (spec §2, §6): metric cards, for admins the sales and cash-flow charts, and
// 'Alertas do Sistema'. Cashiers see today only (scope=day, enforced by the server too),
// no charts and no financial cards. 'Atualizar' refetches everything shown. Offline, the
// last answers come from the persisted cache with the time they were fetched.
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { usePermissions } from '../../auth/use-permissions';
import { Badge } from '../../components/badge';
import { RefreshIcon } from '../../components/icons';
import { Button } from '../../components/button';
import { newestUpdate, OfflineNote } from '../../components/offline-note';
import { PageHeader } from '../../components/page-header';
import { useOnline } from '../../offline/hooks';
import { dashboardKeys, useAlerts, useDashboardMetrics, type Viewer } from './api';
import { AlertsPanel } from './alerts-panel';
import { CashFlowChart, SalesChart } from './period-charts';
import { scopeLabel } from './dashboard-format';
import { MetricCards, MetricCardsError, MetricCardsLoading } from './metric-cards';

export function DashboardScreen() {
  const { isAdmin } = usePermissions();
  const viewer: Viewer = isAdmin ? 'admin' : 'day';
  const online = useOnline();
  const queryClient = useQueryClient();
  const metrics = useDashboardMetrics(viewer);
  const alerts = useAlerts(viewer);
  const refreshing = useIsFetching({ queryKey: dashboardKeys.all }) > 0;
  const scope = scopeLabel(viewer);

  function refresh() {
    // Metrics, both charts (at their chosen periods) and alerts: the queries on screen.
    void queryClient.refetchQueries({ queryKey: dashboardKeys.all, type: 'active' });
  }

  return (
    <div>
      <PageHeader
        title="Dashboard"
        subtitle="Visão geral do seu negócio em tempo real"
        actions={
          <>
            <span className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
              Visualizando dados de:
              <Badge tone="blue">{scope}</Badge>
            </span>
            {isAdmin ? <Badge tone="gray">Admin</Badge> : null}
            <Button variant="outline" onClick={refresh} disabled={refreshing} className="print:hidden">
              <RefreshIcon className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
              Atualizar
            </Button>
          </>
        }
      />
      <OfflineNote online={online} updatedAt={newestUpdate(metrics, alerts)} />
      {metrics.data ? (
        <MetricCards metrics={metrics.data} isAdmin={isAdmin} />
      ) : metrics.isError ? (
        <MetricCardsError />
      ) : (
        <MetricCardsLoading />
      )}
      {isAdmin ? (
        <div className="mb-6 grid grid-cols-1 gap-6 2xl:grid-cols-2">
          <SalesChart scope={scope} />
          <CashFlowChart scope={scope} />
        </div>
      ) : null}
      <AlertsPanel alerts={alerts.data} isError={alerts.isError} />
    </div>
  );
}
