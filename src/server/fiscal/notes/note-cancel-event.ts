// The cancel (event 110111) of an authorized note, wherever it is asked: by the admin in
// 'Notas Fiscais', by a sale cancelled in Balcão, or by the queue resolving that sale's note
// later. The rules (only an authorized note, within the store's window after its
// authorization) and the sending: the event built (sefaz-messages.ts), its infEvento signed
// with the store's A1 and sent; SEFAZ's 135/136/155 registers it, and the event row to keep
// is returned with its retEvento. A call without an answer throws SefazUnreachable. The cancel
// by substitution (110112) of a note a contingency note replaced is sent the same way.
import { and, count, eq } from 'drizzle-orm';
import {
  buildCancelEvent,
  buildSubstitutionCancelEvent,
  CANCEL_EVENT_TYPE,
  SUBSTITUTION_CANCEL_EVENT_TYPE,
} from '../../../shared/fiscal/sefaz-messages';
import { APP_VERSION } from '../../../shared/fiscal/sale-note';
import type { DbOrTx } from '../../db/client';
import { fiscalNoteEvents, type FiscalNoteRow } from '../../db/schema';
import type { SefazPort, SefazProtocol, SefazTarget } from '../sefaz-port';
import type { XmlSigner } from '../xml-signature';

/** What speaks to SEFAZ for a store: the port, the target (UF, environment, A1, time limit), the signer, the CNPJ. */
export interface SefazHands {
  port: SefazPort;
  target: SefazTarget;
  signer: XmlSigner;
  cnpj: string;
}

export type NoteEventRow = typeof fiscalNoteEvents.$inferInsert;

/** cStat of a registered cancel: 135 linked, 136 registered not linked, 155 homologated out of time. */
const REGISTERED = new Set([135, 136, 155]);

const when = (at: Date) =>
  at.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

export const RETURN_NOT_YET =
  'Para desfazer a venda fiscalmente é preciso uma NF-e de devolução, que o Balcão ainda não emite: fale com o contador.';
export const outsideWindow = (authorizedAt: Date, minutes: number) =>
  `A nota foi autorizada em ${when(authorizedAt)} e o prazo de cancelamento (${minutes} minutos) terminou: ela continua válida. ${RETURN_NOT_YET}`;
export const NOT_AUTHORIZED: Readonly<Record<Exclude<FiscalNoteRow['status'], 'autorizada'>, string>> = {
  pendente: 'A nota ainda não foi autorizada pela SEFAZ: só uma nota autorizada pode ser cancelada.',
  rejeitada:
    'A nota foi rejeitada e não tem valor fiscal: não há o que cancelar. Reenvie-a corrigida ou inutilize o número.',
  cancelada: 'Esta nota já está cancelada.',
  inutilizada: 'O número desta nota foi inutilizado: não há o que cancelar.',
  descartada: 'A nota não chegou à SEFAZ e não será enviada: não há o que cancelar. Inutilize o número.',
};
export const cancelRefused = (cstat: number, reason: string) =>
  `A SEFAZ recusou o cancelamento (${cstat}: ${reason}). A nota continua autorizada.`;

/** Why `note` cannot be cancelled at `now`, or null when it can. */
export function cancelBlock(note: FiscalNoteRow, windowMinutes: number, now: Date): string | null {
  if (note.status !== 'autorizada') return NOT_AUTHORIZED[note.status];
  if (!note.protocol || !note.authorizedAt) return NOT_AUTHORIZED.pendente;
  const authorizedAt = new Date(note.authorizedAt);
  if (now.getTime() > authorizedAt.getTime() + windowMinutes * 60_000)
    return outsideWindow(authorizedAt, windowMinutes);
  return null;
}

/** The batch id (idLote, up to 15 digits) of a single document sent now. */
export function batchIdOf(now: Date): string {
  return String(now.getTime()).slice(-15);
}

/** A signed event sent for `note`: SEFAZ's answer, and the event row to keep when it registered it (null: refused). */
async function sendNoteEvent(
  t: DbOrTx,
  hands: SefazHands,
  note: FiscalNoteRow,
  type: string,
  justification: string,
  now: Date,
  build: (sequence: number) => { xml: string },
): Promise<{ answer: SefazProtocol; event: NoteEventRow | null }> {
  const [done] = await t
    .select({ n: count() })
    .from(fiscalNoteEvents)
    .where(
      and(
        eq(fiscalNoteEvents.tenantId, note.tenantId),
        eq(fiscalNoteEvents.noteId, note.id),
        eq(fiscalNoteEvents.type, type),
      ),
    );
  const sequence = (done?.n ?? 0) + 1;
  const signed = await hands.signer.sign(build(sequence).xml, 'infEvento');
  const answer = await hands.port.sendEvent(hands.target, signed, batchIdOf(now));
  if (!REGISTERED.has(answer.cstat)) return { answer, event: null };
  return {
    answer,
    event: {
      tenantId: note.tenantId,
      noteId: note.id,
      type,
      sequence,
      justification: justification.trim(),
      xml: signed,
      protocolXml: answer.xml,
      protocol: answer.protocol,
      registeredAt: answer.received_at,
      cstat: answer.cstat,
      reason: answer.reason,
    },
  };
}

/**
 * Sends the cancel of the authorized `note` (the caller holds it: locked or leased). SEFAZ's
 * answer, and the event row to keep when it registered the cancel (null: it refused).
 */
export function sendCancelEvent(
  t: DbOrTx,
  hands: SefazHands,
  note: FiscalNoteRow,
  justification: string,
  now: Date,
): Promise<{ answer: SefazProtocol; event: NoteEventRow | null }> {
  return sendNoteEvent(t, hands, note, CANCEL_EVENT_TYPE, justification, now, (sequence) =>
    buildCancelEvent({
      key: note.key,
      environment: hands.target.environment,
      cnpj: hands.cnpj,
      protocol: note.protocol!,
      justification,
      at: now,
      sequence,
    }),
  );
}

/**
 * Sends the cancel by substitution (110112) of the authorized `note`, replaced by the
 * contingency note `replacedBy` (its key) of the same sale.
 */
export function sendSubstitutionEvent(
  t: DbOrTx,
  hands: SefazHands,
  note: FiscalNoteRow,
  replacedBy: string,
  justification: string,
  now: Date,
): Promise<{ answer: SefazProtocol; event: NoteEventRow | null }> {
  return sendNoteEvent(t, hands, note, SUBSTITUTION_CANCEL_EVENT_TYPE, justification, now, (sequence) =>
    buildSubstitutionCancelEvent({
      key: note.key,
      environment: hands.target.environment,
      cnpj: hands.cnpj,
      protocol: note.protocol!,
      justification,
      at: now,
      sequence,
      replacedBy,
      application: APP_VERSION,
    }),
  );
}
