// Settings data: the company (GET/PUT /company/me) and users (list reloads after each change).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AckSchema } from '../../../shared/contract/common';
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
  type User,
  type UserCreate,
  type UserUpdate,
} from '../../../shared/contract/users';
import { api } from '../../lib/api';
import { fetchEveryPage } from '../../lib/whole-list';
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

/** Every user of the store. */
export function fetchUsers(): Promise<User[]> {
  return fetchEveryPage(UserListResponseSchema, '/users', (data) => data.users);
}

export function createUser(value: UserCreate): Promise<User> {
  return api.post(UserResponseSchema, '/users', z.encode(UserCreateSchema, value)).then((r) => r.data);
}

export function updateUser(id: string, value: UserUpdate): Promise<User> {
  return api.put(UserResponseSchema, `/users/${id}`, z.encode(UserUpdateSchema, value)).then((r) => r.data);
}

export function deleteUser(id: string): Promise<void> {
  return api.delete(AckSchema, `/users/${id}`).then(() => undefined);
}

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
  return useQuery({ queryKey: settingsKeys.users, queryFn: fetchUsers });
}

function useReloadUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.users });
}

export function useCreateUser() {
  const reload = useReloadUsers();
  return useMutation({ mutationFn: createUser, onSuccess: reload });
}

export function useUpdateUser() {
  const reload = useReloadUsers();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: UserUpdate }) => updateUser(id, value),
    onSuccess: reload,
  });
}

export function useDeleteUser() {
  const reload = useReloadUsers();
  return useMutation({ mutationFn: deleteUser, onSuccess: reload });
}
