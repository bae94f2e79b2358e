// A select of fixed choices, with maybe a first option that is not a choice ('Todas' in
// a filter, 'Selecione a categoria' or 'Nenhuma' in a form).
import { SelectField, type SelectFieldProps } from './field';

interface ChoiceFieldProps<T extends string> extends Omit<SelectFieldProps, 'children'> {
  first?: { value: string; label: string; disabled?: boolean };
  choices: readonly T[];
  /** How a choice reads (default: itself). */
  labels?: Readonly<Partial<Record<T, string>>>;
}

export function ChoiceField<T extends string>({ first, choices, labels, ...props }: ChoiceFieldProps<T>) {
  return (
    <SelectField {...props}>
      {first ? (
        <option value={first.value} disabled={first.disabled}>
          {first.label}
        </option>
      ) : null}
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {labels?.[choice] ?? choice}
        </option>
      ))}
    </SelectField>
  );
}
