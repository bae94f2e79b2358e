// Configurações > Fiscal's data (admins): the NFC-e setup (GET/PUT /fiscal/settings) and the
// A1 certificate's upload (POST /fiscal/certificate, the .pfx in base64 with its password).
// Each answer replaces the cached setup; the certificate's reloads it (its problems change).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CertificateInfoResponseSchema,
  FiscalSettingsResponseSchema,
  type CertificateInfo,
  type FiscalSettingsUpdate,
  type FiscalSettingsView,
} from '../../../shared/contract/fiscal-settings';
import { api } from '../../lib/api';
import { fiscalTillKey } from '../../counter/fiscal-till';

export const fiscalKeys = { settings: ['fiscal', 'settings'] as const };

const keyed = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export function fetchFiscalSettings(): Promise<FiscalSettingsView> {
  return api.get(FiscalSettingsResponseSchema, '/fiscal/settings').then((r) => r.data);
}

export function updateFiscalSettings(value: FiscalSettingsUpdate): Promise<FiscalSettingsView> {
  return api.put(FiscalSettingsResponseSchema, '/fiscal/settings', value, keyed()).then((r) => r.data);
}

/** The file's bytes in base64 (FileReader: a data: URL, its prefix dropped). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('Não foi possível ler o arquivo.'));
    reader.readAsDataURL(file);
  });
}

export async function uploadCertificate({
  file,
  password,
}: {
  file: Blob;
  password: string;
}): Promise<CertificateInfo> {
  const pfx_base64 = await fileToBase64(file);
  return api
    .post(CertificateInfoResponseSchema, '/fiscal/certificate', { pfx_base64, password }, keyed())
    .then((r) => r.data);
}

export function useFiscalSettings() {
  return useQuery({ queryKey: fiscalKeys.settings, queryFn: fetchFiscalSettings });
}

export function useUpdateFiscalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFiscalSettings,
    onSuccess: (view) => {
      queryClient.setQueryData(fiscalKeys.settings, view);
      // What the till knows of the setup (emission, series, threshold) is read again.
      void queryClient.invalidateQueries({ queryKey: fiscalTillKey });
    },
  });
}

export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fiscalKeys.settings }),
  });
}
