// The one 'what does SEFAZ have?' step of the resolvers of a note that must not stay valid
// (cancelled-sale-note.ts, replaced-note.ts): the note is consulted (consSitNFe) and the
// answer read once, the same way for both:
//   silent (no answer)      → ask again later;
//   217 'não consta'        → SEFAZ never had it: discard it (its number to the inutilização);
//   101/151/155 cancelled   → cancelada (with the authorization, when SEFAZ gave it);
//   100/150 with protNFe    → autorizada: what to write before cancelling it;
//   anything else           → rejeitada with that code.
import type { fiscalNotes, FiscalNoteRow } from '../../db/schema';
import { SefazUnreachable, type SefazProtocol } from '../sefaz-port';
import type { SefazHands } from './note-cancel-event';

/** What a resolver writes to the note it holds. */
export type NoteChange = Partial<typeof fiscalNotes.$inferInsert>;

/** cStat of a consulta: 100/150 authorized; 101/151/155 cancelled; 217 not in SEFAZ's base. */
export const AUTHORIZED = new Set([100, 150]);
export const CANCELLED = new Set([101, 151, 155]);
export const NOT_FOUND = 217;

/** The protocol of an authorization the consulta found, as the sender keeps it. */
export const authorizedBy = (p: SefazProtocol): NoteChange => ({
  status: 'autorizada',
  protocol: p.protocol,
  authorizedAt: p.received_at,
  protocolXml: p.xml,
  cstat: p.cstat,
  reason: p.reason,
  inDoubt: false,
});

export type Consulted =
  | { kind: 'silent' }
  | { kind: 'not-found' }
  | { kind: 'cancelled'; change: NoteChange }
  | { kind: 'authorized'; change: NoteChange }
  | { kind: 'other'; change: NoteChange; cstat: number; reason: string };

/** Consults `note` and reads the answer; a cancel found is written with `justification` at `now`. */
export async function consultNote(
  hands: SefazHands,
  note: Pick<FiscalNoteRow, 'key'>,
  justification: string,
  now: Date,
): Promise<Consulted> {
  let found;
  try {
    found = await hands.port.consult(hands.target, note.key);
  } catch (error) {
    if (error instanceof SefazUnreachable) return { kind: 'silent' };
    throw error;
  }
  const { cstat, reason, authorization } = found;
  if (cstat === NOT_FOUND) return { kind: 'not-found' };
  if (CANCELLED.has(cstat))
    return {
      kind: 'cancelled',
      change: { ...(authorization ? authorizedBy(authorization) : {}), status: 'cancelada', cancelledAt: now, cancelReason: justification, inDoubt: false }, // prettier-ignore
    };
  if (AUTHORIZED.has(cstat) && authorization) return { kind: 'authorized', change: authorizedBy(authorization) };
  return { kind: 'other', change: { status: 'rejeitada', cstat, reason, inDoubt: false }, cstat, reason };
}
