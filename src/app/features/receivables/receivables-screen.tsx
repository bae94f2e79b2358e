import { PlaceholderScreen } from '../../components/placeholder-screen';

export function ReceivablesScreen() {
  return (
    <PlaceholderScreen
      title="Contas a Receber"
      description="O controle de contas a receber e do crediário aparecerá aqui."
    />
  );
}
