// Crediário terms (PUT /api/settings): the default credit limit of a customer without one
// of their own, the late charges of an instalment paid late (multa at most 2%, juros de
// mora a month, pro rata die) and whether cashiers may receive instalments at the counter.
import { useState } from 'react';
import { MULTA_MAX_PERCENT } from '../../../shared/late-charges';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { CheckboxField, FieldFrame } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useStoreSettings, useUpdateStoreSettings } from '../../lib/store-settings';
import { PercentSettingField } from './percent-setting-field';

function CreditLimitDefaultField({ saved }: { saved: number }) {
  const update = useUpdateStoreSettings();
  const [value, setValue] = useState<number | null>(saved);
  const save = async () => {
    if (value === null) return;
    try {
      await update.mutateAsync({ credit_limit_default: value });
      toast({
        title: 'Configuração salva',
        description: value > 0 ? `Limite de crédito padrão: ${formatBRL(value)}.` : 'Sem limite de crédito padrão.',
      });
    } catch (error) {
      toastError('Erro ao salvar configuração', describeError(error, 'Erro ao salvar configuração'));
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FieldFrame
        id="credit-limit-default"
        label="Limite de crédito padrão"
        hint="Para clientes sem limite próprio. R$ 0,00: sem limite."
        className="w-64"
      >
        <MoneyInput id="credit-limit-default" value={value} onChange={(c) => setValue(c)} />
      </FieldFrame>
      <Button
        variant="outline"
        onClick={() => void save()}
        disabled={value === null || value === saved || update.isPending}
      >
        Salvar limite
      </Button>
    </div>
  );
}

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
            <CreditLimitDefaultField saved={settings.credit_limit_default} />
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
