// Where the Contas a Pagar screen gets what it shows: start here.
// - The server's answers: the page of accounts, the statistics and the overdue count,
//   fetched below (GET /api/accounts-payable, /statistics, /overdue; query keys under
//   ['finance', 'payables']) and cached by TanStack Query.
// - This device's changes not yet on the server laid over them: the overlay rows
//   (offline/overlay-store.ts) merged into the page (lib/accounts/overlay.ts, filtered
//   by payableMatches below, as the server filters) and counted into the figures
//   (src/shared/account-overlay.ts), through one hook (lib/accounts/use-overlaid-query.ts).
// - The changes (create, edit, pay, cancel, delete): built here from the records they leave
//   (src/shared/account-records.ts), sent now with their Idempotency-Key or queued in the
//   outbox (lib/accounts/use-account-change.ts); once done every finance query refreshes.
import { keepPreviousData } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  PAGE_SIZE_PAYABLES,
  STALE_TIME_PAYABLES_MS,
  STALE_TIME_PAYABLE_OVERDUE_MS,
  STALE_TIME_PAYABLE_STATS_MS,
} from '../../../shared/constants';
import { adjustOverdueCount, adjustPayableStatistics, statusToday } from '../../../shared/account-overlay';
import { payableAfterSave, payableCashEntry } from '../../../shared/account-records';
import {
  AccountPayableCreateSchema,
  AccountPayableListQuerySchema,
  AccountPayableListResponseSchema,
  AccountPayableResponseSchema,
  AccountPayableUpdateSchema,
  PayableOverdueResponseSchema,
  PayableStatisticsResponseSchema,
  type AccountPayable,
  type AccountPayableCreate,
  type AccountPayableUpdate,
} from '../../../shared/contract/accounts';
import { todayIso } from '../../../shared/dates';
import { foldedIncludes } from '../../../shared/text';
import { api } from '../../lib/api';
import { FINANCE_KEY, filterValue, newIdempotencyKey, withoutEmpty, type WithLocal } from '../../lib/accounts/common';
import { accountKind, createChange, paymentChange, rowChange } from '../../lib/accounts/kind';
import { mergeRows } from '../../lib/accounts/overlay';
import { useDeleteRecord, useKindChange } from '../../lib/accounts/use-account-change';
import { useOverlaidQuery } from '../../lib/accounts/use-overlaid-query';

const BASE = '/accounts-payable';

export const PAYABLE = accountKind<AccountPayable>('payable', BASE, AccountPayableResponseSchema);

/** The list's filters as the screen holds them ('all' / '' = no filter). */
export interface PayableFilters {
  search: string;
  status: string;
  category: string;
  payment_method: string;
}

export const EMPTY_PAYABLE_FILTERS: PayableFilters = {
  search: '',
  status: 'all',
  category: 'all',
  payment_method: 'all',
};

export const payableKeys = {
  all: [...FINANCE_KEY, 'payables'] as const,
  lists: () => [...payableKeys.all, 'list'] as const,
  list: (filters: PayableFilters, page: number) => [...payableKeys.lists(), { ...filters, page }] as const,
  statistics: () => [...payableKeys.all, 'statistics'] as const,
  overdue: () => [...payableKeys.all, 'overdue'] as const,
};

export type PayableRow = WithLocal<AccountPayable>;

export interface PayablePage {
  accounts: PayableRow[];
  page: number;
  totalPages: number;
  total: number;
}

const PageQuerySchema = z.pick(AccountPayableListQuerySchema, { page: true, limit: true });

export async function fetchPayables(filters: PayableFilters, page: number): Promise<PayablePage> {
  const query = {
    ...z.encode(PageQuerySchema, { page, limit: PAGE_SIZE_PAYABLES }),
    status: filterValue(filters.status),
    category: filterValue(filters.category),
    payment_method: filterValue(filters.payment_method),
    search: filterValue(filters.search.trim()),
  };
  const { data } = await api.get(AccountPayableListResponseSchema, BASE, { query });
  const { pagination } = data;
  return {
    accounts: data.accountsPayable,
    page: pagination.page,
    totalPages: pagination.total_pages,
    total: pagination.total,
  };
}

export function fetchPayableStatistics() {
  return api.get(PayableStatisticsResponseSchema, `${BASE}/statistics`).then((r) => r.data);
}

