// Entrada de Mercadorias data: the preview of a supplier's NF-e (nothing written), the
// confirm (with its Idempotency-Key: a repeat after a dropped answer enters the note once),
// the recent entries, and the product search of 'Vincular'. After a confirm the lists that
// show stock, costs and bills are fetched again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ProductListResponseSchema } from '../../../shared/contract/products';
import {
  NfePreviewResponseSchema,
  StockEntryCreateSchema,
  StockEntryListResponseSchema,
  StockEntryResultResponseSchema,
  type NfePreviewRequest,
  type StockEntryCreate,
} from '../../../shared/contract/stock-entries';
import { z } from 'zod/mini';
import { api } from '../../lib/api';
import { FINANCE_KEY, newIdempotencyKey } from '../../lib/accounts/common';

/** A 5 MB note takes a while to send and read on a slow line. */
const NFE_TIMEOUT_MS = 60_000;

export const stockEntryKeys = {
  all: ['stock-entries'] as const,
  list: () => [...stockEntryKeys.all, 'list'] as const,
  products: (search: string) => ['stock-entries', 'products', search] as const,
};

export function useNfePreview() {
  return useMutation({
    mutationFn: async (body: NfePreviewRequest) =>
      (await api.post(NfePreviewResponseSchema, '/stock-entries/nfe/preview', body, { timeoutMs: NFE_TIMEOUT_MS }))
        .data,
  });
}

export function useConfirmEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: StockEntryCreate; key: string }) =>
      (
        await api.post(StockEntryResultResponseSchema, '/stock-entries', z.encode(StockEntryCreateSchema, body), {
          headers: { 'Idempotency-Key': key },
          timeoutMs: NFE_TIMEOUT_MS,
        })
      ).data,
    onSuccess: () =>
      Promise.all(
        [stockEntryKeys.all, ['products'], FINANCE_KEY, ['dashboard']].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export { newIdempotencyKey };

export function useStockEntries() {
  return useQuery({
    queryKey: stockEntryKeys.list(),
    queryFn: async () =>
      (await api.get(StockEntryListResponseSchema, '/stock-entries', { query: { page: 1, limit: 10 } })).data,
  });
}

export function useProductSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: stockEntryKeys.products(text),
    enabled: text.length > 0,
    queryFn: async () =>
      (await api.get(ProductListResponseSchema, '/products', { query: { search: text, page: 1, limit: 8 } })).data
        .products,
  });
}
