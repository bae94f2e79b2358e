// "The session is gone" (a refresh the server refused): the session provider listens
// and signs the person out; without a listener the browser simply goes to /login.
type Listener = (reason: unknown) => void;

const listeners = new Set<Listener>();

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifySessionExpired(reason: unknown): void {
  if (listeners.size === 0) {
    if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
    return;
  }
  for (const listener of listeners) listener(reason);
}
