// The payable form's values and their conversion to the contract's input (spec §5).
import type { z } from 'zod/mini';
import type { AccountPayable, AccountPayableCreateSchema } from '../../../shared/contract/accounts';
import { toReais } from '../../../shared/money';

export interface PayableFormValues {
  supplier_name: string;
  description: string;
  /** centavos; null while empty or not an amount */
  amount: number | null;
  /** 'YYYY-MM-DD'; '' when empty, null while what is typed is not a date */
  due_date: string | null;
  category: string;
  /** 'none' = no method (sent absent) */
  payment_method: string;
  reference_number: string;
  notes: string;
}

export const EMPTY_PAYABLE_FORM: PayableFormValues = {
  supplier_name: '',
  description: '',
  amount: null,
  due_date: '',
  category: '',
  payment_method: 'none',
  reference_number: '',
  notes: '',
};

export function payableToForm(account: AccountPayable): PayableFormValues {
  return {
    supplier_name: account.supplier_name,
    description: account.description,
    amount: account.amount,
    due_date: account.due_date,
    category: account.category,
    payment_method: account.payment_method ?? 'none',
    reference_number: account.reference_number ?? '',
    notes: account.notes ?? '',
  };
}

/** Create and save stay disabled until the five required fields are filled (spec §5). */
export function requiredFilled(values: PayableFormValues): boolean {
  return (
    values.supplier_name.trim() !== '' &&
    values.description.trim() !== '' &&
    values.amount !== null &&
    Boolean(values.due_date) &&
    values.category !== ''
  );
}

/** The schema's input side: reais as a number; 'none' and blanks become absent there. */
export function formToInput(values: PayableFormValues): z.input<typeof AccountPayableCreateSchema> {
  return {
    supplier_name: values.supplier_name,
    description: values.description,
    // NaN is refused by the contract ('Informe um valor numérico'), as an empty field should be.
    amount: values.amount === null ? Number.NaN : toReais(values.amount),
    due_date: values.due_date ?? '',
    category: values.category as z.input<typeof AccountPayableCreateSchema>['category'],
    payment_method: values.payment_method,
    reference_number: values.reference_number,
    notes: values.notes,
  };
}
