// The four cards of the range's summary; the final balance is green when >= 0.
import type { CashFlowSummary } from '../../../shared/contract/cash-flow';
import { formatBRL } from '../../../shared/money';
import { StatCard, StatGrid } from '../../components/stat-card';

export function CashFlowStats({ summary }: { summary: CashFlowSummary | undefined }) {
  const money = (centavos: number | undefined) => (centavos === undefined ? '—' : formatBRL(centavos));
  const finalTone = summary === undefined ? 'default' : summary.final_balance >= 0 ? 'green' : 'red';
  return (
    <StatGrid columns={4}>
      <StatCard title="Saldo Inicial" value={money(summary?.initial_balance)} />
      <StatCard title="Entradas" tone="green" value={money(summary?.total_income)} />
      <StatCard title="Saídas" tone="red" value={money(summary?.total_expenses)} />
      <StatCard title="Saldo Final" tone={finalTone} value={money(summary?.final_balance)} />
    </StatGrid>
  );
}
