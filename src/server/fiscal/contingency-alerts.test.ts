// The dashboard tells the admin of the notes issued in offline contingency that SEFAZ has not
// authorized yet, with the deadline of the oldest (the store's contingency_deadline_hours
// after its issue): online notes pending, authorized contingency notes and other stores'
// notes do not count; the cashier sees none. 'Notas Fiscais' gives each such note its deadline.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_STORE, useTestStore } from '../test/helpers';
import { databases } from '../test/testDb';
import { removeA1Files } from './test/a1-files';
import { insertNote, setUpEmitter } from './test/note-fixtures';
import { removeWrittenDocuments, requireTools } from './test/xml-tools';

const HOUR = 3_600_000;

describe.each(databases())('contingency notes on the dashboard (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  useTestStore(kind, (store) => ({ ctx, http, tenantId, admin, cashier } = store));
  beforeAll(async () => {
    requireTools();
    await setUpEmitter(http, admin);
  });
  afterAll(() => {
    removeA1Files();
    removeWrittenDocuments();
  });
  const alerts = async (token = admin) => (await http.get('/api/dashboard/alerts', { token })).body.data;

  it("counts the pending ones and gives the oldest deadline; the store's hours move it", async () => {
    expect((await alerts()).contingencyNotes).toBeNull();
    const now = Date.now();
    // Online notes pending, and a contingency note SEFAZ already authorized: not counted.
    await insertNote(ctx.db, tenantId, { number: 1, status: 'pendente', at: new Date(now - 30 * HOUR) });
    await insertNote(ctx.db, tenantId, { number: 2, contingency: true, at: new Date(now - 20 * HOUR) });
    expect((await alerts()).contingencyNotes).toBeNull();

    const oldest = new Date(now - 5 * HOUR - 60_000);
    await insertNote(ctx.db, tenantId, { number: 3, status: 'pendente', contingency: true, at: oldest });
    await insertNote(ctx.db, tenantId, { number: 4, status: 'pendente', contingency: true, at: new Date(now - HOUR) });
    const seen = (await alerts()).contingencyNotes;
    expect(seen).toEqual({ count: 2, deadline: new Date(oldest.getTime() + 24 * HOUR).toISOString(), hours_left: 18 });
    expect((await alerts(cashier)).contingencyNotes).toBeNull();

    const put = await http.put(
      '/api/fiscal/settings',
      { contingency_deadline_hours: 4 },
      { token: admin, headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Issued 5 hours ago with 4 to send it: past by 2 whole hours (rounded up).
    expect((await alerts()).contingencyNotes).toMatchObject({ count: 2, hours_left: -2 });

    // 'Notas Fiscais' gives each pending contingency note its deadline, and no other note.
    const list = await http.get('/api/fiscal/notes', { token: admin });
    const deadlines = Object.fromEntries(
      list.body.data.notes.map((n: { number: number; contingency_deadline: string | null }) => [n.number, n.contingency_deadline]), // prettier-ignore
    );
    expect(deadlines).toEqual({ 1: null, 2: null, 3: new Date(oldest.getTime() + 4 * HOUR).toISOString(), 4: expect.any(String) }); // prettier-ignore
    const third = list.body.data.notes.find((n: { number: number }) => n.number === 3);
    const detail = await http.get(`/api/fiscal/notes/${third.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({ emission_type: 9, contingency_deadline: deadlines[3] });
  });
});
