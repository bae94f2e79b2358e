// 'Confirmar Pagamento': the account's summary; confirming records it paid today.
import { formatDate, todayIso } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { DetailList } from '../../components/detail-list';
import { Dialog, DialogFooter } from '../../components/dialog';
import { toastSaved } from '../../components/outcome-toast';
import { toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { usePayReceivable, type ReceivableRow } from './api';

export function PayReceivableDialog({ account, onClose }: { account: ReceivableRow; onClose: () => void }) {
  const payMutation = usePayReceivable();
  const saving = payMutation.isPending;

  async function confirm() {
    try {
      toastSaved(await payMutation.mutateAsync(account), 'Pagamento registrado com sucesso!');
      onClose();
    } catch (error) {
      toastError('Erro', `Erro ao marcar como paga: ${describeError(error, 'Erro ao marcar como paga')}`);
    }
  }

  return (
    <Dialog open onClose={() => !saving && onClose()} title="Confirmar Pagamento">
      <div className="flex flex-col gap-4">
        <DetailList
          items={[
            ['Descrição', account.description],
            ['Cliente', account.customer?.name ?? '-'],
            ['Valor', formatBRL(account.amount)],
            ['Vencimento', formatDate(account.due_date)],
          ]}
        />
        <p className="text-sm text-slate-600">
          O pagamento será registrado com a data de hoje ({formatDate(todayIso())}).
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancelar
        </Button>
        <Button onClick={() => void confirm()} disabled={saving}>
          {saving ? 'Registrando...' : 'Confirmar Pagamento'}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
