// Customers data: query keys, the full list (paged through), and mutations that update
// the cached list locally (spec §4: append, replace, remove).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../../shared/constants';
import {
  AckSchema,
  CustomerCreateSchema,
  CustomerListQuerySchema,
  CustomerListResponseSchema,
  CustomerResponseSchema,
  CustomerUpdateSchema,
  type Customer,
  type CustomerCreate,
  type CustomerUpdate,
} from '../../../shared/contract';
import { api } from '../../lib/api';

export const customerKeys = {
  all: ['customers'] as const,
  list: () => [...customerKeys.all, 'list'] as const,
};

const PageQuerySchema = CustomerListQuerySchema.pick({ page: true, limit: true });

export async function fetchAllCustomers(): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let page = 1; ; page++) {
    const query = z.encode(PageQuerySchema, { page, limit: MAX_PAGE_SIZE });
    const { data } = await api.get(CustomerListResponseSchema, '/customers', { query });
    customers.push(...data.customers);
    if (page >= data.pagination.totalPages || data.customers.length === 0) return customers;
  }
}

export function createCustomer(value: CustomerCreate): Promise<Customer> {
  return api.post(CustomerResponseSchema, '/customers', z.encode(CustomerCreateSchema, value)).then((r) => r.data);
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

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) =>
      queryClient.setQueryData<Customer[]>(customerKeys.list(), (old) => (old ? [...old, customer] : old)),
  });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: CustomerUpdate }) => updateCustomer(id, value),
    onSuccess: (customer) =>
      queryClient.setQueryData<Customer[]>(customerKeys.list(), (old) =>
        old?.map((c) => (c.id === customer.id ? customer : c)),
      ),
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_void, id) =>
      queryClient.setQueryData<Customer[]>(customerKeys.list(), (old) => old?.filter((c) => c.id !== id)),
  });
}
