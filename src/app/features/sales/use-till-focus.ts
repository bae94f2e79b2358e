// Where the keyboard is at the till. A till lives on the keyboard and the scanner, so the
// focus never falls to the page: on arrival it goes to 'Fundo de troco' while this device's
// caixa is closed, else to 'Buscar produto'; after opening the caixa and after each sale to
// 'Buscar produto'; when the caixa has been closed, back to 'Fundo de troco'. On arrival and
// on closing it never leaves a field the person is already in, nor a dialog.
import { useCallback, useEffect, type RefObject } from 'react';
import type { LocalCashSession } from '../../counter/caixa-session';

/** Whether the person is in a field of the screen or in a dialog (then the focus stays). */
function focusIsTaken(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  if (active.closest('[role="dialog"]')) return true;
  const main = active.closest('main');
  return main !== null && main !== active;
}

/**
 * Moves the focus when the caixa's state is first known and when it changes; answers the
 * move to 'Buscar produto' (after opening the caixa, after a sale).
 */
export function useTillFocus(
  caixa: LocalCashSession | null | undefined,
  fields: { search: RefObject<HTMLInputElement | null>; float: RefObject<HTMLInputElement | null> },
): () => void {
  const { search, float } = fields;
  // undefined while the device's storage has not answered.
  const state = caixa === undefined ? undefined : (caixa?.status ?? 'none');
  useEffect(() => {
    if (state === undefined || focusIsTaken()) return;
    (state === 'open' ? search : float).current?.focus();
  }, [state, search, float]);
  return useCallback(() => search.current?.focus(), [search]);
}
