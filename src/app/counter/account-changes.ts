// Account changes made without a connection (DESIGN.md: create, edit, mark paid, cancel,
// delete accounts; manual cash entries). A change is written with its outbox entry and
// its overlay rows in ONE transaction, so the finance screens show it at once, marked
// as not yet synchronized, and it travels FIFO with the sales, under its own
// Idempotency-Key. Changes of one resource (an account) wait for each other: a payment
// queued after the account's creation is never sent before it, even when the creation
// is backing off or was refused. The overlay of a resource is marked synced when the
// server has acknowledged its last queued change; the screens drop it once they hold
// data fetched after that (src/app/lib/accounts/overlay.ts). A refused change stays in the outbox,
// its overlay visible, until an admin retries or discards it.
import type { z } from 'zod/mini';
import type { ReceiveInstallmentSchema } from '../../shared/contract/receipts';
import { verdictOfError } from '../lib/retry-policy';
import { keepCaixaReceipt, type LocalCashReceipt } from './caixa-session';
import type { BalcaoDb, OutboxEntry, OverlayRecord } from '../offline/db';
import { deviceIdentity } from '../offline/device-identity';
import { addToOutbox, buildOutboxEntry, outboxRowsOf } from '../offline/outbox';
import { getOverlayRow, inOneTransaction, putOverlayRow } from '../offline/device-store';
import { waitingFor } from '../offline/outbox-kinds';
import { OUTBOX_KINDS } from './outbox-kinds';
import { madeByNow } from '../offline/session-cache';

export type OverlayKind = OverlayRecord['kind'];

/** One record a change touches: the account itself, or the cash entry its payment writes. */
export interface OverlayWrite {
  kind: OverlayKind;
  id: string;
  /** The record as the screen showed it (null: a new one). */
  before: unknown;
  /** The record as it will be (null: deleted). */
  after: unknown;
}

interface AccountChangeOf<Body> {
  /** Outbox id and Idempotency-Key (a direct attempt that failed on the network reuses it). */
  id: string;
  /** 'payable:<id>', 'receivable:<id>' or 'cash-entry:<id>' */
  resource: string;
  method: OutboxEntry['method'];
  /** '/api/...' */
  path: string;
  /** JSON body as sent (reais): encoded by its route's contract schema where the change is made. */
  body: Body;
  /** What the Sincronização panel shows: the change, the account's description and amount. */
  summary: string;
  overlay: OverlayWrite[];
}

/** An instalment received (its body the contract's, as sent), at the till when `caixaReceipt` is told. */
type TillReceiptBody = z.input<typeof ReceiveInstallmentSchema>;

/** Where an instalment received at the till is kept with the change: the device's open caixa session. */
export interface CaixaReceipt {
  sessionId: string;
  receipt: LocalCashReceipt;
}

/**
 * A change of an account; only an instalment received names the caixa that took the money,
 * and its body is then the one the device marks as this till's (atThisTill).
 */
export type AccountChange =
  | (AccountChangeOf<unknown> & { caixaReceipt?: undefined })
  | (AccountChangeOf<TillReceiptBody> & { caixaReceipt?: CaixaReceipt });

async function keepReceipt(db: BalcaoDb, change: AccountChange): Promise<void> {
  if (change.caixaReceipt) await keepCaixaReceipt(db, change.caixaReceipt.sessionId, change.caixaReceipt.receipt);
}

/**
 * A receipt at the till names the device that took the money (its caixa must be open on
 * it) and, once queued, that it comes from the outbox (the server then records a caixa not
 * its own instead of refusing it).
 */
async function atThisTill(db: BalcaoDb, change: AccountChange, queued: boolean): Promise<AccountChange> {
  if (!change.caixaReceipt) return change;
  const device = await deviceIdentity(db);
  const maker = await madeByNow(db);
  const marks: Pick<TillReceiptBody, 'device_id' | 'made_by' | 'offline'> = {
    device_id: device.id,
    ...maker,
    offline: queued,
  };
  return { ...change, body: { ...change.body, ...marks } };
}

/**
 * What a change waits for: its account's earlier changes still queued, and a receipt at the
 * till its caixa's opening while that is queued (the server counts it in the session).
 */
function waitsOf(db: BalcaoDb, change: AccountChange): Promise<string[]> {
  return waitingFor(
    db,
    OUTBOX_KINDS.account.waitsFor({ resource: change.resource, sessionId: change.caixaReceipt?.sessionId }),
  );
}

export const overlayKey = (kind: OverlayKind, id: string) => `${kind}:${id}`;

/** Entries of a resource still in the outbox (pending or refused), in order. */
export function outstandingFor(db: BalcaoDb, resource: string): Promise<OutboxEntry[]> {
  return outboxRowsOf(db, resource);
}

/** Queues a change: its outbox entry and its overlay rows together. */
export async function recordAccountChange(db: BalcaoDb, asMade: AccountChange): Promise<OutboxEntry> {
  const change = await atThisTill(db, asMade, true);
  return inOneTransaction(db, ['outbox', 'financeOverlay', 'meta'], async () => {
    const entry: OutboxEntry = {
      ...buildOutboxEntry({
        id: change.id,
        kind: 'account',
        ...OUTBOX_KINDS.account.route({ method: change.method, path: change.path }),
        body: change.body,
        summary: change.summary,
        dependsOn: await waitsOf(db, change),
      }),
      resource: change.resource,
    };
    await addToOutbox(db, entry);
    const now = Date.now();
    for (const write of change.overlay) {
      const key = overlayKey(write.kind, write.id);
      const existing = await getOverlayRow(db, key);
      await putOverlayRow(db, {
        key,
        kind: write.kind,
        id: write.id,
        resource: change.resource,
        // The server's version is the one from before the first change still queued.
        server: existing && existing.syncedAt === null ? existing.server : write.before,
        local: write.after,
        updatedAt: now,
        syncedAt: null,
      });
    }
    await keepReceipt(db, change);
    return entry;
  });
}

export type SubmitResult = { queued: true } | { queued: false; body: unknown };

export interface SubmitIo {
  /** Sends the change now (with its Idempotency-Key); throws ApiError / NetworkError. */
  send: (change: AccountChange) => Promise<unknown>;
  /** Whether the server is worth trying now. */
  online: () => boolean;
  /** Called after a change was queued (to start a drain). */
  queued?: () => void;
}

/**
 * Sends an account change now when it can (the server's refusal reaches the person at
 * once), else queues it. A change whose resource already has changes queued is queued
 * too, behind them (and a receipt at the till whose caixa's opening is queued). A direct attempt lost on the network is queued under the same
 * Idempotency-Key: if the server did receive it, the replay answers what it stored.
 */
export async function submitAccountChange(db: BalcaoDb, change: AccountChange, io: SubmitIo): Promise<SubmitResult> {
  const waiting = (await waitsOf(db, change)).length > 0;
  if (!waiting && io.online()) {
    try {
      const body = await io.send(await atThisTill(db, change, false));
      await keepReceipt(db, change);
      return { queued: false, body };
    } catch (error) {
      // Undecided by the one retry rule (no answer, a timeout, 5xx, 408, 425, 429): kept and sent
      // later. A refusal, a lost session (401) or an error that is no request's reaches the person.
      if (verdictOfError(error) !== 'retry') throw error;
    }
  }
  await recordAccountChange(db, change);
  io.queued?.();
  return { queued: true };
}
