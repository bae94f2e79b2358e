// A question before an action ('Excluir', 'Cancelar'), a row's action asked that way, and
// the usual one: a record deleted by its id.
import { describeError } from '../lib/api-error';
import { Button } from './button';
import { Dialog, DialogFooter } from './dialog';
import { toast, toastError } from './toast-store';

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

interface DeleteConfirmProps<T> extends Pick<RowConfirmProps<T>, 'row' | 'title' | 'message' | 'onClose'> {
  /** The delete, given the row's id. */
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  /** The toast once it is deleted. */
  done: { title: string; description: string };
  /** The red toast's title when it fails. */
  failTitle: string;
}

/** The words of deleting a record named by a masculine noun ('cliente', 'produto'). */
export function removalTexts(
  noun: string,
): Pick<DeleteConfirmProps<never>, 'title' | 'message' | 'done' | 'failTitle'> {
  const removed = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} removido`;
  return {
    title: `Excluir ${noun}`,
    message: `Tem certeza que deseja excluir este ${noun}?`,
    done: { title: removed, description: `${removed} com sucesso!` },
    failTitle: `Erro ao remover ${noun}`,
  };
}

/** 'Excluir' asked first: confirmed, the row is deleted by its id and a toast says so. */
export function DeleteConfirm<T extends { id: string }>({ remove, done, failTitle, ...props }: DeleteConfirmProps<T>) {
  return (
    <RowConfirm
      {...props}
      pending={remove.isPending}
      run={async (row) => {
        await remove.mutateAsync(row.id);
        toast(done);
      }}
      failed={failedAs(failTitle)}
    />
  );
}
