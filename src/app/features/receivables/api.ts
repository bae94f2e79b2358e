// Contas a Receber data: query keys (all under ['finance', 'receivables']), the list
// (page 1 of 50, spec §7) and statistics with this device's queued changes laid over
// them, and the two changes the screen offers, create and mark as paid: each sent now
// with its Idempotency-Key, or queued for the outbox when the server cannot be reached.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { PAGE_SIZE_RECEIVABLES, STALE_TIME_LISTS_MS, STALE_TIME_RECEIVABLE_STATS_MS } from '../../../shared/constants';
import {
  AccountReceivableCreateSchema,
  AccountReceivableListQuerySchema,
  AccountReceivableListResponseSchema,
  AccountReceivableResponseSchema,
  ReceivableStatisticsResponseSchema,
  type AccountReceivable,
  type AccountReceivableCreate,
} from '../../../shared/contract/accounts';
import { receivableEntryDescription } from '../../../shared/accounts';
import { SALES_CATEGORY } from '../../../shared/constants';
import type { CashFlowEntry } from '../../../shared/contract/cash-flow';
import { todayIso } from '../../../shared/dates';
import { stripDocument } from '../../../shared/documents';
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
  adjustReceivableStatistics,
  inRange,
  liveOverlays,
  mergeRows,
  plain,
  statusToday,
} from '../../offline/finance-overlay';
import type { PickedCustomer } from './customer-field';

const BASE = '/accounts-receivable';

/** Due-date range ('' = open end); the server forces today for non-admins. */
export interface DueRange {
  start_date: string;
  end_date: string;
}

export interface ReceivableFilters extends DueRange {
  status: string;
  search: string;
}

export const receivableKeys = {
  all: [...FINANCE_KEY, 'receivables'] as const,
  list: (filters: ReceivableFilters) => [...receivableKeys.all, 'list', filters] as const,
  statistics: (range: DueRange) => [...receivableKeys.all, 'statistics', range] as const,
};

export type ReceivableRow = WithLocal<AccountReceivable>;

export interface ReceivableList {
  accounts: ReceivableRow[];
  /** all the accounts that match, of which `accounts` are the first PAGE_SIZE_RECEIVABLES */
  total: number;
}

const PageQuerySchema = AccountReceivableListQuerySchema.pick({ page: true, limit: true });

function rangeQuery(range: DueRange) {
  return { start_date: filterValue(range.start_date), end_date: filterValue(range.end_date) };
}

export async function fetchReceivables(filters: ReceivableFilters): Promise<ReceivableList> {
  const query = {
    ...z.encode(PageQuerySchema, { page: 1, limit: PAGE_SIZE_RECEIVABLES }),
    status: filterValue(filters.status),
    ...rangeQuery(filters),
    search: filterValue(filters.search.trim()),
  };
  const { data } = await api.get(AccountReceivableListResponseSchema, BASE, { query });
  return { accounts: data.accountsReceivable, total: data.pagination.total };
}

export function fetchReceivableStatistics(range: DueRange) {
  return api
    .get(ReceivableStatisticsResponseSchema, `${BASE}/statistics`, { query: rangeQuery(range) })
    .then((r) => r.data);
}

// payment_method is a z.preprocess in the contract ('none' = absent), which z.encode
// cannot run backwards: encode the rest and pass the (already decoded) enum through.
const CreateBody = AccountReceivableCreateSchema.omit({ payment_method: true });

const parseAccount = (body: unknown) => AccountReceivableResponseSchema.parse(body).data;
const resource = (id: string) => `receivable:${id}`;

/** Whether an account belongs in the list the screen shows (its filters, as the server applies them). */
export function receivableMatches(account: AccountReceivable, filters: ReceivableFilters, today = todayIso()) {
  const status = filterValue(filters.status);
  const search = filters.search.trim();
  const bare = stripDocument(search);
  return (
    (!status || statusToday(account, today) === status) &&
    inRange(account.due_date, rangeQuery(filters)) &&
    (!search ||
      foldedIncludes(account.customer?.name, search) ||
      (bare !== '' && (account.customer?.document ?? '').includes(bare)))
  );
}

