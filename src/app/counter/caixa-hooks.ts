// How Nova Venda reaches the device's till session (caixa-session.ts, caixa.ts): the session as stored (live),
// what it expects now, and its changes, each followed by a drain of the outbox.

import { useCallback } from 'react';
import type { CountMethod } from '../../shared/caixa';
import { addCashMovement, openCaixa } from './caixa';
import { currentCaixa, type LocalCashMovement, type LocalCashSession, type Operator } from './caixa-session';
import { closeCaixa, dismissCaixa, expectedOf, sessionReceipts, sessionSales } from './caixa-close';
import { getDb } from '../offline/db';
import { useLiveDeviceQuery, useSyncEngine } from '../offline/hooks';
import { useScreenPainted } from '../offline/screen-painted';

/** The device's session (null: none; undefined while reading). The database is opened only
 * after the first screen is painted (screen-painted.ts): until then it is 'reading'. */
export function useCaixa(): LocalCashSession | null | undefined {
  const painted = useScreenPainted();
  return useLiveDeviceQuery(() => (painted ? currentCaixa(getDb()) : undefined), [painted]);
}

/** The open session's expected figures now and its sales count (from this device's sales). */
export function useCaixaExpected(
  session: LocalCashSession | null | undefined,
): { expected: Record<CountMethod, number>; sales: number } | undefined {
  return useLiveDeviceQuery(async () => {
    if (!session) return undefined;
    const db = getDb();
    const sales = await sessionSales(db, session.id);
    return { expected: expectedOf(session, sales, await sessionReceipts(db, session)), sales: sales.length };
  }, [session]);
}

export function useCaixaActions() {
  const engine = useSyncEngine();
  const drained = useCallback(<T>(p: Promise<T>) => p.finally(() => void engine?.drain()), [engine]);
  return {
    open: (openingFloat: number, operator: Operator) => drained(openCaixa(getDb(), { openingFloat, operator })),
    move: (kind: LocalCashMovement['kind'], amount: number, reason: string) =>
      drained(addCashMovement(getDb(), { kind, amount, reason })),
    close: (counted: Partial<Record<CountMethod, number>>, reason: string | null, toleranceCentavos: number) =>
      drained(closeCaixa(getDb(), { counted, reason, toleranceCentavos })),
    dismiss: () => dismissCaixa(getDb()),
  };
}
