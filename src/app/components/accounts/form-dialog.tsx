// The dialog of an account form (a payable, a receivable, a cash entry): the fields in
// two columns from 640 px, 'Cancelar' and the submit button ('Salvando...' while the
// change is on its way); closing is refused while saving.
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../button';
import { Dialog, DialogFooter } from '../dialog';

interface AccountFormDialogProps {
  title: string;
  size?: 'md' | 'lg';
  saving: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  submitDisabled?: boolean;
  children: ReactNode;
}

export function AccountFormDialog(props: AccountFormDialogProps) {
  const { title, size, saving, onClose, onSubmit, submitLabel, submitDisabled, children } = props;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Dialog open onClose={() => !saving && onClose()} title={title} size={size}>
      <form onSubmit={submit} noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" disabled={saving || submitDisabled}>
            {saving ? 'Salvando...' : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
