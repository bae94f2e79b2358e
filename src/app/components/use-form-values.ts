// A form's values and the props that bind a text field to one of them: its value, the
// change that writes it back, its error (under the value's name, or the name the server
// gives the field) and whether it is disabled (while the form is saving). The errors are
// the form's own (`setErrors`) unless given (by useFormSave).
import { useState } from 'react';
import type { FieldErrors } from '../lib/form-errors';

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

export function useFormValues<V extends object>(
  initial: V | (() => V),
  options: { errors?: FieldErrors; disabled?: boolean } = {},
) {
  const [values, setValues] = useState<V>(initial);
  const [ownErrors, setErrors] = useState<FieldErrors>({});
  const { errors = ownErrors, disabled = false } = options;
  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: TextKey<V>, errorKey: string = String(key)) => ({
    value: values[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as V[TextKey<V>]),
    error: errors[errorKey],
    disabled,
  });
  return { values, setValues, set, text, errors, setErrors };
}
