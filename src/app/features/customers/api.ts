// Customers data: query keys, the full list (paged through), and mutations that update
// the cached list locally (spec §4: append, replace, remove); a new customer or a change
// made without a connection is queued in the outbox.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AckSchema } from '../../../shared/contract/common';
import {
  CustomerCreateSchema,
  CustomerListResponseSchema,
  CustomerResponseSchema,
  CustomerSchema,
  CustomerUpdateSchema,
  type Customer,
  type CustomerCreate,
  type CustomerUpdate,
} from '../../../shared/contract/customers';
import { api } from '../../lib/api';
import { fetchEveryPage, updateCachedList } from '../../lib/whole-list';
import { isNetworkError } from '../../lib/api-error';
import { useRecordCustomer, useRecordCustomerUpdate } from '../../offline/hooks';

export const customerKeys = {
  all: ['customers'] as const,
  list: () => [...customerKeys.all, 'list'] as const,
};

export function fetchAllCustomers(): Promise<Customer[]> {
  return fetchEveryPage(CustomerListResponseSchema, '/customers', (data) => data.customers);
}

/** POST with a client-chosen id, so a retry (or the outbox) names the same customer. */
export function createCustomer(value: CustomerCreate & { id: string }): Promise<Customer> {
  return api
    .post(CustomerResponseSchema, '/customers', z.encode(CustomerCreateSchema, value), {
      headers: { 'Idempotency-Key': value.id },
    })
    .then((r) => r.data);
}

/** The customer as the server will hold it, for the mirror while it waits in the outbox. */
function pendingCustomer(value: CustomerCreate & { id: string }): Customer {
  return {
    id: value.id,
    name: value.name,
    email: value.email ?? null,
    phone: value.phone ?? null,
    document: value.document ?? null,
    address: value.address ?? null,
    city: value.city ?? null,
    state: value.state ?? null,
    zip_code: value.zip_code ?? null,
    credit_limit: value.credit_limit ?? null,
    active: value.active,
  };
}

export function updateCustomer(id: string, value: CustomerUpdate): Promise<Customer> {
  return api.put(CustomerResponseSchema, `/customers/${id}`, z.encode(CustomerUpdateSchema, value)).then((r) => r.data);
}

export function deleteCustomer(id: string): Promise<void> {
  return api.delete(AckSchema, `/customers/${id}`).then(() => undefined);
}

export function useCustomers() {
  return useQuery({ queryKey: customerKeys.list(), queryFn: fetchAllCustomers });
}

/**
 * Creates a customer; without a connection it goes to the outbox (and the till's mirror)
 * and is sent when the network returns, before any sale that uses it.
 */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  const recordCustomer = useRecordCustomer();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (value: CustomerCreate) => {
      const withId = { ...value, id: value.id ?? crypto.randomUUID() };
      try {
        return await createCustomer(withId);
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        const customer = pendingCustomer(withId);
        await recordCustomer(z.encode(CustomerSchema, customer), z.encode(CustomerCreateSchema, withId));
        return customer;
      }
    },
    onSuccess: (customer) => updateCachedList<Customer>(queryClient, customerKeys.list()).append(customer),
  });
}

/**
 * Changes a customer; without a connection the change goes to the outbox (and the till's
 * mirror, so a new credit limit holds there at once) and is sent when the network returns.
 */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  const recordUpdate = useRecordCustomerUpdate();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ id, value }: { id: string; value: CustomerUpdate }) => {
      try {
        return await updateCustomer(id, value);
      } catch (error) {
        const known = queryClient.getQueryData<Customer[]>(customerKeys.list())?.find((c) => c.id === id);
        if (!isNetworkError(error) || !known) throw error;
        const body = z.encode(CustomerUpdateSchema, value);
        await recordUpdate({ id, name: value.name ?? known.name, changes: body }, body);
        return { ...known, ...value };
      }
    },
    onSuccess: (customer) => updateCachedList<Customer>(queryClient, customerKeys.list()).replace(customer),
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_void, id) => updateCachedList<Customer>(queryClient, customerKeys.list()).remove(id),
  });
}
