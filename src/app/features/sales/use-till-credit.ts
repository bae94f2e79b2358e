// The chosen customer's crediário at Nova Venda: their open instalments, what is open and
// overdue (GET /api/customers/:id/crediario, asked each time a customer is chosen; the
// last answer is kept on the device, so offline it is shown 'conforme último sincronismo'),
// plus what this device's crediário sales not yet delivered finance, and the limit that
// holds (the customer's own from the mirror, else the store's default).
import { useQuery } from '@tanstack/react-query';
import { CustomerCrediarioResponseSchema, type CustomerCrediario } from '../../../shared/contract/credit';
import type { StoreSettings } from '../../../shared/contract/settings';
import { creditLimitOf } from '../../../shared/credit';
import { api } from '../../lib/api';
import { useOnline, useQueuedCrediario } from '../../offline/hooks';
import type { SaleCustomer } from './use-sale-form';

export const tillCreditKey = (customerId: string) => ['crediario', customerId] as const;

export interface TillCredit {
  /** The server's figures (fresh or last kept); null: none on this device yet. */
  server: CustomerCrediario | null;
  /** Financed by this device's crediário sales still in the outbox (centavos). */
  queued: number;
  /** Open crediário as the till counts it: the server's plus the queued (null: unknown). */
  open: number | null;
  /** The limit that holds (centavos); null: none. */
  limit: number | null;
  /** The figures are the last ones kept (offline, or the server could not answer): when they came. */
  cachedAt: number | null;
  loading: boolean;
}

export function useTillCredit(customer: SaleCustomer | null, settings: StoreSettings | undefined): TillCredit | null {
  const online = useOnline();
  const id = customer?.id ?? null;
  const queued = useQueuedCrediario(id);
  const query = useQuery({
    queryKey: tillCreditKey(id ?? ''),
    queryFn: () => api.get(CustomerCrediarioResponseSchema, `/customers/${id}/crediario`).then((r) => r.data),
    enabled: id !== null,
    staleTime: 0,
  });
  if (!customer) return null;
  const server = query.data ?? null;
  const limit =
    settings && customer.creditLimit !== undefined
      ? creditLimitOf(customer.creditLimit, settings.credit_limit_default)
      : (server?.credit_limit ?? null);
  return {
    server,
    queued,
    open: server ? server.open_amount + queued : null,
    limit,
    cachedAt: server && (!online || query.isError) ? query.dataUpdatedAt : null,
    loading: query.isPending && query.fetchStatus === 'fetching',
  };
}
