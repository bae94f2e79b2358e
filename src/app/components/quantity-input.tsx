// A whole-number field (quantities, stock): a text input with the numeric keypad, so the
// browser never shows its own bubble ('Please enter a number', min, step) and the form's
// rules speak in the spec's words instead ('A quantidade deve ser maior que zero').
// Focusing it selects what it holds (the '0' of a new product's stock, the '1' of Nova
// Venda), so what is typed replaces it.
import { labelledField, type LabelledProps } from './field';
import { Input, type InputProps } from './input';
import { useSelectOnFocus } from './select-on-focus';

/** '12' => 12, '-3' => -3 (so the form can say why); empty or anything else => null. */
export function parseQuantityText(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

export type QuantityInputProps = Omit<InputProps, 'type' | 'inputMode' | 'min' | 'max' | 'step' | 'pattern'>;

export function QuantityInput({ onFocus, onMouseDown, onMouseUp, ...props }: QuantityInputProps) {
  const selecting = useSelectOnFocus({ onFocus, onMouseDown, onMouseUp });
  return <Input autoComplete="off" {...props} {...selecting} type="text" inputMode="numeric" />;
}

export type QuantityFieldProps = LabelledProps<QuantityInputProps>;

/** A labelled QuantityInput with its error underneath. */
export const QuantityField = labelledField(QuantityInput);
