import type { z } from 'zod/mini';
import { formatCep, formatDocument, formatPhone } from '../../../shared/documents';
import { formatDecimal, parseMoneyInput, toReais } from '../../../shared/money';
import type { Customer, CustomerCreateSchema } from '../../../shared/contract';

export interface CustomerFormValues {
  name: string;
  email: string;
  phone: string;
  document: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  /** R$ as typed; empty: the store's default. */
  credit_limit: string;
}

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  name: '',
  email: '',
  phone: '',
  document: '',
  address: '',
  city: '',
  state: '',
  zip_code: '',
  credit_limit: '',
};

export function customerToForm(customer: Customer): CustomerFormValues {
  return {
    name: customer.name,
    email: customer.email ?? '',
    phone: formatPhone(customer.phone),
    document: formatDocument(customer.document),
    address: customer.address ?? '',
    city: customer.city ?? '',
    state: customer.state ?? '',
    zip_code: formatCep(customer.zip_code),
    credit_limit: customer.credit_limit == null ? '' : formatDecimal(customer.credit_limit),
  };
}

/** Fields shown formatted once the person leaves them, however they were typed. */
export const FORMAT_ON_BLUR: Partial<Record<keyof CustomerFormValues, (typed: string) => string>> = {
  phone: formatPhone,
  document: formatDocument,
  zip_code: formatCep,
};

/**
 * Text values to the schema's input (blank optional fields become null in the schema). A
 * blank credit limit is the store's default (null); text that is no amount is NaN, which
 * the contract refuses in pt-BR under the field.
 */
export function formToInput(values: CustomerFormValues): z.input<typeof CustomerCreateSchema> {
  const limitText = values.credit_limit.trim();
  const limit = parseMoneyInput(limitText);
  const credit_limit = limitText === '' ? null : limit === null ? Number.NaN : toReais(limit);
  return { ...values, credit_limit };
}
