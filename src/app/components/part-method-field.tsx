// The method a sum of money comes in by (the part methods: every one but crediário), as a
// labelled select: a split sale's part, an instalment received.
import { PART_PAYMENT_METHODS, type PartPaymentMethod } from '../../shared/contract/payments';
import { PAYMENT_METHOD_LABELS } from '../../shared/contract/sales';
import { SelectField } from './field';

export function PartMethodField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: PartPaymentMethod;
  onChange: (method: PartPaymentMethod) => void;
}) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value as PartPaymentMethod)}>
      {PART_PAYMENT_METHODS.map((m) => (
        <option key={m} value={m}>
          {PAYMENT_METHOD_LABELS[m]}
        </option>
      ))}
    </SelectField>
  );
}
