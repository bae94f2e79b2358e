// The dialog of an account form (a payable, a receivable, a cash entry): the fields in
// two columns from 640 px, 'Cancelar' and the submit button.
import { FormDialog, type FormDialogProps } from '../form-dialog';

export function AccountFormDialog({ children, ...props }: Omit<FormDialogProps, 'className' | 'savingLabel'>) {
  return (
    <FormDialog {...props}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </FormDialog>
  );
}
