// A crediário sale that would pass the customer's credit limit, stopped before it is
// finished: the figures, and who may go on. An admin signed in confirms; a cashier hands
// the till to an admin, whose e-mail and password the server checks (an approval for this
// one sale); offline the password cannot be checked: with an admin present the sale goes
// on and the server records it with a credit conflict, for review in Conflitos de Vendas.
import { useState, type FormEvent } from 'react';
import { CreditApprovalResponseSchema } from '../../../shared/contract/credit';
import { creditFigures } from '../../../shared/credit';
import { toReais } from '../../../shared/money';
import { Button } from '../../components/button';
import { Dialog, DialogFooter } from '../../components/dialog';
import { TextField } from '../../components/field';
import { useFormValues } from '../../components/use-form-values';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-error';

export interface CreditBlock {
  limit: number;
  open: number;
  /** What this sale finances (total - entrada). */
  sale: number;
}

export const CREDIT_OFFLINE_TEXT =
  'Sem conexão, a senha do administrador não pode ser conferida. Com um administrador presente, a venda pode seguir: ela será registrada com conflito de crédito, para revisão em Conflitos de Vendas.';

interface CreditLimitDialogProps {
  block: CreditBlock;
  saleId: string;
  isAdmin: boolean;
  online: boolean;
  onCancel: () => void;
  /** Go on: an admin's confirmation, or (offline) the sale recorded with a credit conflict. */
  onGoOn: () => void;
  /** An admin present approved this sale (the approval goes with it). */
  onApproved: (approval: string) => void;
}

export function CreditLimitDialog(props: CreditLimitDialogProps) {
  const { block, isAdmin, online, onCancel } = props;
  return (
    <Dialog open onClose={onCancel} title="Limite de crédito excedido" role="alertdialog">
      <p className="text-sm font-medium text-slate-900" data-testid="credit-figures">
        {creditFigures(block.limit, block.open, block.sale)}
      </p>
      {isAdmin ? (
        <GoOn text="Como administrador, você pode vender acima do limite." action="Vender acima do limite" {...props} />
      ) : online ? (
        <AdminApproval {...props} />
      ) : (
        <GoOn text={CREDIT_OFFLINE_TEXT} action="Registrar com conflito" {...props} />
      )}
    </Dialog>
  );
}

/** Who may go on without a password here says so, and goes on. */
function GoOn({ text, action, onCancel, onGoOn }: CreditLimitDialogProps & { text: string; action: string }) {
  return (
    <>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={onGoOn}>{action}</Button>
      </DialogFooter>
    </>
  );
}

/** A cashier's till: an admin present types their e-mail and password. */
function AdminApproval({ block, saleId, onCancel, onApproved }: CreditLimitDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The server's refusal shows under the password.
  const { values, text } = useFormValues(
    { email: '', password: '' },
    { errors: error ? { password: error } : {}, disabled: sending },
  );
  const { email, password } = values;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const { data } = await api.post(CreditApprovalResponseSchema, '/auth/credit-approval', {
        email: email.trim(),
        password,
        sale_id: saleId,
        amount: toReais(block.sale),
      });
      onApproved(data.approval);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : 'Não foi possível conferir a senha.');
      setSending(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="mt-2 text-sm text-slate-600">
        Para vender acima do limite, um administrador presente informa o e-mail e a senha.
      </p>
      <div className="mt-4 flex flex-col gap-3">
        <TextField label="E-mail do administrador" type="email" autoComplete="off" {...text('email')} />
        <TextField label="Senha do administrador" type="password" autoComplete="off" {...text('password')} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={sending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={sending || !email.trim() || !password}>
          {sending ? 'Conferindo...' : 'Autorizar e finalizar'}
        </Button>
      </DialogFooter>
    </form>
  );
}
