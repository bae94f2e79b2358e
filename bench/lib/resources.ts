// Resources a benchmark opens (servers, browsers, databases, temp dirs): each one open is
// registered, so the watchdog (or Ctrl-C) closes them too, newest first.
import type { RunningServer } from '../../tests/e2e/support/server';

const live = new Set<() => Promise<void>>();

/** Opens a resource, runs `fn` with it and closes it (also when the watchdog fires). */
export async function using<R, T>(
  open: () => Promise<R>,
  close: (resource: R) => Promise<unknown>,
  fn: (resource: R) => Promise<T>,
): Promise<T> {
  const resource = await open();
  let closed: Promise<void> | null = null;
  const closer = () => {
    closed ??= (async () => {
      live.delete(closer);
      await withTimeout(Promise.resolve(close(resource)), 30_000, 'encerrar recurso').catch((err: unknown) =>
        console.error(`falha ao encerrar: ${String(err)}`),
      );
    })();
    return closed;
  };
  live.add(closer);
  try {
    return await fn(resource);
  } finally {
    await closer();
  }
}

/** Closes everything still open (newest first). */
export async function closeEverything(): Promise<void> {
  for (const closer of [...live].reverse()) await closer();
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`tempo esgotado (${Math.round(ms / 1000)} s): ${what}`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/** A server from `start` for `fn`, stopped afterwards (also when the watchdog fires). */
export function withServer<T>(
  start: () => Promise<RunningServer>,
  fn: (server: RunningServer) => Promise<T>,
): Promise<T> {
  return using(start, (server) => server.stop(), fn);
}
