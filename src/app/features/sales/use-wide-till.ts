// Where 'Finalizar Venda' lives: inside 'Resumo da Venda' on a wide screen, in a bar kept
// at the bottom of the screen below WIDE_TILL_PX (phones and tablets), so the total and
// the button are always in view however long the sale.
import { useSyncExternalStore } from 'react';

export const WIDE_TILL_PX = 1280;
const QUERY = `(min-width: ${WIDE_TILL_PX}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function isWide(): boolean {
  if (typeof window === 'undefined') return true;
  if (typeof window.matchMedia === 'function') return window.matchMedia(QUERY).matches;
  return window.innerWidth >= WIDE_TILL_PX;
}

export function useWideTill(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
