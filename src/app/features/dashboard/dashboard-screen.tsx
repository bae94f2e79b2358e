import { PlaceholderScreen } from '../../components/placeholder-screen';

export function DashboardScreen() {
  return (
    <PlaceholderScreen
      title="Dashboard"
      subtitle="Visão geral do seu negócio em tempo real"
      description="Métricas de vendas, receita, clientes, estoque e alertas aparecerão aqui."
    />
  );
}
