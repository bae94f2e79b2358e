// One kind of account change (a payable, a receivable, a manual cash entry) described
// once, and the changes built from it: each change is a request (sent now, or queued in
// the outbox under its Idempotency-Key: offline/account-changes.ts) plus the records it
// leaves (the overlay the screens show until the server has it).
import type { OverlayWrite, AccountChange } from '../../counter/account-changes';
import type { OutboxEntry, OverlayRecord } from '../../offline/db';
import { changeSummary, newIdempotencyKey, type WithLocal } from './common';
import { plain } from './overlay';

/** What every account record has: the overlay keys it by id, the outbox panel says its description and amount. */
export interface AccountRecord {
  id: string;
  description: string;
  amount: number;
}

export interface AccountKind<Row extends AccountRecord> {
  /** Its overlay rows, and its outbox resources ('payable:<id>'). */
  kind: OverlayRecord['kind'];
  /** The server's path under /api ('/accounts-payable'). */
  base: string;
  /** Reads the server's answer to a create, edit or payment. */
  parse: (body: unknown) => Row;
}

/** A kind whose server answers `{ data: row }` to a create, edit or payment. */
export function accountKind<Row extends AccountRecord>(
  kind: OverlayRecord['kind'],
  base: string,
  answer: { parse: (body: unknown) => { data: Row } },
): AccountKind<Row> {
  return { kind, base, parse: (body) => answer.parse(body).data };
}

const resource = (kind: AccountKind<AccountRecord>, id: string) => `${kind.kind}:${id}`;

/** A new record under a client-chosen id, also the Idempotency-Key: a retry names the same record. */
export function createChange<Row extends AccountRecord>(
  kind: AccountKind<Row>,
  what: string,
  after: Row,
  body: unknown,
): AccountChange {
  return {
    id: after.id,
    resource: resource(kind, after.id),
    method: 'POST',
    path: `/api${kind.base}`,
    body,
    summary: changeSummary(what, after.description, after.amount),
    overlay: [{ kind: kind.kind, id: after.id, before: null, after }],
  };
}

export interface RowChange<Row> {
  method: OutboxEntry['method'];
  /** What follows '/{id}' in the path ('mark-as-paid'), if anything. */
  action?: string;
  body?: unknown;
  /** The record after the change (null: deleted), from the record as the screen shows it. */
  after: (before: Row) => Row | null;
  /** Other records the change writes (the cash entry of a payment). */
  also?: OverlayWrite[];
}

/** A change to a record the screen shows: edit, pay, cancel, delete. */
export function rowChange<Row extends AccountRecord>(
  kind: AccountKind<Row>,
  what: string,
  row: WithLocal<Row>,
  change: RowChange<Row>,
): AccountChange {
  const before = plain(row);
  const after = change.after(before);
  const said = after ?? before;
  return {
    id: newIdempotencyKey(),
    resource: resource(kind, row.id),
    method: change.method,
    path: `/api${kind.base}/${row.id}${change.action ? `/${change.action}` : ''}`,
    body: change.body,
    summary: changeSummary(what, said.description, said.amount),
    overlay: [{ kind: kind.kind, id: row.id, before, after }, ...(change.also ?? [])],
  };
}

/** Marks an account paid on `date`; the payment also writes `entry` to the cash book. */
export function paymentChange<Row extends AccountRecord>(
  kind: AccountKind<Row>,
  what: string,
  row: WithLocal<Row>,
  method: 'POST' | 'PATCH',
  date: string,
  entry: AccountRecord,
): AccountChange {
  return rowChange(kind, what, row, {
    method,
    action: 'mark-as-paid',
    body: { payment_date: date },
    after: (before) => ({ ...before, status: 'paid', payment_date: date }),
    also: [{ kind: 'cash-entry', id: entry.id, before: null, after: entry }],
  });
}
