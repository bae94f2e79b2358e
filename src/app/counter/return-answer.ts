// What the server's answer to a return does to this device's caixa: the money the return
// took out of the till, as the server counted it (refund method, refunded, session),
// replaces what this device reckoned while it was queued (returns.ts tillPartOfReturn).
import { z } from 'zod/mini';
import { returnTillPart, type TillPart } from '../../shared/caixa';
import { envelope } from '../../shared/contract/common';
import { SaleReturnSchema } from '../../shared/contract/returns';
import type { BalcaoDb } from '../offline/db';
import { currentCaixa, settleCaixaReceipt } from './caixa-session';

/** What the device reads of a return's answer for its caixa, checked against the contract (centavos). */
const ReturnMoneyAnswerSchema = envelope(
  z.pick(SaleReturnSchema, { refund_payment_method: true, refunded: true, cash_session_id: true }),
);

/** The return's money out of the session `sessionId` as the server answered it; undefined: an answer it cannot read. */
export function answeredTillPart(answer: unknown, sessionId: string): TillPart | null | undefined {
  const parsed = ReturnMoneyAnswerSchema.safeParse(answer);
  if (!parsed.success) return undefined;
  const { refund_payment_method, refunded, cash_session_id } = parsed.data.data;
  if (cash_session_id !== sessionId) return null;
  return returnTillPart({ paymentMethod: refund_payment_method, refunded });
}

/** A delivered queued return (in the acknowledging transaction): the caixa takes what the server counted. */
export async function settleReturnAnswer(db: BalcaoDb, returnId: string, answer: unknown): Promise<void> {
  const session = await currentCaixa(db);
  if (session?.status !== 'open') return;
  const part = answeredTillPart(answer, session.id);
  if (part !== undefined) await settleCaixaReceipt(db, returnId, part && { id: returnId, ...part });
}
