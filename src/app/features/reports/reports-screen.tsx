import { PlaceholderScreen } from '../../components/placeholder-screen';

export function ReportsScreen() {
  return (
    <PlaceholderScreen
      title="Relatórios Financeiros"
      description="Resumo, DRE, balanço, lucratividade e margens aparecerão aqui."
    />
  );
}
