// Settings data: the company (GET/PUT /company/me) and users (list reloads after each change).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  CompanyResponseSchema,
  CompanyUpdateSchema,
  type Company,
  type CompanyUpdate,
} from '../../../shared/contract/company';
import {
  UserCreateSchema,
  UserListResponseSchema,
  UserResponseSchema,
  UserUpdateSchema,
  type UserCreate,
  type UserUpdate,
} from '../../../shared/contract/users';
import { api } from '../../lib/api';
import { recordCalls } from '../../lib/whole-list';
import { receiptHeaderKey } from '../../lib/receipt-header';

export const settingsKeys = {
  company: ['company', 'me'] as const,
  users: ['users', 'list'] as const,
};

export function fetchCompany(): Promise<Company> {
  return api.get(CompanyResponseSchema, '/company/me').then((r) => r.data);
}

export function updateCompany(value: CompanyUpdate): Promise<Company> {
  return api.put(CompanyResponseSchema, '/company/me', z.encode(CompanyUpdateSchema, value)).then((r) => r.data);
}

const users = recordCalls('users', {
  list: UserListResponseSchema,
  one: UserResponseSchema,
  create: UserCreateSchema,
  update: UserUpdateSchema,
});

export function useCompany() {
  return useQuery({ queryKey: settingsKeys.company, queryFn: fetchCompany });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(settingsKeys.company, company);
      // Receipts print the store as it is now.
      void queryClient.invalidateQueries({ queryKey: receiptHeaderKey });
    },
  });
}

export function useUsers() {
  return useQuery({ queryKey: settingsKeys.users, queryFn: users.fetchAll });
}

function useReloadUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.users });
}

export function useCreateUser() {
  const reload = useReloadUsers();
  return useMutation({ mutationFn: (value: UserCreate) => users.create(value), onSuccess: reload });
}

export function useUpdateUser() {
  const reload = useReloadUsers();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: UserUpdate }) => users.update(id, value),
    onSuccess: reload,
  });
}

export function useDeleteUser() {
  const reload = useReloadUsers();
  return useMutation({ mutationFn: users.remove, onSuccess: reload });
}
