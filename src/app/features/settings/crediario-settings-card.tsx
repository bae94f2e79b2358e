// Crediário terms (PUT /api/settings): the default credit limit of a customer without one
// of their own, the late charges of an instalment paid late (multa at most 2%, juros de
// mora a month, pro rata die) and whether cashiers may receive instalments at the counter.
import { MULTA_MAX_PERCENT } from '../../../shared/late-charges';
import { formatBRL } from '../../../shared/money';
import { Card, CardContent, CardHeader } from '../../components/card';
import { CheckboxField } from '../../components/field';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useStoreSettings, useUpdateStoreSettings } from '../../lib/store-settings';
import { MoneySettingField } from './money-setting-field';
import { PercentSettingField } from './percent-setting-field';

export function CrediarioSettingsCard() {
  const settings = useStoreSettings().data;
  const update = useUpdateStoreSettings();
  const setCashiersReceive = async (checked: boolean) => {
    try {
      await update.mutateAsync({ cashiers_receive_installments: checked });
      toast({
        title: 'Configuração salva',
        description: checked ? 'Os caixas podem receber parcelas.' : 'Só administradores recebem parcelas.',
      });
    } catch (error) {
      toastError('Erro ao salvar configuração', describeError(error, 'Erro ao salvar configuração'));
    }
  };
  return (
    <Card>
      <CardHeader title="Crediário" description="Limite de crédito, encargos por atraso e recebimento de parcelas." />
      <CardContent>
        {settings ? (
          <>
            <MoneySettingField
              setting="credit_limit_default"
              saved={settings.credit_limit_default}
              label="Limite de crédito padrão"
              hint="Para clientes sem limite próprio. R$ 0,00: sem limite."
              action="Salvar limite"
              savedText={(v) =>
                v > 0 ? `Limite de crédito padrão: ${formatBRL(v)}.` : 'Sem limite de crédito padrão.'
              }
            />
            <PercentSettingField
              setting="late_fee_percent"
              saved={settings.late_fee_percent}
              label="Multa por atraso (%)"
              hint={`Cobrada uma vez sobre a parcela paga em atraso; no máximo ${MULTA_MAX_PERCENT}% (Código de Defesa do Consumidor).`}
              decimals={2}
            />
            <PercentSettingField
              setting="late_interest_monthly_percent"
              saved={settings.late_interest_monthly_percent}
              label="Juros de mora ao mês (%)"
              hint="Proporcionais aos dias de atraso (mês de 30 dias)."
              decimals={2}
            />
            <div className="mt-4">
              <CheckboxField
                label="Caixas podem receber parcelas"
                description="Marcado, quem tem perfil de caixa registra o pagamento de parcelas do crediário no balcão."
                checked={settings.cashiers_receive_installments}
                disabled={update.isPending}
                onChange={(checked) => void setCashiersReceive(checked)}
              />
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
