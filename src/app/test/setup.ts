// Setup of the "app" vitest project (jsdom). jest-dom is not installed: plain assertions.
// IndexedDB is fake-indexeddb; the app's database is emptied after each test.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissAllToasts } from '../components/toast-store';
import { getDb } from '../offline/db';

// Screens that read IndexedDB settle in a few hundred ms; a loaded machine (several suites
// at once on two cores) needs slack: this is how long a query waits, not a speed target.
configure({ asyncUtilTimeout: 8_000 });

afterEach(async () => {
  cleanup();
  dismissAllToasts();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Let writes already in flight when the app unmounted (a sync engine's last page or
  // acknowledgement) land before emptying the database, so none leaks into the next test.
  await new Promise((resolve) => setTimeout(resolve, 30));
  const db = getDb();
  if (db.isOpen()) await Promise.all(db.tables.map((table) => table.clear()));
});
