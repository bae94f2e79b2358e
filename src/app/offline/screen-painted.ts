// The device's database waits for the first signed-in screen to be on screen. Opening it
// (creating its stores on a first open), starting the sync engine and the screens' first
// live queries take ~100 ms of a phone's main thread; done right after the screen is
// committed, they came between the screen and its first paint (Lighthouse's LCP on
// /vendas). AppLayout reports its commit; the gate opens once that frame is painted, and
// stays open for the page's life. No Dexie here: this module is in the first chunk.
import { startTransition, useEffect, useState } from 'react';

/** A hidden tab paints no frame, and its outbox must still go: it waits this long at most. */
const PAINT_WAIT_MAX_MS = 250;

let painted = false;
const listeners = new Set<() => void>();
/** Who waits for the gate (screenPainted), in the order they asked. */
const waiting: (() => void)[] = [];
let releasing = false;

/**
 * One waiter per task: what each starts (opening the database, the sync engine, the till's
 * fiscal data, the screens' live queries) runs its first steps in a task of its own instead
 * of all of them in the one that opened the gate (~160 ms of a phone's main thread in one
 * long task on Nova Venda's first open, docs/performance.md).
 */
function releaseNext() {
  // A page not shown has no frame to keep smooth, and its timers are slowed (up to a
  // second each): all of them at once.
  waiting.splice(0, shown() ? 1 : waiting.length).forEach((resolve) => resolve());
  if (waiting.length > 0) setTimeout(releaseNext, 0);
  else releasing = false;
}

function release() {
  if (releasing || waiting.length === 0) return;
  releasing = true;
  if (shown()) setTimeout(releaseNext, 0);
  else releaseNext();
}

function markPainted() {
  if (painted) return;
  painted = true;
  // The screens reading the database redraw as a transition (useScreenPainted); the waiters go one per task.
  listeners.forEach((listener) => listener());
  release();
}

const shown = () => typeof document !== 'undefined' && document.visibilityState === 'visible';

/**
 * The signed-in layout was committed: open the gate after the frame that shows it. A
 * visible page always paints that frame, however slow the device (a busy phone may take
 * longer than the bound below to paint it): it waits for it. A page not shown paints none:
 * it waits PAINT_WAIT_MAX_MS at most, or until it is hidden.
 */
export function screenCommitted(): void {
  if (painted) return;
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(markPainted, PAINT_WAIT_MAX_MS);
    return;
  }
  // A task queued from requestAnimationFrame runs after that frame's paint.
  requestAnimationFrame(() => setTimeout(markPainted, 0));
  const unlessShown = () => {
    if (!shown()) markPainted();
  };
  setTimeout(unlessShown, PAINT_WAIT_MAX_MS);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', unlessShown);
}

/** Resolves once the first signed-in screen has been painted (the first callers each in a task of its own). */
export function screenPainted(): Promise<void> {
  // Once those first waiters have gone, the gate is simply open.
  if (painted && !releasing) return Promise.resolve();
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (painted) release();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether the first signed-in screen has been painted (the database may be used). The
 * screens redraw for it as a transition: in slices between which the phone can paint and
 * answer a tap, not in one long task (a store's change, useSyncExternalStore, always redraws
 * at once).
 */
export function useScreenPainted(): boolean {
  const [shownPainted, setShownPainted] = useState(painted);
  useEffect(() => {
    if (painted) {
      setShownPainted(true);
      return;
    }
    return subscribe(() => startTransition(() => setShownPainted(true)));
  }, []);
  return shownPainted;
}
