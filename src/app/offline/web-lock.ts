// A named Web Lock taken only if it is free: one tab of this device runs the task (the
// outbox's sender, the mirror's pull), the others skip it. Where the browser has no Web
// Locks the task runs.

type LockManagerLike = {
  request: (
    name: string,
    options: { ifAvailable: boolean },
    cb: (lock: unknown) => Promise<unknown>,
  ) => Promise<unknown>;
};

/** Runs a task, or skips it (null) while another tab holds the lock. */
export type LockRunner = <T>(fn: () => Promise<T>) => Promise<T | null>;

/** `locks`: the lock manager to use (absent: the browser's; null: none). */
export function tryWebLock(name: string, locks?: LockManagerLike | null): LockRunner {
  return async <T>(fn: () => Promise<T>) => {
    const manager =
      locks === undefined ? (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks : locks;
    if (!manager) return fn();
    let value: T | null = null;
    await manager.request(name, { ifAvailable: true }, async (lock) => {
      if (lock) value = await fn();
    });
    return value;
  };
}
