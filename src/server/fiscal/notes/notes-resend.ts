// 'Reenviar' (POST /api/fiscal/notes/:id/resend). A pending note goes back to the head of
// the queue (next_attempt_at = now) with its bytes as they are: the queue sends the same
// document, and consults first when the last send got no answer. A rejected note is made
// again from its sale with today's product data (note-rebuilder.ts), with the same series
// and number, a new dhEmi (SEFAZ refuses an old one) and the cNF it had, signed again, and
// queued: DESIGN's 'a corrected rejected note is signed again'. A rejected note the till
// signed in offline contingency is made again the same way but keeps its dhEmi, dhCont,
// xJust, cNF and QR version (contingency-rebuild.ts): the same access key as the DANFE the
// customer holds, a new signature by the store's A1. Nothing is sent here.
import { and, eq } from 'drizzle-orm';
import type { FiscalNoteResend } from '../../../shared/contract/fiscal-notes';
import { TP_AMB } from '../../../shared/contract/fiscal-settings';
import { signNfce } from '../../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../../shared/fiscal/nfce-xml';
import { NfceBuildError } from '../../../shared/fiscal/nfce-check';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { fiscalNotes } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { CONTINGENCY_KEY_CHANGED, contingencyKeptOf, lateNoticeOf } from './contingency-rebuild';
import { NO_SALE_TO_REBUILD } from './note-rebuilder';
import { deadlineHoursOf, loadNote, noteOf, withSale } from './notes-read';
import { sefazSession } from './notes-sefaz';

export const NOTHING_TO_RESEND: Readonly<Record<string, string>> = {
  autorizada: 'Esta nota já está autorizada: não há o que reenviar.',
  cancelada: 'Esta nota está cancelada: não há o que reenviar.',
  inutilizada: 'O número desta nota foi inutilizado: não há o que reenviar.',
  descartada:
    'A venda desta nota foi cancelada antes de a nota chegar à SEFAZ: ela não será enviada. Inutilize o número em Numeração.',
};

/** A note replaced by its till's contingency note is resolved by the queue, never sent again. */
export const REPLACED_NOT_RESENT =
  'Esta nota foi substituída pela nota emitida em contingência no caixa: ela não é mais enviada. O Balcão a cancela ou a descarta sozinho.';

export async function resendNote(
  ctx: AppContext,
  t: DbOrTx,
  tenantId: string,
  id: string,
  now = new Date(),
): Promise<FiscalNoteResend> {
  const note = await loadNote(t, tenantId, id, true);
  const where = and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.id, id));
  if (note.replacedBy && (note.status === 'pendente' || note.status === 'rejeitada'))
    throw conflict(REPLACED_NOT_RESENT);
  const hours = await deadlineHoursOf(t, tenantId);
  let notice: string | null = null;
  if (note.status === 'pendente') {
    await t.update(fiscalNotes).set({ nextAttemptAt: now, updatedAt: now }).where(where);
  } else if (note.status === 'rejeitada') {
    if (!note.saleId) throw conflict(NO_SALE_TO_REBUILD);
    // The till's note keeps what its DANFE printed; an online one gets a new dhEmi (SEFAZ refuses an old one).
    const kept = note.emissionType === 9 ? contingencyKeptOf(note) : null;
    const session = await sefazSession(ctx, t, tenantId, note.environment);
    const wanted = await ctx.rebuildNote(t, {
      tenantId,
      saleId: note.saleId,
      environment: note.environment,
      series: note.series,
      number: note.number,
      customerDocument: note.customerDocument,
    });
    let built;
    try {
      built = buildNfce(
        {
          ...wanted,
          environment: TP_AMB[note.environment],
          series: note.series,
          number: note.number,
          issued_at: now.toISOString(),
          numeric_code: note.numericCode,
          ...(kept && {
            issued_at: kept.issued_at,
            numeric_code: kept.numeric_code,
            contingency: kept.contingency,
            qr: { ...wanted.qr, version: kept.qr_version },
          }),
        },
        Math.random,
      );
    } catch (error) {
      if (error instanceof NfceBuildError)
        throw badRequest(`A nota ainda não pode ser refeita: ${error.problems.join(' ')}`);
      throw error;
    }
    if (kept && built.key !== note.key) throw conflict(CONTINGENCY_KEY_CHANGED);
    if (kept) notice = lateNoticeOf(note.issuedAt, hours, now);
    const signed = await signNfce(built, session.signer);
    await t
      .update(fiscalNotes)
      .set({
        status: 'pendente',
        key: built.key,
        numericCode: built.numeric_code,
        issuedAt: kept ? note.issuedAt : now,
        issuedAtLocal: built.issued_at_local,
        // Signed by the store's A1 now, no longer by the till's key.
        tillKeyId: null,
        xml: signed.xml,
        protocolXml: null,
        protocol: null,
        authorizedAt: null,
        cstat: null,
        reason: null,
        qrCode: signed.qr_code,
        urlChave: built.url_chave,
        customerDocument: wanted.customer?.document ?? null,
        total: built.totals.total,
        change: built.totals.change,
        approximateTaxes: built.totals.approximate_taxes ?? null,
        attempts: 0,
        inDoubt: false,
        nextAttemptAt: now,
        claimedUntil: null,
        claimedBy: null,
        updatedAt: now,
      })
      .where(where);
  } else {
    throw conflict(NOTHING_TO_RESEND[note.status]!);
  }
  const [row] = await withSale(t).where(where);
  return { ...noteOf(row!.note, row!, hours), notice };
}
