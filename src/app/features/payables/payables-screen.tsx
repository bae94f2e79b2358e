import { PlaceholderScreen } from '../../components/placeholder-screen';

export function PayablesScreen() {
  return (
    <PlaceholderScreen
      title="Contas a Pagar"
      description="O controle de contas a pagar, com vencimentos e pagamentos, aparecerá aqui."
    />
  );
}
