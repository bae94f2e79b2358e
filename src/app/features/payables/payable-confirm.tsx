// Cancel and delete each ask first (spec §8 prompts), then say how it went.
import { RowConfirm } from '../../components/confirm-dialog';
import { toastSaved } from '../../components/outcome-toast';
import { toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useCancelPayable, useDeletePayable, type PayableRow } from './api';

export type PayableConfirmAction = 'cancel' | 'delete';

const TEXTS = {
  cancel: {
    title: 'Cancelar conta a pagar',
    message: 'Tem certeza que deseja cancelar esta conta a pagar?',
    confirm: 'Cancelar Conta',
    pending: 'Cancelando...',
    done: 'Conta a pagar cancelada com sucesso!',
    failed: 'Erro ao cancelar conta a pagar',
  },
  delete: {
    title: 'Excluir conta a pagar',
    message: 'Tem certeza que deseja deletar esta conta a pagar?',
    confirm: 'Excluir',
    pending: 'Excluindo...',
    done: 'Conta a pagar deletada com sucesso!',
    failed: 'Erro ao deletar conta a pagar',
  },
} as const;

interface PayableConfirmProps {
  pending: { action: PayableConfirmAction; account: PayableRow } | null;
  onClose: () => void;
}

export function PayableConfirm({ pending, onClose }: PayableConfirmProps) {
  const cancelMutation = useCancelPayable();
  const deleteMutation = useDeletePayable();
  const texts = TEXTS[pending?.action ?? 'delete'];

  return (
    <RowConfirm
      row={pending}
      title={texts.title}
      message={texts.message}
      confirmLabel={texts.confirm}
      pendingLabel={texts.pending}
      pending={cancelMutation.isPending || deleteMutation.isPending}
      run={async ({ action, account }) => {
        const mutation = action === 'cancel' ? cancelMutation : deleteMutation;
        toastSaved(await mutation.mutateAsync(account), TEXTS[action].done);
      }}
      failed={(error) => toastError('Erro', `${texts.failed}: ${describeError(error, texts.failed)}`)}
      onClose={onClose}
    />
  );
}
