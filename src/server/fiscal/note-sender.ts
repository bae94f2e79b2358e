// Sends one note the caller holds the lease of, through the SefazPort, and keeps what SEFAZ
// answered. The signed bytes are sent as they were written, never rebuilt. Before sending
// the note is marked in doubt (its attempt counted): from then until an answer, a process
// that dies or gets no answer leaves it in doubt, and whoever takes it next consults SEFAZ
// before anything else, so a note SEFAZ received is never sent as a second one.
//   100/150 → autorizada, with the protNFe (protocol_xml), nProt and dhRecbto;
//   204/539 (duplicate) → consulta: the earlier authorization recovered;
//   another code → rejeitada with cStat and xMotivo (what to fix: rejection-fixes.ts);
//   no answer (SefazUnreachable) → still in doubt, tried again after a backoff.
// A note replaced by its till's contingency note is never sent, even when that happens
// while the note is held here: the mark before sending checks it.
import { authorizedBy } from './notes/consult-note';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TP_AMB } from '../../shared/contract';
import type { Db } from '../db/client';
import { fiscalNotes, type FiscalNoteRow } from '../db/schema';
import type { EmitterCache } from './emitter-context';
import { SefazUnreachable, sefazTimeoutMs, type SefazPort, type SefazTarget } from './sefaz-port';

/** cStat of an authorized note (150: authorized late). */
const AUTHORIZED = new Set([100, 150]);
/** Duplicates: SEFAZ has a note with this number already. */
const DUPLICATE = new Set([204, 539]);
/** 'NF-e não consta na base de dados da SEFAZ': never received, safe to send. */
const NOT_FOUND = 217;
/** The service is down: nothing was received, try again later. */
const SERVICE_DOWN = new Set([108, 109]);

export interface SenderDeps {
  db: Db;
  sefaz: SefazPort;
  emitters: EmitterCache;
  instanceId: string;
  /** Milliseconds before the next try after `attempts` tries without an answer. */
  backoff: (attempts: number) => number;
}

/** 5 s, 15 s, 30 s, 1 min, 2 min, 5 min, then every 10 min. */
export const DEFAULT_BACKOFF = (attempts: number) =>
  [5_000, 15_000, 30_000, 60_000, 120_000, 300_000][attempts - 1] ?? 600_000;

type Change = Partial<typeof fiscalNotes.$inferInsert>;

/** Writes `change` and gives the lease back, while this process still holds it. */
async function settle(deps: SenderDeps, note: FiscalNoteRow, change: Change, retryInMs?: number): Promise<void> {
  await deps.db
    .update(fiscalNotes)
    .set({
      ...change,
      claimedBy: null,
      claimedUntil: null,
      updatedAt: new Date(),
      ...(retryInMs !== undefined ? { nextAttemptAt: sql`now() + ${`${retryInMs} milliseconds`}::interval` } : {}),
    })
    .where(
      and(
        eq(fiscalNotes.tenantId, note.tenantId),
        eq(fiscalNotes.id, note.id),
        eq(fiscalNotes.claimedBy, deps.instanceId),
      ),
    );
}

const rejected = (cstat: number, reason: string): Change => ({ status: 'rejeitada', cstat, reason, inDoubt: false });

/** Sends `note` (leased to this process), each call within the store's time limit (sefazTimeoutMs), and keeps the answer. */
export async function sendNote(deps: SenderDeps, note: FiscalNoteRow, waiting: 'person' | 'queue'): Promise<void> {
  const context = await deps.emitters.get(deps.db, note.tenantId);
  const uf = context.settings.emitter?.address.uf;
  if (!context.keyPem || !context.certPem || !uf) {
    const reason = context.problem ?? 'Os dados do emitente não estão preenchidos em Configurações > Fiscal.';
    return settle(deps, note, { reason, attempts: note.attempts + 1 }, deps.backoff(note.attempts + 1));
  }
  const target: SefazTarget = {
    uf,
    environment: TP_AMB[note.environment],
    keyPem: context.keyPem,
    certPem: context.certPem,
    timeoutMs: sefazTimeoutMs(context.settings, waiting),
  };
  try {
    if (note.inDoubt) {
      const found = await deps.sefaz.consult(target, note.key);
      if (AUTHORIZED.has(found.cstat) && found.authorization)
        return settle(deps, note, authorizedBy(found.authorization));
      if (found.cstat !== NOT_FOUND) return settle(deps, note, rejected(found.cstat, found.reason));
    }
    const [marked] = await deps.db
      .update(fiscalNotes)
      .set({ inDoubt: true, attempts: note.attempts + 1, updatedAt: new Date() })
      .where(
        and(
          eq(fiscalNotes.tenantId, note.tenantId),
          eq(fiscalNotes.id, note.id),
          eq(fiscalNotes.claimedBy, deps.instanceId),
          isNull(fiscalNotes.replacedBy),
        ),
      )
      .returning({ id: fiscalNotes.id });
    // Replaced meanwhile by the till's contingency note (or the lease lost): never sent; the
    // queue resolves a replaced note instead (queued-replaced-note.ts).
    if (!marked) return settle(deps, note, {});
    const answer = await deps.sefaz.authorize(target, note.xml, batchIdOf(note));
    const protocol = answer.note;
    if (!protocol) {
      if (SERVICE_DOWN.has(answer.batch_cstat))
        return settle(
          deps,
          note,
          { inDoubt: false, cstat: answer.batch_cstat, reason: answer.batch_reason },
          deps.backoff(note.attempts + 1),
        );
      return settle(deps, note, rejected(answer.batch_cstat, answer.batch_reason));
    }
    if (AUTHORIZED.has(protocol.cstat)) return settle(deps, note, authorizedBy(protocol));
    if (DUPLICATE.has(protocol.cstat)) {
      const found = await deps.sefaz.consult(target, note.key);
      if (AUTHORIZED.has(found.cstat) && found.authorization)
        return settle(deps, note, authorizedBy(found.authorization));
      return settle(deps, note, rejected(protocol.cstat, protocol.reason));
    }
    return settle(deps, note, rejected(protocol.cstat, protocol.reason));
  } catch (error) {
    if (!(error instanceof SefazUnreachable)) throw error;
    // In doubt (marked before sending, or still from before): consult before any resend.
    return settle(deps, note, { inDoubt: true }, deps.backoff(note.attempts + 1));
  }
}

/** idLote: up to 15 digits; the note's number and a time stamp keep it unique enough for the store. */
function batchIdOf(note: FiscalNoteRow): string {
  return `${Date.now() % 1_000_000}${String(note.number).padStart(9, '0')}`.slice(-15);
}
