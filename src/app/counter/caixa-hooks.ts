// How Nova Venda reaches the device's till session (caixa-session.ts, caixa.ts): the session
// as stored (live) and its changes, each followed by a drain of the outbox. The close
// (caixa-close.ts) is loaded when first used: the till opens and sells without it.

import { useCallback } from 'react';
import type { CountMethod } from '../../shared/caixa';
import { addCashMovement, openCaixa } from './caixa';
import { currentCaixa, type LocalCashMovement, type LocalCashSession, type Operator } from './caixa-session';
import { onDemand } from '../lib/on-demand';
import { getDb } from '../offline/db';
import { useLiveDeviceQuery, useSyncEngine } from '../offline/hooks';
import { useScreenPainted } from '../offline/screen-painted';

/** The device's session (null: none; undefined while reading). The database is opened only
 * after the first screen is painted (screen-painted.ts): until then it is 'reading'. */
export function useCaixa(): LocalCashSession | null | undefined {
  const painted = useScreenPainted();
  return useLiveDeviceQuery(() => (painted ? currentCaixa(getDb()) : undefined), [painted]);
}

const caixaClose = onDemand(() => import('./caixa-close'));

export function useCaixaActions() {
  const engine = useSyncEngine();
  const drained = useCallback(<T>(p: Promise<T>) => p.finally(() => void engine?.drain()), [engine]);
  return {
    open: (openingFloat: number, operator: Operator) => drained(openCaixa(getDb(), { openingFloat, operator })),
    move: (kind: LocalCashMovement['kind'], amount: number, reason: string) =>
      drained(addCashMovement(getDb(), { kind, amount, reason })),
    close: (counted: Partial<Record<CountMethod, number>>, reason: string | null, toleranceCentavos: number) =>
      drained(caixaClose().then(({ closeCaixa }) => closeCaixa(getDb(), { counted, reason, toleranceCentavos }))),
    dismiss: () => caixaClose().then(({ dismissCaixa }) => dismissCaixa(getDb())),
  };
}
