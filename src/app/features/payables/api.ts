// Contas a Pagar data: query keys (all under ['finance', 'payables']), the page of
// accounts, statistics and overdue count with this device's queued changes laid over them
// (offline/finance-overlay.ts), and the changes (create, edit, pay, cancel, delete): each
// sent now with its Idempotency-Key, or queued for the outbox when the server cannot be
// reached; once done every finance query is refreshed (a payment also writes a cash entry).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import {
  PAGE_SIZE_PAYABLES,
  STALE_TIME_PAYABLES_MS,
  STALE_TIME_PAYABLE_OVERDUE_MS,
  STALE_TIME_PAYABLE_STATS_MS,
} from '../../../shared/constants';
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
import { payableEntryDescription } from '../../../shared/accounts';
import type { CashFlowEntry } from '../../../shared/contract/cash-flow';
import { AckSchema } from '../../../shared/contract/common';
import { todayIso } from '../../../shared/dates';
import { foldedIncludes } from '../../../shared/text';
import { api } from '../../lib/api';
import {
  FINANCE_KEY,
  changeSummary,
  filterValue,
  newIdempotencyKey,
  withoutEmpty,
  type WithLocal,
} from '../../lib/finance';
import type { AccountChange } from '../../offline/account-changes';
import { useAccountChange, useFinanceOverlay } from '../../offline/finance-hooks';
import {
  adjustOverdueCount,
  adjustPayableStatistics,
  liveOverlays,
  mergeRows,
  plain,
  statusToday,
} from '../../offline/finance-overlay';

const BASE = '/accounts-payable';

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

const PageQuerySchema = AccountPayableListQuerySchema.pick({ page: true, limit: true });

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

// payment_method is a z.preprocess in the contract ('none' = absent), which z.encode
// cannot run backwards: encode the rest and pass the (already decoded) enum through.
const CreateBody = AccountPayableCreateSchema.omit({ payment_method: true });
const UpdateBody = AccountPayableUpdateSchema.omit({ payment_method: true });

const parseAccount = (body: unknown) => AccountPayableResponseSchema.parse(body).data;
const resource = (id: string) => `payable:${id}`;

/** The account as the server will hold it once `value` is applied (shown while queued). */
function applied(id: string, value: AccountPayableUpdate, base: AccountPayable | null): AccountPayable {
  const status = base && base.status !== 'overdue' && base.status !== 'pending' ? base.status : 'pending';
  return {
    ...(base ?? { payment_date: null }),
    id,
    supplier_name: value.supplier_name,
    description: value.description,
    amount: value.amount,
    due_date: value.due_date,
    payment_method: value.payment_method ?? null,
    category: value.category,
    reference_number: value.reference_number ?? null,
    notes: value.notes ?? null,
    status: statusToday({ status, due_date: value.due_date }, todayIso()),
  };
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
  const query = useQuery({
    queryKey: payableKeys.list(filters, page),
    queryFn: () => fetchPayables(filters, page),
    staleTime: STALE_TIME_PAYABLES_MS,
    placeholderData: keepPreviousData,
  });
  const overlays = useFinanceOverlay();
  const { data: fetched, dataUpdatedAt } = query;
  const data = useMemo(() => {
    if (!fetched) return fetched;
    const live = liveOverlays(overlays, 'payable', dataUpdatedAt);
    if (live.length === 0) return fetched;
    const accounts = mergeRows(fetched.accounts, live, {
      matches: (a) => payableMatches(a, filters),
      firstPage: page === 1,
    });
    return { ...fetched, accounts };
  }, [fetched, dataUpdatedAt, overlays, filters, page]);
  return { ...query, data };
}

export function usePayableStatistics() {
  const query = useQuery({
    queryKey: payableKeys.statistics(),
    queryFn: fetchPayableStatistics,
    staleTime: STALE_TIME_PAYABLE_STATS_MS,
  });
  const overlays = useFinanceOverlay();
  const { data: fetched, dataUpdatedAt } = query;
  const data = useMemo(
    () => fetched && adjustPayableStatistics(fetched, liveOverlays(overlays, 'payable', dataUpdatedAt), todayIso()),
    [fetched, dataUpdatedAt, overlays],
  );
  return { ...query, data };
}

