// Tenant lookup for the login screen (spec §2 Login, §5, §8).
import { useQuery } from '@tanstack/react-query';
import { TenantSearchQuerySchema, TenantSearchResponseSchema, type Tenant } from '../../../shared/contract/tenants';
import { subdomainFromHost } from '../../../shared/tenancy';
import { z } from 'zod/mini';
import { api } from '../../lib/api';
import { ApiError, isNetworkError } from '../../lib/api-error';

export const TENANT_NOT_FOUND_TEXT = 'Tenant não encontrado';
export const TENANT_LOOKUP_FAILED_TEXT = 'Erro ao buscar tenant';

/** The lookup answered "no such tenant" (as opposed to failing). */
export class TenantNotFoundError extends Error {
  override readonly name = 'TenantNotFoundError';
  constructor() {
    super(TENANT_NOT_FOUND_TEXT);
  }
}

export const tenantKeys = {
  all: ['tenant'] as const,
  bySubdomain: (subdomain: string | null) => ['tenant', subdomain] as const,
};

export async function searchTenant(subdomain: string | null): Promise<Tenant> {
  if (subdomain === null) throw new TenantNotFoundError();
  let response: z.output<typeof TenantSearchResponseSchema>;
  try {
    const query = z.encode(TenantSearchQuerySchema, { subdomain });
    response = await api.get(TenantSearchResponseSchema, '/tenants/search', { query, auth: false });
  } catch (error) {
    // 404 or an answer with success false: the store does not exist. Anything else failed.
    if (
      error instanceof ApiError &&
      !isNetworkError(error) &&
      (error.status === 404 || (error.status < 300 && error.code !== 'INVALID_RESPONSE'))
    ) {
      throw new TenantNotFoundError();
    }
    throw new Error(TENANT_LOOKUP_FAILED_TEXT, { cause: error });
  }
  if (!response.success || !response.data) throw new TenantNotFoundError();
  return response.data;
}

/** The tenant named by this browser's host (first label), looked up once. */
export function useCurrentTenant(hostname: string = window.location.hostname) {
  const subdomain = subdomainFromHost(hostname);
  const query = useQuery({
    queryKey: tenantKeys.bySubdomain(subdomain),
    queryFn: () => searchTenant(subdomain),
    retry: (count, error) => !(error instanceof TenantNotFoundError) && count < 1,
    staleTime: Infinity,
  });
  return { subdomain, ...query };
}
