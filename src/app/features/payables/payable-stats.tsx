// The three summary cards of GET /statistics (cancelled accounts count nowhere).
import type { PayableStatistics } from '../../../shared/contract/accounts';
import { formatBRL } from '../../../shared/money';
import { StatCard, StatGrid } from '../../components/stat-card';

/** '1 conta', '3 contas', '0 contas' */
export function accountsText(count: number): string {
  return count === 1 ? '1 conta' : `${count} contas`;
}

export function PayableStats({ stats }: { stats: PayableStatistics | undefined }) {
  const money = (centavos: number | undefined) => (centavos === undefined ? '—' : formatBRL(centavos));
  const count = (n: number | undefined) => (n === undefined ? undefined : accountsText(n));
  return (
    <StatGrid columns={3}>
      <StatCard
        title="Total Pendente"
        tone="blue"
        value={money(stats?.total_pending)}
        detail={count(stats?.count_pending)}
      />
      <StatCard
        title="Total Vencido"
        tone="red"
        value={money(stats?.total_overdue)}
        detail={count(stats?.count_overdue)}
      />
      <StatCard title="Total Pago" tone="green" value={money(stats?.total_paid)} detail={count(stats?.count_paid)} />
    </StatGrid>
  );
}
