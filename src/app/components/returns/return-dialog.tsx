// 'Trocas e Devoluções' for one sale: the lines and how many units of each go back (never
// more than sold minus already returned), whether an item is damaged (it does not go back
// to stock), the reason and how the customer is paid back. Works offline (returns.ts on
// the device). Any screen that has a sale opens it (Nova Venda by the sale's number, a
// sale's detail).
// 'Trocar por outros produtos' is the exchange in one step: the return goes to the
// customer's vale-troca (every sale has a customer) and Nova Venda opens on that customer
// with the vale applied to the new sale (features/sales/exchange.tsx).
// A cashier's return over the store's limit asks an admin present to approve it
// (return-approval.tsx).
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CASHIER_MAX_RETURN_DEFAULT } from '../../../shared/contract/settings';
import { REFUND_METHODS, REFUND_METHOD_LABELS, type RefundMethod } from '../../../shared/contract/returns';
import { formatBRL } from '../../../shared/money';
import { FINAL_CONSUMER_EXCHANGE, FINAL_CONSUMER_STORE_CREDIT } from '../../../shared/final-consumer';
import { returnNeedsAdmin } from '../../../shared/return-limit';
import { lineShare } from '../../../shared/return-share';
import { usePermissions } from '../../auth/use-permissions';
import { useOnline } from '../../offline/hooks';
import {
  tillPartOfReturn,
  useFinishReturn,
  useIsFinalConsumer,
  type ReturnableSale,
} from '../../counter/returns-hooks';
import { useStoreSettings } from '../../lib/store-settings';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { ErrorNote } from '../error-note';
import { ChoiceField } from '../choice-field';
import { CheckboxField, TextField } from '../field';
import { toast } from '../toast-store';
import { AdminApproval, askApproval, type AdminSignIn } from './return-approval';

/** A return made for an exchange: the new sale's customer and the vale-troca it gave (centavos). */
export interface ExchangeStart {
  customer: { id: string; name: string };
  credit: number;
  /** The returned sale's number as printed ('#A-0042'). */
  saleNumber: string;
  /** The return that credited the vale (a rest given back in cash belongs to it). */
  returnId: string;
}

/** Nova Venda's route state that starts an exchange (features/sales/exchange.tsx). */
export interface ExchangeRouteState {
  exchange: ExchangeStart;
}

/** Goes to Nova Venda for the new sale of an exchange (from a screen other than Nova Venda). */
export function useGoToExchange(): (exchange: ExchangeStart) => void {
  const navigate = useNavigate();
  return useCallback(
    (exchange: ExchangeStart) => void navigate('/vendas', { state: { exchange } satisfies ExchangeRouteState }),
    [navigate],
  );
}

/** The number the receipt printed ('#A-0042'); the start of the id for a sale kept before numbers. */
const saleNumber = (sale: ReturnableSale) => `#${sale.number ?? sale.id.slice(0, 8).toUpperCase()}`;

interface ReturnDialogProps {
  sale: ReturnableSale | null;
  onClose: () => void;
  /** The return was made for an exchange: go on to the new sale. */
  onExchange: (exchange: ExchangeStart) => void;
}

export function ReturnDialog({ sale, onClose, onExchange }: ReturnDialogProps) {
  return (
    <Dialog open={sale !== null} onClose={onClose} title="Trocas e Devoluções" size="lg">
      {sale ? <ReturnForm key={sale.id} sale={sale} onDone={onClose} onExchange={onExchange} /> : null}
    </Dialog>
  );
}

