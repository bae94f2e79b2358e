// The inutilização of skipped numbers with SEFAZ (NFeInutilizacao4), POST
// /api/fiscal/inutilizations: built (sefaz-messages.ts), signed with the store's A1, sent, and
// kept with SEFAZ's answer: homologada (102) with its protocol, rejeitada with the reason, or,
// when SEFAZ does not answer, pendente: em dúvida, since SEFAZ may have voided the numbers
// without the answer arriving. The admin tries that range again (the same request): its
// signed bytes are sent again and its row takes the answer, never a second row; and SEFAZ's
// 'already voided' (563, the same range asked before; 256, a number of an earlier range,
// which on a retry is this one) is the success it is, with the protocol when the answer
// names it. Another range over one in doubt waits for it. A number with a note (but a
// discarded one: its sale was cancelled before SEFAZ had it, and the note becomes
// 'inutilizada' with its number), one already voided, or one the series has not reached
// cannot be voided. The series' row is locked
// throughout: a note numbered meanwhile waits.
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { InutilizationCreateSchema, InutilizationSchema } from '../../../shared/contract/fiscal-notes';
import { FISCAL_NOTE_STATUS_LABELS } from '../../../shared/contract/fiscal-notes';
import { protocolInReason } from '../../../shared/fiscal/sefaz-answers';
import { buildInutilization } from '../../../shared/fiscal/sefaz-messages';
import { localDateTime } from '../../../shared/fiscal/uf';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { fiscalInutilizations, fiscalNotes, fiscalSeries } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { readFiscalSettings } from '../fiscal-settings';
import { SefazUnreachable, type SefazProtocol } from '../sefaz-port';
import { inutilizationOf } from './notes-numbering';
import { sefazSession } from './notes-sefaz';

type Inutilization = z.infer<typeof InutilizationSchema>;
type InutilizationCreate = z.infer<typeof InutilizationCreateSchema>;
type Outcome = Pick<
  typeof fiscalInutilizations.$inferInsert,
  'status' | 'protocolXml' | 'protocol' | 'cstat' | 'reason'
>;

/** SEFAZ's 'Inutilização de número homologado'. */
const HOMOLOGATED = 102;
/** 'Já existe pedido de Inutilização com a mesma faixa': this very range is voided already. */
const SAME_RANGE_VOIDED = 563;
/** 'Uma NF-e da faixa já está inutilizada': on a retry of a range in doubt, by that attempt. */
const NUMBER_VOIDED = 256;

export const hasNote = (number: number, series: number, status: string) =>
  `O número ${number} da série ${series} tem nota (${status}) e não pode ser inutilizado. Só números saltados, sem nota, podem.`;
export const notReached = (series: number, next: number) =>
  `A série ${series} ainda não chegou a esse número (o próximo é ${next}): só números já saltados podem ser inutilizados.`;
export const alreadyVoided = (series: number, first: number, last: number) =>
  `Os números de ${first} a ${last} da série ${series} já foram inutilizados.`;
export const LOST_ANSWER =
  'A SEFAZ não respondeu: a inutilização ficou em dúvida (ela pode ter inutilizado os números). Tente de novo em Numeração: a mesma faixa é reenviada.';
export const inDoubtOver = (series: number, first: number, last: number) =>
  `Os números de ${first} a ${last} da série ${series} têm uma inutilização em dúvida (a SEFAZ não respondeu). Tente de novo essa faixa em Numeração antes de inutilizar outra sobre ela.`;

/** What SEFAZ's answer makes of the attempt; `retry`: the range was sent before without an answer. */
function outcomeOf(answer: SefazProtocol, retry: boolean): Outcome {
  const kept = { protocolXml: answer.xml, cstat: answer.cstat, reason: answer.reason };
  if (answer.cstat === HOMOLOGATED) return { ...kept, status: 'homologada', protocol: answer.protocol };
  if (answer.cstat === SAME_RANGE_VOIDED || (retry && answer.cstat === NUMBER_VOIDED))
    return { ...kept, status: 'homologada', protocol: answer.protocol ?? protocolInReason(answer.reason) };
  return { ...kept, status: 'rejeitada', protocol: null };
}

