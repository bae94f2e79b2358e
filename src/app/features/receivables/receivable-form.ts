// The 'Nova Conta' form's values and their conversion to the contract's input.
import type { z } from 'zod/mini';
import type { AccountReceivableCreateSchema } from '../../../shared/contract/accounts';
import { toReais } from '../../../shared/money';
import type { PickedCustomer } from './customer-field';

export interface ReceivableFormValues {
  description: string;
  customer: PickedCustomer | null;
  /** centavos; null while empty or not an amount */
  amount: number | null;
  /** 'YYYY-MM-DD'; '' when empty, null while what is typed is not a date */
  due_date: string | null;
  /** 'none' = no method (sent absent) */
  payment_method: string;
  reference_number: string;
  notes: string;
}

export const EMPTY_RECEIVABLE_FORM: ReceivableFormValues = {
  description: '',
  customer: null,
  amount: null,
  due_date: '',
  payment_method: 'none',
  reference_number: '',
  notes: '',
};

/** Spec §5: description, amount and due date, else 'Preencha todos os campos obrigatórios'. */
export function requiredFilled(values: ReceivableFormValues): boolean {
  return values.description.trim() !== '' && values.amount !== null && Boolean(values.due_date);
}

export function formToInput(values: ReceivableFormValues): z.input<typeof AccountReceivableCreateSchema> {
  return {
    description: values.description,
    customer_id: values.customer?.id ?? null,
    // NaN is refused by the contract ('Informe um valor numérico'), as an empty field should be.
    amount: values.amount === null ? Number.NaN : toReais(values.amount),
    due_date: values.due_date ?? '',
    payment_method: values.payment_method,
    reference_number: values.reference_number,
    notes: values.notes,
  };
}
