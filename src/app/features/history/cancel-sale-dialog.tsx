// Cancelling a sale (admins): the reason is required, then a confirmation as the spec's
// other prompts. It says what happens: stock back, the money reversed in the cash book,
// open instalments cancelled, and paid ones kept paid (given back by a cash entry).
import { useState } from 'react';
import { CANCEL_REASON_MIN, type SaleDetail } from '../../../shared/contract/sale-history';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { Dialog, DialogFooter } from '../../components/dialog';
import { TextAreaField } from '../../components/field';

export const CANCEL_CONFIRM = 'Tem certeza que deseja cancelar esta venda?';

/** What the admin is told before confirming. */
export function cancelConsequences(sale: SaleDetail): string {
  const paid = sale.installments.filter((i) => i.status === 'paid');
  const paidTotal = paid.reduce((s, i) => s + i.amount, 0);
  const base =
    'Os produtos voltam ao estoque, o valor recebido é estornado no Fluxo de Caixa e as parcelas em aberto são canceladas.';
  return paid.length === 0
    ? base
    : `${base} ${paid.length === 1 ? 'A parcela já paga continua paga' : `As ${paid.length} parcelas já pagas continuam pagas`} (${formatBRL(paidTotal)}): para devolver esse valor ao cliente, lance uma despesa no Fluxo de Caixa.`;
}

export function CancelSaleDialog({
  sale,
  open,
  pending,
  onCancel,
  onConfirm,
}: {
  sale: SaleDetail;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (reason.trim().length < CANCEL_REASON_MIN) {
      setError('Informe o motivo do cancelamento (pelo menos 3 letras).');
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onCancel()}
      title={`Cancelar venda #${sale.number}`}
      description={CANCEL_CONFIRM}
      role="alertdialog"
      size="sm"
    >
      <p className="mb-3 text-sm text-slate-700">{cancelConsequences(sale)}</p>
      <TextAreaField
        label="Motivo do cancelamento"
        value={reason}
        maxLength={300}
        error={error ?? undefined}
        data-autofocus=""
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Voltar
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={pending}>
          {pending ? 'Cancelando...' : 'Cancelar venda'}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