function ReturnForm({
  sale,
  onDone,
  onExchange,
}: {
  sale: ReturnableSale;
  onDone: () => void;
  onExchange: (exchange: ExchangeStart) => void;
}) {
  const finishReturn = useFinishReturn();
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [damaged, setDamaged] = useState<Record<number, boolean>>({});
  const [reason, setReason] = useState('');
  // A sale to 'Consumidor final' has nobody to hold a vale-troca: paid back in money only.
  const anonymous = useIsFinalConsumer(sale.customer_id) === true;
  const [chosenMethod, setMethod] = useState<RefundMethod>('vale_troca');
  const method: RefundMethod = anonymous && chosenMethod === 'vale_troca' ? 'dinheiro' : chosenMethod;
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [admin, setAdmin] = useState<AdminSignIn>({ email: '', password: '' });
  const { user } = usePermissions();
  const online = useOnline();
  const limit = useStoreSettings().data?.cashier_max_return ?? CASHIER_MAX_RETURN_DEFAULT;
  const chosen = sale.lines.filter((l) => (quantities[l.position] ?? 0) > 0);
  const value = chosen.reduce((s, l) => s + lineShare(l, l.returned, quantities[l.position]!), 0);
  const needsAdmin = returnNeedsAdmin(user?.role ?? 'user', value, limit);
  const approving = needsAdmin && online;

  /** `exchange`: the value goes to the customer's vale-troca and the new sale opens. */
  async function submit(exchange: boolean) {
    const refundMethod: RefundMethod = exchange ? 'vale_troca' : method;
    if (anonymous && refundMethod === 'vale_troca')
      return setError(exchange ? FINAL_CONSUMER_EXCHANGE : FINAL_CONSUMER_STORE_CREDIT);
    if (chosen.length === 0) return setError('Escolha a quantidade de pelo menos um item para devolver.');
    if (!reason.trim()) return setError('Informe o motivo da devolução.');
    if (approving && (!admin.email.trim() || !admin.password))
      return setError('Informe o e-mail e a senha de um administrador.');
    setError(null);
    setSending(true);
    try {
      const id = crypto.randomUUID();
      const approval = approving ? await askApproval(admin, sale.id, id, value) : undefined;
      const outcome = await finishReturn({
        id,
        saleId: sale.id,
        customerId: sale.customer_id,
        body: {
          lines: chosen.map((l) => ({
            position: l.position,
            quantity: quantities[l.position]!,
            damaged: damaged[l.position] ?? false,
          })),
          reason: reason.trim(),
          refund_method: refundMethod,
          ...(approval ? { approval } : {}),
        },
        storeCredit: refundMethod === 'vale_troca' ? value : 0,
        tillPart: tillPartOfReturn(sale, refundMethod, value),
        restock: chosen
          .filter((l) => !damaged[l.position])
          .map((l) => ({ productId: l.product_id, quantity: quantities[l.position]! })),
        summary: `${exchange ? 'Troca' : 'Devolução'} · Venda ${saleNumber(sale)} · ${formatBRL(value)}`,
      });
      if (outcome.kind === 'refused') {
        setError(outcome.error.message);
        return;
      }
      const later = outcome.kind === 'queued' ? ' Será enviada ao servidor quando a internet voltar.' : '';
      if (exchange) {
        toast({
          title: 'Troca iniciada',
          description: `Vale-troca de ${formatBRL(value)} para ${sale.customer_name}, aplicado na nova venda.${later}`,
        });
        onDone();
        onExchange({
          customer: { id: sale.customer_id, name: sale.customer_name },
          credit: value,
          saleNumber: saleNumber(sale),
          returnId: id,
        });
        return;
      }
      toast({
        title: 'Devolução registrada',
        description:
          (method === 'vale_troca'
            ? `Vale-troca de ${formatBRL(value)} para ${sale.customer_name}.`
            : `Devolver ${formatBRL(value)} ao cliente (${REFUND_METHOD_LABELS[method]}).`) + later,
      });
      onDone();
    } catch (failure) {
      // The admin's e-mail or password refused, or not an admin (askApproval).
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(false);
      }}
    >
      <p className="text-sm text-slate-700">
        Venda <span className="font-mono font-semibold">{saleNumber(sale)}</span> · {sale.customer_name} ·{' '}
        {formatBRL(sale.total)}
      </p>
      <ul className="flex flex-col gap-3">
        {sale.lines.map((line) => {
          const left = line.quantity - line.returned;
          return (
            <li key={line.position} className="rounded-md border border-slate-200 p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium text-slate-900">{line.product_name}</span>
                <span className="text-xs text-slate-600">
                  Vendidas {line.quantity} · devolvidas {line.returned} · {formatBRL(line.total_price)}
                </span>
              </div>
              <div className="mt-2 grid gap-2 sm:grid-cols-2 sm:items-end">
                <TextField
                  label={`Quantidade a devolver de ${line.product_name}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  disabled={left === 0}
                  value={String(quantities[line.position] ?? 0)}
                  onChange={(e) => {
                    const n = Math.max(0, Math.min(left, Math.trunc(Number(e.target.value) || 0)));
                    setQuantities((q) => ({ ...q, [line.position]: n }));
                  }}
                />
                <CheckboxField
                  label="Avariado (não volta ao estoque)"
                  checked={damaged[line.position] ?? false}
                  onChange={(checked) => setDamaged((d) => ({ ...d, [line.position]: checked }))}
                  disabled={left === 0}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <TextField label="Motivo" value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
      <ChoiceField
        label="Devolver o valor em"
        value={method}
        onChange={(e) => setMethod(e.target.value as RefundMethod)}
        choices={anonymous ? REFUND_METHODS.filter((m) => m !== 'vale_troca') : REFUND_METHODS}
        labels={REFUND_METHOD_LABELS}
      />
      <p className="text-sm text-slate-700">
        Valor da devolução: <strong data-testid="return-value">{formatBRL(value)}</strong>
      </p>
      {needsAdmin ? <AdminApproval approving={approving} limit={limit} admin={admin} onChange={setAdmin} /> : null}
      {error ? <ErrorNote>{error}</ErrorNote> : null}
      <p className="text-xs text-slate-600">
        {anonymous
          ? FINAL_CONSUMER_EXCHANGE
          : `Troca: o valor vira vale-troca de ${sale.customer_name} e já entra como pagamento da nova venda; se a nova venda custar menos, o restante fica como vale-troca.`}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button variant="outline" disabled={sending || anonymous} onClick={() => void submit(true)}>
          Trocar por outros produtos
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? 'Registrando...' : 'Confirmar devolução'}
        </Button>
      </div>
    </form>
  );
}
