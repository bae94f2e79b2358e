// What the three finance screens (payables, receivables, cash flow) share: every finance
// query key starts with FINANCE_KEY (one invalidation after any change), list rows may
// carry a local mark (a change made on this device that the server has not yet
// accepted, or refused), and a change resolves to whether it was sent or queued in the
// outbox (src/app/offline/account-changes.ts).
import { formatBRL } from '../../../shared/money';
import type { LocalState } from '../../offline/overlay-store';

export const FINANCE_KEY = ['finance'] as const;

/** pending: made here, not yet on the server; rejected: the server refused it. */
export type LocalMark = LocalState;

/** A list row as the finance hooks return it. */
export type WithLocal<T> = T & { local?: LocalMark };

/** A change either reached the server (with its answer) or waits in the outbox. */
export type ChangeOutcome<T> = { queued: false; data: T } | { queued: true; data?: undefined };

/** A fresh key per action: a retry of the same request is recognised by the server. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Query values: 'all' and '' mean "no filter" and are left out of the URL. */
export function filterValue(value: string | undefined): string | undefined {
  return value === undefined || value === '' || value === 'all' ? undefined : value;
}

/** Drops null and undefined members: optional fields left blank are sent absent (spec §5). */
export function withoutEmpty<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/** How a queued change reads in the Sincronização panel: what, and the account's description and amount. */
export function changeSummary(what: string, description: string, centavos: number): string {
  return `${what}: ${description} · ${formatBRL(centavos)}`;
}
