// The chosen customer's crediário at Nova Venda: their open instalments, what is open and
// overdue (GET /api/customers/:id/crediario, asked when a customer is chosen and again
// whenever this device's picture of them moves: a crediário sale kept or delivered, an
// instalment received, the outbox delivering either; the last answer is kept on the
// device, so offline it is shown 'conforme último sincronismo'), with what this device's
// sales and receipts not yet delivered change in it, and the limit that holds (the
// customer's own from the mirror, else the store's default). Consumidor final buys nothing
// on crediário: nothing is asked for it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CustomerCrediarioResponseSchema, type CustomerCrediario } from '../../../shared/contract/credit';
import type { StoreSettings } from '../../../shared/contract/settings';
import { creditLimitOf } from '../../../shared/credit';
import { api } from '../../lib/api';
import { FINANCE_KEY } from '../../lib/accounts/common';
import { useDeviceCrediario } from '../../counter/sale-hooks';
import { useOnline } from '../../offline/hooks';
import type { SaleCustomer } from './use-sale-form';

/** Under the finance queries: a payment or receipt made on this device refreshes it too. */
export const tillCreditKey = (customerId: string) => [...FINANCE_KEY, 'crediario', customerId] as const;

export interface TillCredit {
  /** The server's figures (fresh or last kept); null: none on this device yet. */
  server: CustomerCrediario | null;
  /** Financed by this device's crediário sales still in the outbox (centavos). */
  queued: number;
  /** Open crediário as the till counts it: the server's, plus the queued sales, less the queued receipts (null: unknown). */
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
  const device = useDeviceCrediario(id);
  const mine = device.customerId === id ? device : null;
  const queued = mine?.queued ?? 0;
  const received = mine?.received ?? 0;
  const query = useQuery({
    queryKey: tillCreditKey(id ?? ''),
    queryFn: () => api.get(CustomerCrediarioResponseSchema, `/customers/${id}/crediario`).then((r) => r.data),
    enabled: id !== null && !customer?.finalConsumer,
    staleTime: 0,
  });
  // The server's figures moved with what this device did: ask again (the first read of a
  // customer's revision is not a move, the query has just asked).
  const queryClient = useQueryClient();
  const seen = useRef<{ id: string | null; revision: string | null }>({ id: null, revision: null });
  const revision = mine?.revision ?? null;
  useEffect(() => {
    if (revision === null) return;
    const last = seen.current;
    seen.current = { id, revision };
    if (id !== null && last.id === id && last.revision !== revision) {
      void queryClient.invalidateQueries({ queryKey: tillCreditKey(id) });
    }
  }, [id, revision, queryClient]);
  if (!customer) return null;
  const server = query.data ?? null;
  const limit =
    settings && customer.creditLimit !== undefined
      ? creditLimitOf(customer.creditLimit, settings.credit_limit_default)
      : (server?.credit_limit ?? null);
  return {
    server,
    queued,
    open: server ? Math.max(0, server.open_amount + queued - received) : null,
    limit,
    cachedAt: server && (!online || query.isError) ? query.dataUpdatedAt : null,
    loading: query.isPending && query.fetchStatus === 'fetching',
  };
}
