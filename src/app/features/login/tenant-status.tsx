// The store this login is for: loading, not found / failed, or its name and subdomain.
import type { Tenant } from '../../../shared/contract';
import { Spinner } from '../../components/spinner';
import { StoreIcon } from '../../components/icons';
import { TenantNotFoundError } from './api';

export const TENANT_NOT_FOUND_SCREEN_TEXT = 'Empresa não encontrada ou subdomain inválido';
export const TENANT_LOAD_FAILED_SCREEN_TEXT = 'Erro ao carregar empresa';

/** The message shown after 'Erro ao carregar empresa:' (spec §2 Login). */
export function tenantErrorText(error: unknown): string {
  if (error instanceof TenantNotFoundError) return TENANT_NOT_FOUND_SCREEN_TEXT;
  return error instanceof Error && error.message ? error.message : TENANT_LOAD_FAILED_SCREEN_TEXT;
}

interface TenantStatusProps {
  tenant: Tenant | undefined;
  loading: boolean;
  error: unknown;
}

export function TenantStatus({ tenant, loading, error }: TenantStatusProps) {
  if (loading) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-600"
      >
        <Spinner className="h-5 w-5" />
        <span>Carregando empresa...</span>
      </div>
    );
  }
  if (error || !tenant) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>
          <span className="font-semibold">Erro ao carregar empresa:</span>{' '}
          <span data-testid="tenant-error">{tenantErrorText(error)}</span>
        </p>
        <p className="mt-1 text-red-700">Verifique se você está acessando o endereço correto.</p>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3 rounded-lg border border-blue-100 bg-blue-50 p-4">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white text-blue-700">
        <StoreIcon className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-base font-semibold text-slate-900" data-testid="tenant-name">
          {tenant.name}
        </p>
        <p className="truncate text-xs text-slate-600" data-testid="tenant-subdomain">
          {tenant.subdomain}
        </p>
      </div>
    </div>
  );
}
