// Contas a Receber data: query keys (all under ['finance', 'receivables']), the list
// (page 1 of 50, spec §7) and statistics with this device's queued changes laid over
// them, and the two changes the screen offers, create and mark as paid: each sent now
// with its Idempotency-Key, or queued for the outbox when the server cannot be reached.
import { keepPreviousData } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  adjustOverdueCount,
  adjustReceivableStatistics,
  inRange,
  statusToday,
  type DayRange,
  type RecordChange,
} from '../../../shared/account-overlay';
import { installmentReceived, receivableCreated } from '../../../shared/account-records';
import {
  PAGE_SIZE_RECEIVABLES,
  STALE_TIME_LISTS_MS,
  STALE_TIME_RECEIVABLE_OVERDUE_MS,
  STALE_TIME_RECEIVABLE_STATS_MS,
} from '../../../shared/constants';
import {
  AccountReceivableCreateSchema,
  AccountReceivableListQuerySchema,
  AccountReceivableListResponseSchema,
  AccountReceivableResponseSchema,
  ReceivableOverdueResponseSchema,
  ReceivableStatisticsResponseSchema,
  type AccountReceivable,
  type AccountReceivableCreate,
} from '../../../shared/contract/accounts';
import type { PartPaymentMethod } from '../../../shared/contract/payments';
import { InstallmentReceiptResponseSchema, ReceiveInstallmentSchema } from '../../../shared/contract/receipts';
import { todayIso } from '../../../shared/dates';
import type { LateCharges } from '../../../shared/late-charges';
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
} from '../../lib/accounts/common';
import { accountKind, createChange } from '../../lib/accounts/kind';
import { mergeRows, plain } from '../../lib/accounts/overlay';
import { useAccountChange, useKindChange } from '../../lib/accounts/use-account-change';
import { useOverlaidQuery } from '../../lib/accounts/use-overlaid-query';
import type { PickedCustomer } from './customer-field';

const BASE = '/accounts-receivable';

export const RECEIVABLE = accountKind<AccountReceivable>('receivable', BASE, AccountReceivableResponseSchema);

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
  overdue: (range: DueRange) => [...receivableKeys.all, 'overdue', range] as const,
};

export type ReceivableRow = WithLocal<AccountReceivable>;

export interface ReceivableList {
  accounts: ReceivableRow[];
  /** all the accounts that match, of which `accounts` are the first PAGE_SIZE_RECEIVABLES */
  total: number;
}

const PageQuerySchema = z.pick(AccountReceivableListQuerySchema, { page: true, limit: true });

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

/** How many accounts due in the range are overdue (the server's list is capped; its count is not). */
export function fetchOverdueReceivablesCount(range: DueRange): Promise<number> {
  return api.get(ReceivableOverdueResponseSchema, `${BASE}/overdue`, { query: rangeQuery(range) }).then((r) => r.count);
}

// payment_method is a z.preprocess in the contract ('none' = absent), which z.encode
// cannot run backwards: encode the rest and pass the (already decoded) enum through.
const CreateBody = z.omit(AccountReceivableCreateSchema, { payment_method: true });

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
  return useOverlaidQuery(
    {
      queryKey: receivableKeys.list(filters),
      queryFn: () => fetchReceivables(filters),
      staleTime: STALE_TIME_LISTS_MS,
      placeholderData: keepPreviousData,
    },
    'receivable',
    (fetched, live) => {
      const accounts = mergeRows(fetched.accounts, live, {
        matches: (a) => receivableMatches(a, filters),
        firstPage: true,
      });
      return { accounts, total: fetched.total + accounts.length - fetched.accounts.length };
    },
  );
}

/** A figure of the accounts due in `range`, with this device's changes as of today applied. */
function useRangeFigure<T>(
  range: DueRange,
  figure: 'statistics' | 'overdue',
  fetch: (range: DueRange) => Promise<T>,
  staleTime: number,
  adjust: (fetched: T, live: readonly RecordChange[], today: string, range: DayRange) => T,
) {
  return useOverlaidQuery(
    { queryKey: receivableKeys[figure](range), queryFn: () => fetch(range), staleTime },
    'receivable',
    (fetched, live) => adjust(fetched, live, todayIso(), rangeQuery(range)),
  );
}

export const useReceivableStatistics = (range: DueRange) =>
  useRangeFigure(
    range,
    'statistics',
    fetchReceivableStatistics,
    STALE_TIME_RECEIVABLE_STATS_MS,
    adjustReceivableStatistics,
  );

/** The overdue count, fresh for 1 minute (spec: receivable overdue 1 min), with this device's changes. */
export const useOverdueReceivablesCount = (range: DueRange) =>
  useRangeFigure(range, 'overdue', fetchOverdueReceivablesCount, STALE_TIME_RECEIVABLE_OVERDUE_MS, adjustOverdueCount);

/** Creates with a client-chosen id, also the Idempotency-Key: a retry names the same account. */
export function useCreateReceivable() {
  return useKindChange(
    RECEIVABLE,
    ({ value, customer }: { value: AccountReceivableCreate; customer: PickedCustomer | null }) => {
      const id = value.id ?? newIdempotencyKey();
      const { payment_method, ...rest } = value;
      const body = withoutEmpty({ ...z.encode(CreateBody, { ...rest, id }), payment_method });
      const local = receivableCreated(id, value, customer, todayIso());
      return createChange(RECEIVABLE, 'Nova conta a receber', local, body);
    },
  );
}

export interface InstallmentPayment {
  account: ReceivableRow;
  method: PartPaymentMethod;
  /** centavos of the instalment paid now (less than what is open: a partial payment) */
  amount: number;
  /** The late charges on `amount` paid today, as shown to the person. */
  charges: LateCharges;
  /** The caixa session open on this device, where the money lands. */
  cashSessionId: string | null;
}

/**
 * 'Confirmar Pagamento': the instalment received today (spec §4: today's date; queued
 * offline, it keeps that day) with its method, amount and late charges; the device shows the
 * instalment, its paid part and the cash-book entries at once, and counts the money in its
 * open caixa.
 */
export function useReceiveInstallment() {
  return useAccountChange(
    ({ account, method, amount, charges, cashSessionId }: InstallmentPayment) => {
      const id = newIdempotencyKey();
      const date = todayIso();
      const before = plain(account);
      const { instalment, paidPart, entries } = installmentReceived(before, { paidId: id, date, amount, charges });
      const body = z.encode(ReceiveInstallmentSchema, {
        payment_date: date,
        payment_method: method,
        amount,
        ...(cashSessionId ? { cash_session_id: cashSessionId } : {}),
      });
      return {
        id,
        resource: `${RECEIVABLE.kind}:${account.id}`,
        method: 'POST',
        path: `/api${BASE}/${account.id}/receive`,
        body,
        summary: changeSummary('Recebimento de parcela', account.description, charges.total_cents),
        overlay: [
          { kind: 'receivable', id: account.id, before, after: instalment },
          ...(paidPart ? [{ kind: 'receivable' as const, id: paidPart.id, before: null, after: paidPart }] : []),
          ...entries.map((entry) => ({ kind: 'cash-entry' as const, id: entry.id, before: null, after: entry })),
        ],
        ...(cashSessionId
          ? { caixaReceipt: { sessionId: cashSessionId, receipt: { id, method, amount: charges.total_cents } } }
          : {}),
      };
    },
    (body) => InstallmentReceiptResponseSchema.parse(body).data,
  );
}
