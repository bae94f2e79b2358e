// The till session (caixa) on this device (DESIGN.md, counter rules). The session lives in
// the device's storage (meta 'caixa.session') and every change to it is written with its
// outbox entry in ONE transaction, so it works offline and reaches the server exactly once
// (its outbox id is the Idempotency-Key) and in order: its movements and its sales wait for
// its opening, and its close waits for its movements and for every sale of the session
// still queued (and its returns and instalment receipts). Here: its opening and its
// movements; the session as kept is caixa-session.ts, its close caixa-close.ts.
import { toReais } from '../../shared/money';
import type { BalcaoDb } from '../offline/db';
import { deviceIdentity } from '../offline/device-identity';
import { buildOutboxEntry } from '../offline/outbox';
import { waitingFor } from '../offline/outbox-kinds';
import { madeByNow } from '../offline/session-cache';
import {
  currentCaixa,
  newSession,
  queueCaixaChange,
  requireOpenCaixa,
  type LocalCashMovement,
  type LocalCashSession,
  type Operator,
} from './caixa-session';
import { OUTBOX_KINDS } from './outbox-kinds';
import { caixaResource } from './outbox-resources';

/** Abrir Caixa: the session and its outbox entry (the session's id is the entry's). */
export async function openCaixa(
  db: BalcaoDb,
  input: { openingFloat: number; operator: Operator },
): Promise<LocalCashSession> {
  const existing = await currentCaixa(db);
  if (existing?.status === 'open') throw new Error('Já existe um caixa aberto neste dispositivo.');
  const device = await deviceIdentity(db);
  const id = crypto.randomUUID();
  const openedAt = new Date().toISOString();
  const session = newSession(id, device.label, input.operator, input.openingFloat, openedAt);
  const entry = {
    ...buildOutboxEntry({
      id,
      kind: 'caixa',
      ...OUTBOX_KINDS.caixa.route({ step: 'open' }),
      body: {
        id,
        device_id: device.id,
        device_label: device.label,
        opening_float: toReais(input.openingFloat),
        opened_at: openedAt,
        ...(await madeByNow(db)),
      },
      summary: `Abertura de caixa (${device.label})`,
    }),
    resource: caixaResource(id),
  };
  await queueCaixaChange(db, session, entry);
  return session;
}

/** Sangria or suprimento: kept on the session and queued behind its opening. */
export async function addCashMovement(
  db: BalcaoDb,
  input: { kind: LocalCashMovement['kind']; amount: number; reason: string },
): Promise<LocalCashMovement> {
  const session = await requireOpenCaixa(db);
  const movement: LocalCashMovement = { id: crypto.randomUUID(), madeAt: new Date().toISOString(), ...input };
  const at = { step: 'movement', sessionId: session.id } as const;
  const entry = {
    ...buildOutboxEntry({
      id: movement.id,
      kind: 'caixa',
      ...OUTBOX_KINDS.caixa.route(at),
      body: {
        id: movement.id,
        kind: input.kind,
        amount: toReais(input.amount),
        reason: input.reason,
        made_at: movement.madeAt,
        ...(await madeByNow(db)),
      },
      summary: `${input.kind === 'sangria' ? 'Sangria' : 'Suprimento'}: ${input.reason}`,
      dependsOn: await waitingFor(db, OUTBOX_KINDS.caixa.waitsFor(at)),
    }),
    resource: caixaResource(session.id),
  };
  await queueCaixaChange(db, { ...session, movements: [...session.movements, movement] }, entry);
  return movement;
}
