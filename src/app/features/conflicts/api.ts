// Conflitos de Vendas data: the page of conflicts (open or reviewed) and marking one as
// reviewed (with its Idempotency-Key); after a review the list and the dashboard's
// alerts are fetched again.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { SaleConflictListResponseSchema, SaleConflictResponseSchema } from '../../../shared/contract/sale-conflicts';
import { api } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/accounts/common';

export type ConflictStatus = 'open' | 'reviewed';

export const conflictKeys = {
  all: ['sale-conflicts'] as const,
  list: (status: ConflictStatus, page: number) => [...conflictKeys.all, status, page] as const,
};

export function useSaleConflicts(status: ConflictStatus, page: number) {
  return useQuery({
    queryKey: conflictKeys.list(status, page),
    queryFn: async () =>
      (
        await api.get(SaleConflictListResponseSchema, '/sale-conflicts', {
          query: { status, page, limit: DEFAULT_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useReviewConflict() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await api.post(SaleConflictResponseSchema, `/sale-conflicts/${id}/review`, undefined, {
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        })
      ).data,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: conflictKeys.all }),
        client.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