export async function inutilizeNumbers(
  ctx: AppContext,
  t: DbOrTx,
  tenantId: string,
  body: InutilizationCreate,
  now = new Date(),
): Promise<Inutilization> {
  const { series, first, last, justification } = body;
  const { environment } = await readFiscalSettings(t, tenantId);
  const [row] = await t
    .select()
    .from(fiscalSeries)
    .where(
      and(
        eq(fiscalSeries.tenantId, tenantId),
        eq(fiscalSeries.environment, environment),
        eq(fiscalSeries.series, series),
      ),
    )
    .for('update');
  const next = row?.nextNumber ?? 1;
  if (last >= next) throw badRequest(notReached(series, next));
  const inSeries = (table: typeof fiscalNotes | typeof fiscalInutilizations) =>
    and(eq(table.tenantId, tenantId), eq(table.environment, environment), eq(table.series, series));
  const [noted] = await t
    .select({ number: fiscalNotes.number, status: fiscalNotes.status })
    .from(fiscalNotes)
    .where(
      and(
        inSeries(fiscalNotes),
        gte(fiscalNotes.number, first),
        lte(fiscalNotes.number, last),
        ne(fiscalNotes.status, 'descartada'),
      ),
    )
    .orderBy(asc(fiscalNotes.number))
    .limit(1);
  if (noted) throw badRequest(hasNote(noted.number, series, FISCAL_NOTE_STATUS_LABELS[noted.status].toLowerCase()));
  const over = await t
    .select()
    .from(fiscalInutilizations)
    .where(
      and(inSeries(fiscalInutilizations), lte(fiscalInutilizations.first, last), gte(fiscalInutilizations.last, first)),
    );
  const voided = over.find((i) => i.status === 'homologada');
  if (voided) throw conflict(alreadyVoided(series, voided.first, voided.last));
  const doubt = over.find((i) => i.status === 'pendente');
  if (doubt && (doubt.first !== first || doubt.last !== last))
    throw conflict(inDoubtOver(series, doubt.first, doubt.last));

  const session = await sefazSession(ctx, t, tenantId, environment);
  // A retry sends the bytes signed the first time (its year, its justification), never new ones.
  const signed =
    doubt?.xml ??
    (await session.signer.sign(
      buildInutilization({
        uf: session.uf,
        environment: session.target.environment,
        cnpj: session.cnpj,
        year: Number(localDateTime(now.toISOString(), session.uf).slice(0, 4)),
        series,
        first,
        last,
        justification,
      }).xml,
      'infInut',
    ));
  let outcome: Outcome;
  try {
    outcome = outcomeOf(await session.port.inutilize(session.target, signed), doubt !== undefined);
  } catch (error) {
    if (!(error instanceof SefazUnreachable)) throw error;
    outcome = { status: 'pendente', protocolXml: null, protocol: null, cstat: null, reason: LOST_ANSWER };
  }
  const [saved] = doubt
    ? await t
        .update(fiscalInutilizations)
        .set({ ...outcome, updatedAt: now })
        .where(and(eq(fiscalInutilizations.tenantId, tenantId), eq(fiscalInutilizations.id, doubt.id)))
        .returning()
    : await t
        .insert(fiscalInutilizations)
        .values({
          tenantId,
          environment,
          series,
          first,
          last,
          justification: justification.trim(),
          xml: signed,
          ...outcome,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
  // The discarded notes of the range (sales cancelled before SEFAZ had them) are voided with it.
  if (outcome.status === 'homologada')
    await t
      .update(fiscalNotes)
      .set({ status: 'inutilizada', updatedAt: now })
      .where(
        and(
          inSeries(fiscalNotes),
          gte(fiscalNotes.number, first),
          lte(fiscalNotes.number, last),
          eq(fiscalNotes.status, 'descartada'),
        ),
      );
  return inutilizationOf(saved!);
}
