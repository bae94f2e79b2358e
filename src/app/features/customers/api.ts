// Customers data: query keys, the full list (paged through), and mutations that update
// the cached list locally (spec §4: append, replace, remove); a new customer or a change
// made without a connection is queued in the outbox.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
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
import { recordCalls, useCachedListChange, useCachedListDelete } from '../../lib/whole-list';
import { isNetworkError } from '../../lib/api-error';
import { useRecordCustomer, useRecordCustomerUpdate } from '../../counter/record-hooks';

export const customerKeys = {
  all: ['customers'] as const,
  list: () => [...customerKeys.all, 'list'] as const,
};

const customers = recordCalls('customers', {
  list: CustomerListResponseSchema,
  one: CustomerResponseSchema,
  create: CustomerCreateSchema,
  update: CustomerUpdateSchema,
});

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

export function useCustomers() {
  return useQuery({ queryKey: customerKeys.list(), queryFn: customers.fetchAll });
}

/**
 * Creates a customer; without a connection it goes to the outbox (and the till's mirror)
 * and is sent when the network returns, before any sale that uses it.
 */
export function useCreateCustomer() {
  const recordCustomer = useRecordCustomer();
  return useCachedListChange(
    customerKeys.list(),
    'append',
    async (value: CustomerCreate) => {
      const withId = { ...value, id: value.id ?? crypto.randomUUID() };
      try {
        // The client-chosen id is the Idempotency-Key: a retry (or the outbox) names the same customer.
        return await customers.create(withId, { 'Idempotency-Key': withId.id });
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        const customer = pendingCustomer(withId);
        await recordCustomer(z.encode(CustomerSchema, customer), z.encode(CustomerCreateSchema, withId));
        return customer;
      }
    },
    'always',
  );
}

/**
 * Changes a customer; without a connection the change goes to the outbox (and the till's
 * mirror, so a new credit limit holds there at once) and is sent when the network returns.
 */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  const recordUpdate = useRecordCustomerUpdate();
  return useCachedListChange(
    customerKeys.list(),
    'replace',
    async ({ id, value }: { id: string; value: CustomerUpdate }): Promise<Customer> => {
      try {
        return await customers.update(id, value);
      } catch (error) {
        const known = queryClient.getQueryData<Customer[]>(customerKeys.list())?.find((c) => c.id === id);
        if (!isNetworkError(error) || !known) throw error;
        const body = z.encode(CustomerUpdateSchema, value);
        await recordUpdate({ id, name: value.name ?? known.name, changes: body }, body);
        return { ...known, ...value };
      }
    },
    'always',
  );
}

export function useDeleteCustomer() {
  return useCachedListDelete<Customer>(customerKeys.list(), customers.remove);
}
