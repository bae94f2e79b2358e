// The store this login is for: loading, not found / failed, or its name and subdomain.
// Without a connection (the browser offline, or the server out of reach) it says so: the
// address is not the problem then, and the store loads when the connection comes back.
import type { Tenant } from '../../../shared/contract';
import { isNetworkError } from '../../lib/api-error';
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

export const TENANT_OFFLINE_TITLE = 'Sem conexão:';
export const TENANT_OFFLINE_TEXT = 'não foi possível carregar a empresa.';
export const TENANT_OFFLINE_HINT =
  'Verifique a internet deste aparelho. A empresa será carregada quando a conexão voltar.';

/** The lookup failed for want of a connection (not for the address). */
export function tenantUnreachable(error: unknown): boolean {
  return isNetworkError(error) || (error instanceof Error && isNetworkError(error.cause));
}

interface TenantStatusProps {
  tenant: Tenant | undefined;
  loading: boolean;
  error: unknown;
  /** The lookup waits for the browser to be online again. */
  offline?: boolean;
}

export function TenantStatus({ tenant, loading, error, offline = false }: TenantStatusProps) {
  if (!tenant && (offline || tenantUnreachable(error))) {
    return (
      <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
        <p>
          <span className="font-semibold">{TENANT_OFFLINE_TITLE}</span> {TENANT_OFFLINE_TEXT}
        </p>
        <p className="mt-1">{TENANT_OFFLINE_HINT}</p>
      </div>
    );
  }
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
