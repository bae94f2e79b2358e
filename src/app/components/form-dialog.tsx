// A dialog around a form: the fields, then 'Cancelar' and the submit button (its saving
// text, 'Salvando...', while the change is on its way); closing is refused while saving.
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogFooter, type DialogProps } from './dialog';

export interface FormDialogProps {
  title: string;
  size?: DialogProps['size'];
  saving: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  savingLabel?: string;
  submitDisabled?: boolean;
  /** The form's own classes ('flex flex-col gap-4' stacks the fields above the buttons). */
  className?: string;
  children: ReactNode;
}

export function FormDialog(props: FormDialogProps) {
  const { title, size, saving, onClose, onSubmit, submitLabel, savingLabel, submitDisabled } = props;
  return (
    <Dialog open onClose={() => !saving && onClose()} title={title} size={size}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
        className={props.className}
      >
        {props.children}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <SaveButton saving={saving} label={submitLabel} savingLabel={savingLabel} disabled={submitDisabled} />
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/**
 * A FormDialog whose fields stand in two columns from 640 px (a customer, a product, an
 * account); `below` goes under the fields, full width.
 */
export function GridFormDialog({
  children,
  below,
  ...props
}: Omit<FormDialogProps, 'className' | 'savingLabel'> & { below?: ReactNode }) {
  return (
    <FormDialog {...props}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
      {below}
    </FormDialog>
  );
}

/** A form's submit button: `savingLabel` while the change is on its way. */
export function SaveButton({
  saving,
  label,
  savingLabel = 'Salvando...',
  disabled,
}: {
  saving: boolean;
  label: string;
  savingLabel?: string;
  disabled?: boolean;
}) {
  return (
    <Button type="submit" disabled={saving || disabled}>
      {saving ? savingLabel : label}
    </Button>
  );
}
