// Another tab opened a newer schema of the local database (db.ts closes this tab's
// connection and tells these listeners). Kept apart from db.ts so the banner that listens
// does not bring Dexie into the first chunk.
const listeners = new Set<() => void>();

export function onVersionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyVersionChange(): void {
  listeners.forEach((listener) => listener());
}
