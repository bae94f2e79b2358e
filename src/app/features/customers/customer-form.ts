import type { z } from 'zod';
import { formatCep, formatDocument, formatPhone } from '../../../shared/documents';
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
  };
}

/** Fields shown formatted once the person leaves them, however they were typed. */
export const FORMAT_ON_BLUR: Partial<Record<keyof CustomerFormValues, (typed: string) => string>> = {
  phone: formatPhone,
  document: formatDocument,
  zip_code: formatCep,
};

/** Text values to the schema's input (blank optional fields become null in the schema). */
export function formToInput(values: CustomerFormValues): z.input<typeof CustomerCreateSchema> {
  return { ...values };
}
