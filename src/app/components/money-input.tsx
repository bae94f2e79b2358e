// The app's money field: every amount a person types (prices, Valor, the entrada, a
// discount, the amount received) is a MoneyField, so they all behave alike. It reads what
// a Brazilian types ('119,90', '1.234,56') whatever the browser's language: a text input
// (a number input in an en-US browser drops the comma) that keeps the typed text while
// focused, shows the formatted amount on blur and hands the form integer centavos, or null
// when the text is not an amount. Focusing it selects what it shows ('0,00' included), so
// what is typed replaces it.
import { formatDecimal, parseMoneyInput } from '../../shared/money';
import { cn } from './cn';
import { labelledField, type LabelledProps } from './field';
import { Input, type InputProps } from './input';
import { useEditedText } from './select-on-focus';

export interface MoneyInputProps extends Omit<
  InputProps,
  'value' | 'onChange' | 'type' | 'inputMode' | 'defaultValue'
> {
  /** centavos, or null when empty or not an amount */
  value: number | null;
  /** `text`: what is typed, for a form that must tell empty from not an amount. */
  onChange: (centavos: number | null, text: string) => void;
}

export function MoneyInput({ value, onChange, className, ...props }: MoneyInputProps) {
  const { setText, inputProps } = useEditedText(
    () => (value === null ? '' : formatDecimal(value)),
    // Unfocused: the amount as the app writes it; text that is not an amount stays, so
    // the person sees what to fix (and a value cleared by the form clears the field).
    (text) => (value !== null ? formatDecimal(value) : parseMoneyInput(text) === null ? text : ''),
    // The caller's focus, blur and mouse handlers: the field's own call them (the input gets
    // `inputProps` after `props`).
    props,
  );

  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500"
      >
        R$
      </span>
      <Input
        {...props}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={cn('pl-10', className)}
        {...inputProps}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseMoneyInput(event.target.value), event.target.value);
        }}
      />
    </div>
  );
}

export type MoneyFieldProps = LabelledProps<MoneyInputProps>;

/** A labelled MoneyInput with its error underneath. */
export const MoneyField = labelledField(MoneyInput);