/** How many accounts are overdue (the list itself is capped; the count is not). */
export function fetchOverdueCount(): Promise<number> {
  return api.get(PayableOverdueResponseSchema, `${BASE}/overdue`).then((r) => r.count);
}

/** Whether an account belongs in the list the screen shows (its filters, as the server applies them). */
export function payableMatches(account: AccountPayable, filters: PayableFilters, today = todayIso()): boolean {
  const status = filterValue(filters.status);
  const category = filterValue(filters.category);
  const method = filterValue(filters.payment_method);
  const search = filters.search.trim();
  return (
    (!status || statusToday(account, today) === status) &&
    (!category || account.category === category) &&
    (!method || account.payment_method === method) &&
    (!search || foldedIncludes(account.supplier_name, search) || foldedIncludes(account.description, search))
  );
}

// ---- hooks ----

export function usePayables(filters: PayableFilters, page: number) {
  return useOverlaidQuery(
    {
      queryKey: payableKeys.list(filters, page),
      queryFn: () => fetchPayables(filters, page),
      staleTime: STALE_TIME_PAYABLES_MS,
      placeholderData: keepPreviousData,
    },
    'payable',
    (fetched, live) => ({
      ...fetched,
      accounts: mergeRows(fetched.accounts, live, {
        matches: (a) => payableMatches(a, filters),
        firstPage: page === 1,
      }),
    }),
  );
}

export function usePayableStatistics() {
  return useOverlaidQuery(
    { queryKey: payableKeys.statistics(), queryFn: fetchPayableStatistics, staleTime: STALE_TIME_PAYABLE_STATS_MS },
    'payable',
    (fetched, live) => adjustPayableStatistics(fetched, live, todayIso()),
  );
}

export function useOverduePayablesCount() {
  return useOverlaidQuery(
    { queryKey: payableKeys.overdue(), queryFn: fetchOverdueCount, staleTime: STALE_TIME_PAYABLE_OVERDUE_MS },
    'payable',
    (fetched, live) => adjustOverdueCount(fetched, live, todayIso()),
  );
}

// payment_method is a z.preprocess in the contract ('none' = absent), which z.encode
// cannot run backwards: encode the rest and pass the (already decoded) enum through.
const CreateBody = z.omit(AccountPayableCreateSchema, { payment_method: true });
const UpdateBody = z.omit(AccountPayableUpdateSchema, { payment_method: true });

/** Creates with a client-chosen id, also the Idempotency-Key: a retry names the same account. */
export function useCreatePayable() {
  return useKindChange(PAYABLE, (value: AccountPayableCreate) => {
    const id = value.id ?? newIdempotencyKey();
    const { payment_method, ...rest } = value;
    const body = withoutEmpty({ ...z.encode(CreateBody, { ...rest, id }), payment_method });
    return createChange(PAYABLE, 'Nova conta a pagar', payableAfterSave(id, value, null, todayIso()), body);
  });
}

/** PUT: the five required fields again; optional fields left out are cleared. */
export function useUpdatePayable() {
  return useKindChange(PAYABLE, ({ account, value }: { account: PayableRow; value: AccountPayableUpdate }) => {
    const { payment_method, ...rest } = value;
    return rowChange(PAYABLE, 'Edição de conta a pagar', account, {
      method: 'PUT',
      body: withoutEmpty({ ...z.encode(UpdateBody, rest), payment_method }),
      after: (before) => payableAfterSave(account.id, value, before, todayIso()),
    });
  });
}

/** `paymentDate` absent: today, sent as a date (a payment queued offline keeps its day). */
export function usePayPayable() {
  return useKindChange(PAYABLE, ({ account, paymentDate }: { account: PayableRow; paymentDate?: string }) => {
    const date = paymentDate ?? todayIso();
    const entry = payableCashEntry(account, date);
    return paymentChange(PAYABLE, 'Pagamento de conta a pagar', account, 'POST', date, entry);
  });
}

export function useCancelPayable() {
  return useKindChange(PAYABLE, (account: PayableRow) =>
    rowChange(PAYABLE, 'Cancelamento de conta a pagar', account, {
      method: 'POST',
      action: 'cancel',
      after: (before) => ({ ...before, status: 'cancelled' as const }),
    }),
  );
}

export function useDeletePayable() {
  return useDeleteRecord(PAYABLE, 'Exclusão de conta a pagar');
}
