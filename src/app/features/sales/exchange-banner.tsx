// The exchange's banner at Nova Venda (exchange.tsx): the vale applied, and what is left to
// pay or stays as vale (or goes back in cash). Loaded when an exchange starts.
import { formatBRL } from '../../../shared/money';
import { CheckboxField } from '../../components/field';
import type { ExchangeStart } from '../../components/returns/return-dialog';
import type { exchangeFigures } from './exchange';

/** What the exchange's banner says: the vale applied, and what is left to pay or stays as vale (or goes back in cash). */
export function ExchangeBanner({
  exchange,
  total,
  figures,
  cashBack,
  onCashBack,
}: {
  exchange: ExchangeStart;
  total: number;
  figures: ReturnType<typeof exchangeFigures>;
  cashBack: boolean;
  onCashBack: (checked: boolean) => void;
}) {
  const { used, rest, cash } = figures;
  const name = exchange.customer.name;
  const back = cashBack && cash > 0;
  return (
    <div
      role="status"
      data-testid="exchange-banner"
      className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
    >
      <p className="font-medium">
        Troca da venda {exchange.saleNumber}: vale-troca de {formatBRL(exchange.credit)} para {name}.
      </p>
      {total === 0 ? (
        <p>Adicione os produtos da troca; o vale-troca entra como pagamento.</p>
      ) : total > used ? (
        <p>
          Vale-troca usado: {formatBRL(used)}. Falta pagar {formatBRL(total - used)} com outra forma de pagamento.
        </p>
      ) : (
        <p>
          Vale-troca usado: {formatBRL(used)}.{' '}
          {rest <= 0
            ? ''
            : back
              ? `O restante, ${formatBRL(cash)}, volta para ${name} em dinheiro ao finalizar a venda.` +
                (rest > cash ? ` ${formatBRL(rest - cash)} fica como vale-troca.` : '')
              : `O restante, ${formatBRL(rest)}, fica como vale-troca de ${name}.`}
        </p>
      )}
      {cash > 0 ? (
        <CheckboxField label={`Devolver ${formatBRL(cash)} em dinheiro`} checked={back} onChange={onCashBack} />
      ) : null}
    </div>
  );
}
