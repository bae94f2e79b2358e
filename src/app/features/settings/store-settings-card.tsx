// The store's settings that change what cashiers get (PUT /api/settings): each change is
// saved as soon as it is made, and the box shows what the server holds.
import { formatBRL } from '../../../shared/money';
import { useErrorToast } from '../../components/use-error-toast';
import { useStoreSettings } from '../../lib/store-settings';
import { DaysSettingField } from './days-setting-field';
import { MoneySettingField } from './money-setting-field';
import { PercentSettingField } from './percent-setting-field';
import { SettingCheckbox, SettingsCard } from './settings-card';

export function StoreSettingsCard() {
  const settingsQuery = useStoreSettings();
  useErrorToast(settingsQuery.error, 'Erro ao carregar configurações', 'Erro ao carregar configurações', true);

  return (
    <SettingsCard title="Caixas" description="O que as pessoas com perfil de caixa recebem do sistema.">
      {(card) => (
        <>
          <SettingCheckbox
            card={card}
            setting="cashiers_see_cost_price"
            label="Caixas veem o preço de custo"
            description="Desmarcado, o preço de custo e as margens não chegam aos caixas: nem à tela de Produtos, nem ao aparelho."
            said={['Os caixas veem o preço de custo.', 'Os caixas não veem mais o preço de custo.']}
          />
          <SettingCheckbox
            card={card}
            setting="final_consumer"
            label="Começar cada venda com Consumidor final"
            description="A Nova Venda já vem com o cliente Consumidor final escolhido: para quem não quer se identificar, basta passar os produtos e receber. Crediário e vale-troca pedem o cliente."
            said={[
              'Cada venda começa com Consumidor final.',
              'Cada venda começa sem cliente: escolha o cliente em cada venda.',
            ]}
          />
          <MoneySettingField
            setting="cash_close_tolerance"
            saved={card.shown.cash_close_tolerance}
            label="Tolerância no fechamento de caixa"
            hint="Uma diferença maior em alguma forma de pagamento pede uma justificativa."
            action="Salvar tolerância"
            savedText={(v) => `Tolerância no fechamento de caixa: ${formatBRL(v)}.`}
          />
          <MoneySettingField
            setting="cashier_max_return"
            saved={card.shown.cashier_max_return}
            label="Limite de devolução dos caixas"
            hint="Devoluções de valor maior precisam de um administrador."
            action="Salvar limite"
            savedText={(v) => `Limite de devolução dos caixas: ${formatBRL(v)}.`}
          />
          <DaysSettingField
            setting="troca_period_days"
            saved={card.shown.troca_period_days}
            label="Prazo de troca (dias)"
            hint="Até quantos dias depois da venda um caixa abre a venda pelo número do recibo para trocar ou devolver. Depois, só um administrador."
          />
          <PercentSettingField
            setting="cashier_max_discount_percent"
            saved={card.shown.cashier_max_discount_percent}
            label="Desconto máximo do caixa (%)"
            hint="O maior desconto que um caixa pode dar, por item e na venda. Administradores não têm limite."
            decimals={0}
          />
        </>
      )}
    </SettingsCard>
  );
}