export function useOverduePayablesCount() {
  const query = useQuery({
    queryKey: payableKeys.overdue(),
    queryFn: fetchOverdueCount,
    staleTime: STALE_TIME_PAYABLE_OVERDUE_MS,
  });
  const overlays = useFinanceOverlay();
  const { data: fetched, dataUpdatedAt } = query;
  const data = useMemo(
    () =>
      fetched === undefined
        ? fetched
        : adjustOverdueCount(fetched, liveOverlays(overlays, 'payable', dataUpdatedAt), todayIso()),
    [fetched, dataUpdatedAt, overlays],
  );
  return { ...query, data };
}

/** Creates with a client-chosen id, also the Idempotency-Key: a retry names the same account. */
export function useCreatePayable() {
  return useAccountChange((value: AccountPayableCreate): AccountChange => {
    const id = value.id ?? newIdempotencyKey();
    const { payment_method, ...rest } = value;
    return {
      id,
      resource: resource(id),
      method: 'POST',
      path: `/api${BASE}`,
      body: withoutEmpty({ ...z.encode(CreateBody, { ...rest, id }), payment_method }),
      summary: changeSummary('Nova conta a pagar', value.description, value.amount),
      overlay: [{ kind: 'payable', id, before: null, after: applied(id, value, null) }],
    };
  }, parseAccount);
}

/** PUT: the five required fields again; optional fields left out are cleared. */
export function useUpdatePayable() {
  return useAccountChange(({ account, value }: { account: PayableRow; value: AccountPayableUpdate }): AccountChange => {
    const before = plain(account);
    const { payment_method, ...rest } = value;
    return {
      id: newIdempotencyKey(),
      resource: resource(account.id),
      method: 'PUT',
      path: `/api${BASE}/${account.id}`,
      body: withoutEmpty({ ...z.encode(UpdateBody, rest), payment_method }),
      summary: changeSummary('Edição de conta a pagar', value.description, value.amount),
      overlay: [{ kind: 'payable', id: account.id, before, after: applied(account.id, value, before) }],
    };
  }, parseAccount);
}

/** `paymentDate` absent: today, sent as a date (a payment queued offline keeps its day). */
export function usePayPayable() {
  return useAccountChange(({ account, paymentDate }: { account: PayableRow; paymentDate?: string }): AccountChange => {
    const before = plain(account);
    const date = paymentDate ?? todayIso();
    const entry: CashFlowEntry = {
      id: `pay-${account.id}`,
      date,
      type: 'expense',
      description: payableEntryDescription(account),
      category: account.category,
      amount: account.amount,
      sale_id: null,
      account_payable_id: account.id,
      account_receivable_id: null,
    };
    return {
      id: newIdempotencyKey(),
      resource: resource(account.id),
      method: 'POST',
      path: `/api${BASE}/${account.id}/mark-as-paid`,
      body: { payment_date: date },
      summary: changeSummary('Pagamento de conta a pagar', account.description, account.amount),
      overlay: [
        { kind: 'payable', id: account.id, before, after: { ...before, status: 'paid', payment_date: date } },
        { kind: 'cash-entry', id: entry.id, before: null, after: entry },
      ],
    };
  }, parseAccount);
}

export function useCancelPayable() {
  return useAccountChange((account: PayableRow): AccountChange => {
    const before = plain(account);
    return {
      id: newIdempotencyKey(),
      resource: resource(account.id),
      method: 'POST',
      path: `/api${BASE}/${account.id}/cancel`,
      body: undefined,
      summary: changeSummary('Cancelamento de conta a pagar', account.description, account.amount),
      overlay: [{ kind: 'payable', id: account.id, before, after: { ...before, status: 'cancelled' } }],
    };
  }, parseAccount);
}

export function useDeletePayable() {
  return useAccountChange(
    (account: PayableRow): AccountChange => ({
      id: newIdempotencyKey(),
      resource: resource(account.id),
      method: 'DELETE',
      path: `/api${BASE}/${account.id}`,
      body: undefined,
      summary: changeSummary('Exclusão de conta a pagar', account.description, account.amount),
      overlay: [{ kind: 'payable', id: account.id, before: plain(account), after: null }],
    }),
    (body) => AckSchema.parse(body),
  );
}
