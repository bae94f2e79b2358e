// Crediário terms (PUT /api/settings): the default credit limit of a customer without one
// of their own, the late charges of an instalment paid late (multa at most 2%, juros de
// mora a month, pro rata die) and whether cashiers may receive instalments at the counter.
import { MULTA_MAX_PERCENT } from '../../../shared/late-charges';
import { formatBRL } from '../../../shared/money';
import { MoneySettingField } from './money-setting-field';
import { PercentSettingField } from './percent-setting-field';
import { SettingCheckbox, SettingsCard } from './settings-card';

export function CrediarioSettingsCard() {
  return (
    <SettingsCard title="Crediário" description="Limite de crédito, encargos por atraso e recebimento de parcelas.">
      {(card) => (
        <>
          <MoneySettingField
            setting="credit_limit_default"
            saved={card.shown.credit_limit_default}
            label="Limite de crédito padrão"
            hint="Para clientes sem limite próprio. R$ 0,00: sem limite."
            action="Salvar limite"
            savedText={(v) => (v > 0 ? `Limite de crédito padrão: ${formatBRL(v)}.` : 'Sem limite de crédito padrão.')}
          />
          <PercentSettingField
            setting="late_fee_percent"
            saved={card.shown.late_fee_percent}
            label="Multa por atraso (%)"
            hint={`Cobrada uma vez sobre a parcela paga em atraso; no máximo ${MULTA_MAX_PERCENT}% (Código de Defesa do Consumidor).`}
            decimals={2}
          />
          <PercentSettingField
            setting="late_interest_monthly_percent"
            saved={card.shown.late_interest_monthly_percent}
            label="Juros de mora ao mês (%)"
            hint="Proporcionais aos dias de atraso (mês de 30 dias)."
            decimals={2}
          />
          <div className="mt-4">
            <SettingCheckbox
              card={card}
              setting="cashiers_receive_installments"
              label="Caixas podem receber parcelas"
              description="Marcado, quem tem perfil de caixa registra o pagamento de parcelas do crediário no balcão."
              said={['Os caixas podem receber parcelas.', 'Só administradores recebem parcelas.']}
            />
          </div>
        </>
      )}
    </SettingsCard>
  );
}
