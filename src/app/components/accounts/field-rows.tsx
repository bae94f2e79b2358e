// The fields of an account form bound to its values by name: each row shows its value,
// writes it back, shows its error (contract or server 400) and is disabled while saving.
import { useState } from 'react';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import { DateField, type DateFieldProps } from '../date-input';
import { TextAreaField, TextField, type TextFieldProps } from '../field';
import { MoneyField } from '../money-input';
import { useFormSave } from '../use-form-save';
import { ChoiceField } from '../choice-field';

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V];

export interface AccountForm<V> {
  values: V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  errors: Partial<Record<string, string>>;
  saving: boolean;
}

/**
 * The form's values, their setter and the save that puts errors under the fields (toast
 * titled Erro); saving while any of the form's `mutations` is pending. `form` is what the
 * rows take.
 */
export function useAccountForm<V>(
  initial: V | (() => V),
  onClose: () => void,
  failure: (reason: string) => string,
  mutations: readonly { isPending: boolean }[],
) {
  const [values, setValues] = useState<V>(initial);
  const { errors, save } = useFormSave('Erro', onClose, failure);
  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));
  const saving = mutations.some((m) => m.isPending);
  const form: AccountForm<V> = { values, set, errors, saving };
  return { values, set, save, saving, form };
}

interface Row<V, T> {
  form: AccountForm<V>;
  name: KeysOf<V, T> & string;
}

function bound<V, T>({ form, name }: Row<V, T>) {
  return {
    value: form.values[name] as T,
    set: (value: T) => form.set(name, value as V[typeof name]),
    error: form.errors[name],
    disabled: form.saving,
  };
}

export function TextRow<V>({ form, name, ...props }: Row<V, string> & Omit<TextFieldProps, 'name' | 'form'>) {
  const b = bound<V, string>({ form, name });
  return (
    <TextField
      autoComplete="off"
      {...props}
      value={b.value}
      onChange={(e) => b.set(e.target.value)}
      error={b.error}
      disabled={b.disabled}
    />
  );
}

export function NotesRow<V>({ form, name }: Row<V, string>) {
  const b = bound<V, string>({ form, name });
  return (
    <TextAreaField
      label="Observações"
      className="sm:col-span-2"
      value={b.value}
      onChange={(e) => b.set(e.target.value)}
      error={b.error}
      disabled={b.disabled}
    />
  );
}

/** 'Valor' in centavos (null while empty or not an amount). */
export function MoneyRow<V>({ form, name }: Row<V, number | null>) {
  const b = bound<V, number | null>({ form, name });
  return (
    <MoneyField
      label="Valor"
      required
      placeholder="0,00"
      value={b.value}
      onChange={b.set}
      error={b.error}
      disabled={b.disabled}
    />
  );
}

/** A date ('' when empty, null while what is typed is not a date). */
export function DateRow<V>({ form, name, ...props }: Row<V, string | null> & Pick<DateFieldProps, 'label' | 'max'>) {
  const b = bound<V, string | null>({ form, name });
  return <DateField required {...props} value={b.value} onChange={b.set} error={b.error} disabled={b.disabled} />;
}

export function ChoiceRow<V, T extends string>({
  form,
  name,
  ...props
}: Row<V, string> & {
  label: string;
  required?: boolean;
  first?: { value: string; label: string; disabled?: boolean };
  choices: readonly T[];
  labels?: Readonly<Partial<Record<T, string>>>;
}) {
  const b = bound<V, string>({ form, name });
  return (
    <ChoiceField
      {...props}
      value={b.value}
      onChange={(e) => b.set(e.target.value)}
      error={b.error}
      disabled={b.disabled}
    />
  );
}

/** 'Categoria' (required): one of `choices`, none chosen at first. */
export function CategoryRow<V, T extends string>({ form, name, choices }: Row<V, string> & { choices: readonly T[] }) {
  const first = { value: '', label: 'Selecione a categoria', disabled: true };
  return <ChoiceRow form={form} name={name} label="Categoria" required first={first} choices={choices} />;
}

/** 'Forma de Pagamento': 'Nenhuma' (sent absent) or one of `choices`. */
export function PaymentMethodRow<V, T extends keyof typeof PAYMENT_METHOD_LABELS>({
  form,
  name,
  choices,
}: Row<V, string> & { choices: readonly T[] }) {
  return (
    <ChoiceRow
      form={form}
      name={name}
      label="Forma de Pagamento"
      first={{ value: 'none', label: 'Nenhuma' }}
      choices={choices}
      labels={PAYMENT_METHOD_LABELS}
    />
  );
}
