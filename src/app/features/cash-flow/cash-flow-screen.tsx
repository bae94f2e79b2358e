import { PlaceholderScreen } from '../../components/placeholder-screen';

export function CashFlowScreen() {
  return <PlaceholderScreen title="Fluxo de Caixa" description="Entradas, saídas e saldo do caixa aparecerão aqui." />;
}
