import type { z } from 'zod';
import { formatDocument } from '../../../shared/documents';
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
    phone: customer.phone ?? '',
    document: formatDocument(customer.document),
    address: customer.address ?? '',
    city: customer.city ?? '',
    state: customer.state ?? '',
    zip_code: customer.zip_code ?? '',
  };
}

/** Text values to the schema's input (blank optional fields become null in the schema). */
export function formToInput(values: CustomerFormValues): z.input<typeof CustomerCreateSchema> {
  return { ...values };
}
