// The store's settings that change what cashiers get (PUT /api/settings): each change is
// saved as soon as it is made, and the box shows what the server holds.
import { useEffect } from 'react';
import { Card, CardContent, CardHeader } from '../../components/card';
import { CheckboxField } from '../../components/field';
import { LoadingState } from '../../components/spinner';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useStoreSettings, useUpdateStoreSettings } from '../../lib/store-settings';
import { MoneySettingField } from './money-setting-field';
import { PercentSettingField } from './percent-setting-field';
import { formatBRL } from '../../../shared/money';

export function StoreSettingsCard() {
  const settingsQuery = useStoreSettings();
  const update = useUpdateStoreSettings();

  useEffect(() => {
    if (settingsQuery.error) {
      toastError(
        'Erro ao carregar configurações',
        describeError(settingsQuery.error, 'Erro ao carregar configurações'),
      );
    }
  }, [settingsQuery.error]);

  async function setCashiersSeeCost(checked: boolean) {
    try {
      await update.mutateAsync({ cashiers_see_cost_price: checked });
      toast({
        title: 'Configuração salva',
        description: checked ? 'Os caixas veem o preço de custo.' : 'Os caixas não veem mais o preço de custo.',
      });
    } catch (error) {
      toastError('Erro ao salvar configuração', describeError(error, 'Erro ao salvar configuração'));
    }
  }

  const settings = settingsQuery.data;
  // While a change is on its way, the box shows it.
  const cashiersSeeCost = update.isPending
    ? (update.variables.cashiers_see_cost_price ?? settings?.cashiers_see_cost_price)
    : settings?.cashiers_see_cost_price;

  return (
    <Card>
      <CardHeader title="Caixas" description="O que as pessoas com perfil de caixa recebem do sistema." />
      <CardContent>
        {settings === undefined ? (
          settingsQuery.isError ? (
            <p className="text-sm text-slate-600">Não foi possível carregar as configurações.</p>
          ) : (
            <LoadingState text="Carregando configurações..." />
          )
        ) : (
          <CheckboxField
            label="Caixas veem o preço de custo"
            description="Desmarcado, o preço de custo e as margens não chegam aos caixas: nem à tela de Produtos, nem ao aparelho."
            checked={cashiersSeeCost ?? true}
            disabled={update.isPending}
            onChange={(checked) => void setCashiersSeeCost(checked)}
          />
        )}
        {settings ? (
          <>
            <MoneySettingField
              setting="cash_close_tolerance"
              saved={settings.cash_close_tolerance}
              label="Tolerância no fechamento de caixa"
              hint="Uma diferença maior em alguma forma de pagamento pede uma justificativa."
              action="Salvar tolerância"
              savedText={(v) => `Tolerância no fechamento de caixa: ${formatBRL(v)}.`}
            />
            <MoneySettingField
              setting="cashier_max_return"
              saved={settings.cashier_max_return}
              label="Limite de devolução dos caixas"
              hint="Devoluções de valor maior precisam de um administrador."
              action="Salvar limite"
              savedText={(v) => `Limite de devolução dos caixas: ${formatBRL(v)}.`}
            />
          </>
        ) : null}
        {settings ? (
          <PercentSettingField
            setting="cashier_max_discount_percent"
            saved={settings.cashier_max_discount_percent}
            label="Desconto máximo do caixa (%)"
            hint="O maior desconto que um caixa pode dar, por item e na venda. Administradores não têm limite."
            decimals={0}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
