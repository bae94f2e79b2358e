// Under the chosen customer at Nova Venda: their open crediário (instalments, amount,
// overdue) and the limit with what is still available; said to be from the last
// synchronization when the device shows what it kept, and what is on this device only.
import { formatBRL } from '../../../shared/money';
import { dataAgeText } from '../../components/offline-note';
import type { TillCredit } from './use-till-credit';

const plural = (n: number) => (n === 1 ? '1 parcela' : `${n} parcelas`);

export function CustomerCreditPanel({ credit }: { credit: TillCredit }) {
  const { server, queued, open, limit, cachedAt } = credit;
  return (
    <div
      data-testid="customer-credit"
      className="flex flex-col gap-0.5 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700"
    >
      {server && open !== null ? (
        <>
          <p>
            Crediário em aberto:{' '}
            {open > 0 ? (
              <strong className="text-slate-900">
                {formatBRL(open)} ({plural(server.open_count)}
                {queued > 0 ? ' e vendas deste aparelho' : ''})
              </strong>
            ) : (
              'nenhum'
            )}
          </p>
          {server.overdue_amount > 0 ? (
            <p className="font-medium text-red-700">Vencido: {formatBRL(server.overdue_amount)}</p>
          ) : null}
        </>
      ) : credit.loading ? (
        <p>Carregando crediário...</p>
      ) : (
        <p>
          Crediário em aberto indisponível sem conexão{queued > 0 ? ` (deste aparelho: ${formatBRL(queued)})` : ''}.
        </p>
      )}
      <p>
        {limit === null
          ? 'Sem limite de crédito'
          : `Limite de crédito: ${formatBRL(limit)}${open !== null ? ` · disponível: ${formatBRL(Math.max(0, limit - open))}` : ''}`}
      </p>
      {cachedAt ? (
        <p className="text-xs text-amber-800">Conforme último sincronismo ({dataAgeText(cachedAt)})</p>
      ) : null}
    </div>
  );
}
