// The three summary cards of GET /statistics.
import type { ReceivableStatistics } from '../../../shared/contract/accounts';
import { formatBRL } from '../../../shared/money';
import { StatCard, StatGrid } from '../../components/stat-card';

export function ReceivableStats({ stats }: { stats: ReceivableStatistics | undefined }) {
  const money = (centavos: number | undefined) => (centavos === undefined ? '—' : formatBRL(centavos));
  return (
    <StatGrid columns={3}>
      <StatCard title="Total Pendente" tone="blue" value={money(stats?.total_pending)} />
      <StatCard title="Total Atrasado" tone="red" value={money(stats?.total_overdue)} />
      <StatCard title="Contas Pendentes" value={stats ? String(stats.count_pending) : '—'} />
    </StatGrid>
  );
}
