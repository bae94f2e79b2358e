// The note in doubt, resolved (issue 34, NT 2018.004). The till sent note N online and got
// no answer in time, so it issued the sale's note again in contingency, N+1, which stands
// for the sale. N must end with no value: a sale never keeps two valid notes, nor none.
//   cancelada, inutilizada, descartada: nothing to do;
//   rejeitada, or pendente never received by SEFAZ (not in doubt): descartada, never sent
//     afterwards, its number listed for the inutilização;
//   pendente in doubt: consulted (consSitNFe): 217 'não consta' → descartada (inutilização);
//     already cancelled → cancelada; authorized → cancelled by substitution as below;
//     another answer → rejeitada with it;
//   autorizada: cancelled by substitution (110112) naming N+1, once N+1 is authorized
//     (SEFAZ refuses a substitute it does not know), within 168 hours of N's authorization.
// SEFAZ silent or unreachable, or N+1 not authorized yet: `later`, the queue asks again.
import type { DbOrTx } from '../../db/client';
import type { FiscalNoteRow } from '../../db/schema';
import { SefazUnreachable } from '../sefaz-port';
import type { ReachSefaz, SaleNoteResolution } from './cancelled-sale-note';
import { consultNote, type NoteChange } from './consult-note';
import { cancelRefused, sendSubstitutionEvent } from './note-cancel-event';

/** NT 2018.004: the cancel by substitution is accepted up to 168 hours after the authorization. */
export const SUBSTITUTION_WINDOW_HOURS = 168;

/** xJust of the 110112: why N is cancelled, naming the note that replaced it. */
export const substitutionJustification = (replacement: Pick<FiscalNoteRow, 'number' | 'series'>) =>
  `Nota substituida pela NFC-e ${replacement.number} serie ${replacement.series} emitida em contingencia`;

const discardedNotice = (note: Pick<FiscalNoteRow, 'number' | 'series'>) =>
  `A nota nº ${note.number} (série ${note.series}) foi substituída pela nota emitida em contingência e não será enviada. Inutilize o número em Notas Fiscais > Numeração.`;
const BOTH_VALID = 'A venda ficou com duas notas autorizadas:';
const WAITING_REPLACEMENT =
  'A nota emitida em contingência no lugar desta ainda não foi autorizada: o cancelamento por substituição vem depois dela.';

/** Resolves `note` (held by the caller), replaced by the contingency note `replacement` of the same sale. */
export async function resolveReplacedNote(
  t: DbOrTx,
  note: FiscalNoteRow,
  replacement: Pick<FiscalNoteRow, 'key' | 'number' | 'series' | 'status'>,
  reach: ReachSefaz,
  now: Date,
): Promise<SaleNoteResolution> {
  const justification = substitutionJustification(replacement);
  const done = (change: NoteChange, notice: string | null, event: SaleNoteResolution['event'] = null) => ({
    change,
    event,
    notice,
    later: false,
  });
  const later = (change: NoteChange, why: string) => ({ change, event: null, notice: why, later: true });
  const discard = () =>
    done({ status: 'descartada', inDoubt: false, cancelReason: justification }, discardedNotice(note));
  const silent = 'A SEFAZ não respondeu agora; o Balcão tenta de novo sozinho.';

  if (note.status === 'cancelada' || note.status === 'inutilizada' || note.status === 'descartada')
    return done({}, null);
  if (note.status === 'rejeitada') return discard();
  if (note.status === 'pendente' && !note.inDoubt) return discard();
  const reached = await reach();
  if ('unavailable' in reached) return later({}, reached.unavailable);
  let prior: NoteChange = {};
  let held = note;
  if (note.status === 'pendente') {
    const found = await consultNote(reached, note, justification, now);
    if (found.kind === 'silent') return later({}, silent);
    if (found.kind === 'not-found') return discard();
    if (found.kind === 'cancelled') return done(found.change, null);
    if (found.kind === 'other')
      return done(
        found.change,
        `A SEFAZ respondeu à consulta da nota nº ${note.number} com ${found.cstat} (${found.reason}). Veja a nota em Notas Fiscais.`,
      );
    prior = found.change;
    held = { ...note, ...prior } as FiscalNoteRow;
  }
  if (replacement.status !== 'autorizada') return later(prior, WAITING_REPLACEMENT);
  const authorizedAt = new Date(held.authorizedAt!);
  if (now.getTime() > authorizedAt.getTime() + SUBSTITUTION_WINDOW_HOURS * 3_600_000)
    return done(
      prior,
      `${BOTH_VALID} o prazo de ${SUBSTITUTION_WINDOW_HOURS} horas para cancelar a nota nº ${note.number} por substituição terminou. Fale com o contador.`,
    );
  let sent;
  try {
    sent = await sendSubstitutionEvent(t, reached, held, replacement.key, justification, now);
  } catch (error) {
    if (error instanceof SefazUnreachable) return later(prior, silent);
    throw error;
  }
  if (!sent.event)
    return done(
      { ...prior, cstat: sent.answer.cstat, reason: sent.answer.reason },
      `${BOTH_VALID} ${cancelRefused(sent.answer.cstat, sent.answer.reason)}`,
    );
  return done({ ...prior, status: 'cancelada', cancelledAt: now, cancelReason: justification }, null, sent.event);
}
