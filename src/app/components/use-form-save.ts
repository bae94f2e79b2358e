// Saving a dialog form: contract errors or the server's 400 details go under the fields,
// a red toast titled `failTitle` says why, and a success closes the dialog.
import { useState } from 'react';
import { describeError } from '../lib/api-error';
import { fieldErrorsFrom, type FieldErrors, type FormResult } from '../lib/form-errors';
import { toastError } from './toast-store';

export function useFormSave(failTitle: string, onClose: () => void) {
  const [errors, setErrors] = useState<FieldErrors>({});

  async function save<T>(checked: FormResult<T>, run: (value: T) => Promise<unknown>, done: () => void) {
    if (!checked.ok) {
      setErrors(checked.errors);
      toastError(failTitle, checked.message);
      return;
    }
    setErrors({});
    try {
      await run(checked.value);
      done();
      onClose();
    } catch (error) {
      setErrors(fieldErrorsFrom(error));
      toastError(failTitle, describeError(error, failTitle));
    }
  }

  return { errors, save };
}
