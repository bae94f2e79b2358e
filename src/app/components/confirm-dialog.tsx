// A question before an action ('Excluir', 'Cancelar'), and a row's action asked that way.
import { describeError } from '../lib/api-error';
import { Button } from './button';
import { Dialog, DialogFooter } from './dialog';
import { toastError } from './toast-store';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  pendingLabel?: string;
  pending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Excluir',
  pendingLabel = 'Excluindo...',
  pending = false,
  destructive = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onCancel()}
      title={title}
      description={message}
      role="alertdialog"
      size="sm"
    >
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending} data-autofocus="">
          Cancelar
        </Button>
        <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

export interface RowConfirmProps<T> extends Omit<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel'> {
  /** The row asked about; null: no question open. */
  row: T | null;
  /** The action, which says how it went. */
  run: (row: T) => Promise<unknown>;
  /** Says in a red toast why the action failed. */
  failed: (error: unknown) => void;
  onClose: () => void;
}

/** A row's action asked first ('Excluir'): confirmed, it runs; the question closes either way. */
export function RowConfirm<T>({ row, run, failed, onClose, ...dialog }: RowConfirmProps<T>) {
  async function confirm() {
    if (row === null) return;
    try {
      await run(row);
    } catch (error) {
      failed(error);
    } finally {
      onClose();
    }
  }
  return <ConfirmDialog {...dialog} open={row !== null} onConfirm={() => void confirm()} onCancel={onClose} />;
}

/** The usual failure: `title` in red, with the server's reason (`title` when it gives none). */
export const failedAs = (title: string) => (error: unknown) => toastError(title, describeError(error, title));
