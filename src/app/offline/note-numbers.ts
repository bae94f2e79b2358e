// The NFC-e numbers this till gives its own notes in offline contingency: per series (the
// till's own, so no other till shares it), kept here and moved in one IndexedDB transaction,
// so a reload, a power cut or a second tab of the same till never hands out a number twice.
// The server's proposal (the fiscal view's next_number: what it has seen used in the series)
// is a floor: max(what this till used + 1, the server's next). A number claimed and then not
// used (the tab died before the note was kept) is a hole the server lists for the
// inutilização, never a number given twice.
import type { BalcaoDb } from './db';

const metaKey = (series: number) => `fiscal.contingency.last.${series}`;

async function lastUsed(db: BalcaoDb, series: number): Promise<number> {
  const value = (await db.meta.get(metaKey(series)))?.value;
  return typeof value === 'number' ? value : 0;
}

/** The number the next contingency note of `series` will get (nothing is claimed). */
export async function nextNoteNumber(db: BalcaoDb, series: number, serverNext: number | null): Promise<number> {
  return Math.max((await lastUsed(db, series)) + 1, serverNext ?? 1);
}

/** Claims the next number of `series` for a contingency note: never the same twice on this device. */
export function claimNoteNumber(db: BalcaoDb, series: number, serverNext: number | null): Promise<number> {
  return db.transaction('rw', db.meta, async () => {
    const number = await nextNoteNumber(db, series, serverNext);
    await db.meta.put({ key: metaKey(series), value: number });
    return number;
  });
}

/**
 * A note of `series` the server made for this till (an online sale's answer): the numbers up
 * to it are used, so a contingency note never takes one of them again.
 */
export function noteNumberSeen(db: BalcaoDb, series: number, number: number): Promise<void> {
  return db.transaction('rw', db.meta, async () => {
    if ((await lastUsed(db, series)) < number) await db.meta.put({ key: metaKey(series), value: number });
  });
}
