// Saving a dialog form: contract errors or the server's 400 details go under the fields,
// a red toast titled `failTitle` says why (through `failDescription` when given: the
// finance screens say 'Erro ao criar conta a pagar: {motivo}'; `answered` tells the server's
// refusal from the form's own check), and a success closes the dialog.
import { useState } from 'react';
import { describeError } from '../lib/api-error';
import { fieldErrorsFrom, type FieldErrors, type FormResult } from '../lib/form-errors';
import { toastError } from './toast-store';

export function useFormSave(
  failTitle: string,
  onClose: () => void,
  failDescription: (reason: string, answered: boolean) => string = (reason) => reason,
) {
  const [errors, setErrors] = useState<FieldErrors>({});

  async function save<T, R>(checked: FormResult<T>, run: (value: T) => Promise<R>, done: (result: R) => void) {
    if (!checked.ok) {
      setErrors(checked.errors);
      toastError(failTitle, failDescription(checked.message, false));
      return;
    }
    setErrors({});
    try {
      const result = await run(checked.value);
      done(result);
      onClose();
    } catch (error) {
      setErrors(fieldErrorsFrom(error));
      toastError(failTitle, failDescription(describeError(error, failTitle), true));
    }
  }

  return { errors, save };
}
