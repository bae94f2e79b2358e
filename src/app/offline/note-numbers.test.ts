// The till's contingency note numbers on fake-indexeddb: the server's proposal as a floor,
// one sequence per series, kept across a reload, and two tabs of the same till (two
// connections to one database) claiming at once never getting the same number.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { BalcaoDb } from './db';
import { claimNoteNumber, nextNoteNumber } from './note-numbers';

const names: string[] = [];
const opened: BalcaoDb[] = [];
function openDb(name = `t-${crypto.randomUUID()}`) {
  const db = new BalcaoDb(name);
  opened.push(db);
  if (!names.includes(name)) names.push(name);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  for (const name of names.splice(0)) await new BalcaoDb(name).delete().catch(() => undefined);
});

describe('contingency note numbers', () => {
  it("start at the server's next, then count on; each series its own", async () => {
    const db = openDb();
    expect(await nextNoteNumber(db, 3, 41)).toBe(41);
    expect(await claimNoteNumber(db, 3, 41)).toBe(41);
    expect(await claimNoteNumber(db, 3, 41)).toBe(42);
    // The server learnt of more notes in the series (sent online since): its next is the floor.
    expect(await claimNoteNumber(db, 3, 50)).toBe(50);
    // An older proposal never takes the till back.
    expect(await claimNoteNumber(db, 3, 41)).toBe(51);
    expect(await claimNoteNumber(db, 4, null)).toBe(1);
    expect(await nextNoteNumber(db, 3, null)).toBe(52);
  });

  it('survive a reload', async () => {
    const name = `t-${crypto.randomUUID()}`;
    const first = openDb(name);
    expect(await claimNoteNumber(first, 1, 7)).toBe(7);
    first.close();
    expect(await claimNoteNumber(openDb(name), 1, 7)).toBe(8);
  });

  it('two tabs of one till claiming at once get different numbers', async () => {
    const name = `t-${crypto.randomUUID()}`;
    const [a, b] = [openDb(name), openDb(name)];
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => claimNoteNumber(i % 2 ? a : b, 2, 100)));
    expect(new Set(claims).size).toBe(20);
    expect([...claims].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
  });
});
