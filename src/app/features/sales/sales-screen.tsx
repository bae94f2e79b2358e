import { PlaceholderScreen } from '../../components/placeholder-screen';

export function SalesScreen() {
  return (
    <PlaceholderScreen
      title="Nova Venda"
      subtitle="PDV - Ponto de Venda"
      description="O ponto de venda, que funciona mesmo sem internet, aparecerá aqui."
    />
  );
}