// ---- hooks ----

export function useReceivables(filters: ReceivableFilters) {
  const query = useQuery({
    queryKey: receivableKeys.list(filters),
    queryFn: () => fetchReceivables(filters),
    staleTime: STALE_TIME_LISTS_MS,
    placeholderData: keepPreviousData,
  });
  const overlays = useFinanceOverlay();
  const { data: fetched, dataUpdatedAt } = query;
  const data = useMemo(() => {
    if (!fetched) return fetched;
    const live = liveOverlays(overlays, 'receivable', dataUpdatedAt);
    if (live.length === 0) return fetched;
    const accounts = mergeRows(fetched.accounts, live, {
      matches: (a) => receivableMatches(a, filters),
      firstPage: true,
    });
    return { accounts, total: fetched.total + accounts.length - fetched.accounts.length };
  }, [fetched, dataUpdatedAt, overlays, filters]);
  return { ...query, data };
}

export function useReceivableStatistics(range: DueRange) {
  const query = useQuery({
    queryKey: receivableKeys.statistics(range),
    queryFn: () => fetchReceivableStatistics(range),
    staleTime: STALE_TIME_RECEIVABLE_STATS_MS,
  });
  const overlays = useFinanceOverlay();
  const { data: fetched, dataUpdatedAt } = query;
  const data = useMemo(
    () =>
      fetched &&
      adjustReceivableStatistics(
        fetched,
        liveOverlays(overlays, 'receivable', dataUpdatedAt),
        todayIso(),
        rangeQuery(range),
      ),
    [fetched, dataUpdatedAt, overlays, range],
  );
  return { ...query, data };
}

/** Creates with a client-chosen id, also the Idempotency-Key: a retry names the same account. */
export function useCreateReceivable() {
  return useAccountChange(
    ({ value, customer }: { value: AccountReceivableCreate; customer: PickedCustomer | null }): AccountChange => {
      const id = value.id ?? newIdempotencyKey();
      const { payment_method, ...rest } = value;
      const local: AccountReceivable = {
        id,
        description: value.description,
        customer_id: customer?.id ?? null,
        customer: customer ? { name: customer.name, document: customer.document } : null,
        amount: value.amount,
        due_date: value.due_date,
        status: statusToday({ status: 'pending', due_date: value.due_date }, todayIso()),
        payment_method: payment_method ?? null,
        reference_number: value.reference_number ?? null,
        notes: value.notes ?? null,
        sale_id: null,
        installment_number: null,
        payment_date: null,
      };
      return {
        id,
        resource: resource(id),
        method: 'POST',
        path: `/api${BASE}`,
        body: withoutEmpty({ ...z.encode(CreateBody, { ...rest, id }), payment_method }),
        summary: changeSummary('Nova conta a receber', value.description, value.amount),
        overlay: [{ kind: 'receivable', id, before: null, after: local }],
      };
    },
    parseAccount,
  );
}

/** The receivable flow always sends today's date (spec §4); queued offline, it keeps that day. */
export function usePayReceivable() {
  return useAccountChange((account: ReceivableRow): AccountChange => {
    const before = plain(account);
    const date = todayIso();
    const entry: CashFlowEntry = {
      id: `pay-${account.id}`,
      date,
      type: 'income',
      description: receivableEntryDescription(account.description, account.customer?.name),
      category: SALES_CATEGORY,
      amount: account.amount,
      sale_id: account.sale_id,
      account_payable_id: null,
      account_receivable_id: account.id,
    };
    return {
      id: newIdempotencyKey(),
      resource: resource(account.id),
      method: 'PATCH',
      path: `/api${BASE}/${account.id}/mark-as-paid`,
      body: { payment_date: date },
      summary: changeSummary('Recebimento de conta a receber', account.description, account.amount),
      overlay: [
        { kind: 'receivable', id: account.id, before, after: { ...before, status: 'paid', payment_date: date } },
        { kind: 'cash-entry', id: entry.id, before: null, after: entry },
      ],
    };
  }, parseAccount);
}
