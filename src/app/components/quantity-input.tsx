// A whole-number field (quantities, stock): a text input with the numeric keypad, so the
// browser never shows its own bubble ('Please enter a number', min, step) and the form's
// rules speak in the spec's words instead ('A quantidade deve ser maior que zero').
import { useId } from 'react';
import { FieldFrame } from './field';
import { Input, type InputProps } from './input';

/** '12' => 12, '-3' => -3 (so the form can say why); empty or anything else => null. */
export function parseQuantityText(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

export type QuantityInputProps = Omit<InputProps, 'type' | 'inputMode' | 'min' | 'max' | 'step' | 'pattern'>;

export function QuantityInput(props: QuantityInputProps) {
  return <Input autoComplete="off" {...props} type="text" inputMode="numeric" />;
}

export interface QuantityFieldProps extends Omit<QuantityInputProps, 'id'> {
  label: string;
  error?: string;
  id?: string;
}

/** A labelled QuantityInput with its error underneath. */
export function QuantityField({ label, error, id, className, ...props }: QuantityFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} className={className} required={props.required}>
      <QuantityInput
        id={fieldId}
        invalid={Boolean(error)}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        {...props}
      />
    </FieldFrame>
  );
}
