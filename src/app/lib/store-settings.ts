// The store's settings (GET /api/settings, everyone signed in; PUT admins only): one query
// every screen may read (the till follows some settings) and the mutation of Configurações
// > Sistema, whose answer replaces the cached settings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  StoreSettingsResponseSchema,
  StoreSettingsUpdateSchema,
  type StoreSettings,
  type StoreSettingsUpdate,
} from '../../shared/contract/settings';
import { api } from './api';

export const storeSettingsKey = ['settings', 'store'] as const;

export function fetchStoreSettings(): Promise<StoreSettings> {
  return api.get(StoreSettingsResponseSchema, '/settings').then((r) => r.data);
}

/** Sends the settings changed, under a fresh Idempotency-Key (a retry of the call is one change). */
export function updateStoreSettings(value: StoreSettingsUpdate): Promise<StoreSettings> {
  return api
    .put(StoreSettingsResponseSchema, '/settings', z.encode(StoreSettingsUpdateSchema, value), {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    .then((r) => r.data);
}

export function useStoreSettings() {
  return useQuery({ queryKey: storeSettingsKey, queryFn: fetchStoreSettings });
}

export function useUpdateStoreSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStoreSettings,
    onSuccess: (settings) => queryClient.setQueryData(storeSettingsKey, settings),
  });
}
