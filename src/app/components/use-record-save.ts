// Saving a dialog that adds a record or edits one (a customer, a product, a user): `saving`
// while either change is on its way; `add` and `edit` send the form once the contract's
// create or update schema has checked it (an edit under the record's id), with the errors
// and toasts of useFormSave. useRecordForm adds the form's values, their fields showing
// the save's errors and disabled while saving.
import type { FormResult } from '../lib/form-errors';
import { useFormSave } from './use-form-save';
import { useFormValues } from './use-form-values';

interface Change<V> {
  mutateAsync: (variables: V) => Promise<unknown>;
  isPending: boolean;
}

export function useRecordSave<C, U>(
  record: { id: string } | null,
  changes: { create: Change<C>; update: Change<{ id: string; value: U }> },
  failTitle: string,
  onClose: () => void,
  failDescription?: (reason: string, answered: boolean) => string,
) {
  const { create, update } = changes;
  const { errors, save } = useFormSave(failTitle, onClose, failDescription);
  return {
    errors,
    saving: create.isPending || update.isPending,
    add: (checked: FormResult<C>, done: () => void) => save(checked, (value) => create.mutateAsync(value), done),
    edit: (checked: FormResult<U>, done: () => void) =>
      record ? save(checked, (value) => update.mutateAsync({ id: record.id, value }), done) : undefined,
  };
}

export function useRecordForm<V extends object, C, U>(
  record: { id: string } | null,
  changes: { create: Change<C>; update: Change<{ id: string; value: U }> },
  failTitle: string,
  onClose: () => void,
  initial: V | (() => V),
  failDescription?: (reason: string, answered: boolean) => string,
) {
  const { errors, saving, add, edit } = useRecordSave(record, changes, failTitle, onClose, failDescription);
  const { values, setValues, set, text } = useFormValues<V>(initial, { errors, disabled: saving });
  return { errors, saving, add, edit, values, setValues, set, text };
}
