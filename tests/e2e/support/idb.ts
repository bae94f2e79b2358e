// Reads the app's IndexedDB ('balcao') from the page, as the browser holds it.
import type { Page } from 'playwright-core';

type IdbRead = 'count' | 'getAll' | 'getAllKeys' | 'get';

/**
 * One read of one store of the app's database, in the page (`get` reads `key`); null when
 * the database has no such store yet (Dexie has not opened it).
 */
export function idbRead<T>(page: Page, store: string, read: IdbRead, key?: string): Promise<T | null> {
  return page.evaluate(
    ([name, how, id]) =>
      new Promise<T | null>((resolve, reject) => {
        const open = indexedDB.open('balcao');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve(null);
            return;
          }
          const target = db.transaction(name, 'readonly').objectStore(name);
          const req: IDBRequest = how === 'get' ? target.get(id ?? '') : target[how]();
          req.onsuccess = () => {
            db.close();
            resolve(req.result as T);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    [store, read, key] as const,
  );
}

export async function idbCount(page: Page, store: string): Promise<number> {
  return (await idbRead<number>(page, store, 'count')) ?? 0;
}

/** Every record of a store (e.g. the outbox's entries). */
export async function idbAll<T>(page: Page, store: string): Promise<T[]> {
  return (await idbRead<T[]>(page, store, 'getAll')) ?? [];
}

/** Products in the mirror: one record each in 'products', many per record in 'productChunks' (read whole). */
export function idbProductCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('balcao');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const stores = ['products', 'productChunks'].filter((s) => db.objectStoreNames.contains(s));
          if (stores.length === 0) {
            db.close();
            resolve(0);
            return;
          }
          const tx = db.transaction(stores, 'readonly');
          let count = 0;
          if (stores.includes('products')) {
            const req = tx.objectStore('products').count();
            req.onsuccess = () => (count += req.result);
          }
          if (stores.includes('productChunks')) {
            const cursor = tx.objectStore('productChunks').openCursor();
            cursor.onsuccess = () => {
              const at = cursor.result;
              if (!at) return;
              count += (at.value as { rows: unknown[] }).rows.length;
              at.continue();
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(count);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** Polls until `fn` returns true (the browser works in its own time). */
export async function until(fn: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`tempo esgotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The primary keys of a store, as strings (e.g. the persisted query cache's query hashes). */
export async function idbKeys(page: Page, store: string): Promise<string[]> {
  return ((await idbRead<IDBValidKey[]>(page, store, 'getAllKeys')) ?? []).map(String);
}

/** The device's till session as IndexedDB holds it (meta 'caixa.session'), in centavos. */
export interface StoredCaixa {
  id: string;
  figures: { method: string; expected: number; counted: number; difference: number }[] | null;
  difference: number | null;
  receipts?: { id: string; method: string; amount: number }[];
}

export function storedCaixa(page: Page): Promise<StoredCaixa> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('balcao');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('meta', 'readonly').objectStore('meta').get('caixa.session');
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result?.value);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}
