// Inventário data: the store's counts (an open one is the newest), a count's products with
// what was counted, and the writes (open, count a product, finish, cancel), each with an
// Idempotency-Key so a repeat after a lost answer does it once. After a finish the lists
// that show stock are fetched again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  StockCountLineResponseSchema,
  StockCountLinesResponseSchema,
  StockCountListResponseSchema,
  StockCountResponseSchema,
} from '../../../shared/contract/stock-counts';
import { api } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/accounts/common';

export const LINES_PAGE_SIZE = 50;

export const stockCountKeys = {
  all: ['stock-counts'] as const,
  list: () => [...stockCountKeys.all, 'list'] as const,
  lines: (id: string, search: string, page: number) => [...stockCountKeys.all, 'lines', id, search, page] as const,
};

const keyed = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

export function useStockCounts() {
  return useQuery({
    queryKey: stockCountKeys.list(),
    queryFn: async () =>
      (await api.get(StockCountListResponseSchema, '/stock-counts', { query: { page: 1, limit: 10 } })).data,
  });
}

export function fetchCountLines(id: string, search: string, page: number, limit = LINES_PAGE_SIZE) {
  const query = z.encode(z.object({ page: z.int(), limit: z.int(), search: z.string().optional() }), {
    page,
    limit,
    ...(search ? { search } : {}),
  });
  return api.get(StockCountLinesResponseSchema, `/stock-counts/${id}/lines`, { query }).then((r) => r.data);
}

export function useCountLines(id: string, search: string, page: number) {
  return useQuery({
    queryKey: stockCountKeys.lines(id, search, page),
    queryFn: () => fetchCountLines(id, search, page),
    placeholderData: (previous) => previous,
  });
}

function useCountWrite<T, R>(write: (input: T) => Promise<R>, stockChanged = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all(
        [stockCountKeys.all, ...(stockChanged ? [['products'], ['dashboard']] : [])].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useOpenCount = () =>
  useCountWrite((search: string) =>
    api.post(StockCountResponseSchema, '/stock-counts', search ? { search } : {}, keyed()).then((r) => r.data),
  );

export const useSetCounted = () =>
  useCountWrite(({ id, productId, counted }: { id: string; productId: string; counted: number }) =>
    api
      .put(StockCountLineResponseSchema, `/stock-counts/${id}/lines/${productId}`, { counted }, keyed())
      .then((r) => r.data),
  );

/** Finishing takes the key of the attempt: the same confirmation sent again is one finish. */
export const useFinishCount = () =>
  useCountWrite(
    ({ id, key }: { id: string; key: string }) =>
      api
        .post(StockCountResponseSchema, `/stock-counts/${id}/confirm`, undefined, {
          headers: { 'Idempotency-Key': key },
        })
        .then((r) => r.data),
    true,
  );

export const useCancelCount = () =>
  useCountWrite((id: string) =>
    api.post(StockCountResponseSchema, `/stock-counts/${id}/cancel`, undefined, keyed()).then((r) => r.data),
  );

export { newIdempotencyKey };
