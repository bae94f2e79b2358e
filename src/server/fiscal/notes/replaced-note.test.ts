// The note in doubt resolved against the stand-in SEFAZ (real TLS, schemas, signatures): note
// N sent online without an answer, its sale's contingency note N+1 authorized later. N
// authorized by SEFAZ → cancelled by substitution (110112) naming N+1; N never received →
// descartada for the inutilização; N+1 not authorized yet, or SEFAZ silent → later; past
// 168 hours → both stand and the admin is told.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signNfce } from '../../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../../shared/fiscal/nfce-xml';
import { SAMPLE_CNPJ, sampleNote } from '../../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../../shared/seeded-random';
import type { FiscalNoteRow } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/testDb';
import { startRig, type SefazRig } from '../test/sefaz-rig';
import { removeWrittenDocuments, requireTools } from '../test/xml-tools';
import { resolveReplacedNote, substitutionJustification } from './replaced-note';

let rig: SefazRig;
let db: TestDatabase;
const HOUR = 3_600_000;

beforeAll(async () => {
  requireTools();
  rig = await startRig();
  db = await createTestDatabase('pglite');
});
afterAll(async () => {
  await rig.close();
  await db.destroy();
  removeWrittenDocuments();
});

const hands = () => ({ port: rig.client, target: rig.target, signer: rig.signer, cnpj: SAMPLE_CNPJ });
const reach = async () => hands();

/** Note N as the server keeps it after an online attempt without an answer. */
async function doubtful(number: number, { sent = true } = {}) {
  const note = await rig.note(number);
  if (sent) expect((await rig.client.authorize(rig.target, note.signed, String(number))).note!.cstat).toBe(100);
  return {
    id: randomUUID(),
    tenantId: randomUUID(),
    key: note.key,
    number,
    series: 1,
    status: 'pendente',
    inDoubt: true,
    protocol: null,
    authorizedAt: null,
    cancelRequestedAt: null,
  } as unknown as FiscalNoteRow;
}

/** N+1 made offline at the till; authorized by SEFAZ unless `send` is false. */
async function contingency(number: number, { send = true } = {}) {
  const issued = Date.now() + rig.skew.ms;
  const built = buildNfce(
    sampleNote({ number, issued_at: new Date(issued).toISOString(), qr: { version: 3 },
      contingency: { started_at: new Date(issued - 60_000).toISOString(), reason: 'Sem conexão com a SEFAZ' } }), // prettier-ignore
    seededRandom(number),
  );
  if (send) {
    const signed = await signNfce(built, rig.signer);
    expect((await rig.client.authorize(rig.target, signed.xml, String(number))).note!.cstat).toBe(100);
  }
  return { key: built.key, number, series: 1, status: send ? 'autorizada' : 'pendente' } as const;
}

const now = () => new Date(Date.now() + rig.skew.ms);

describe('the note in doubt, replaced by a contingency note', () => {
  it('authorized by SEFAZ after all: consulted, then cancelled by substitution naming N+1', async () => {
    const note = await doubtful(801);
    const replacement = await contingency(802);
    const r = await resolveReplacedNote(db.db, note, replacement, reach, now());
    expect(r).toMatchObject({ later: false, notice: null });
    expect(r.change).toMatchObject({ status: 'cancelada', inDoubt: false, cancelReason: substitutionJustification(replacement) }); // prettier-ignore
    expect(r.change.protocol).toMatch(/^\d{15}$/);
    expect(r.event).toMatchObject({ type: '110112', sequence: 1, cstat: 135 });
    expect(r.event!.xml).toContain(`<chNFeRef>${replacement.key}</chNFeRef>`);
    expect((await rig.client.consult(rig.target, note.key)).cstat).toBe(101);
    expect((await rig.client.consult(rig.target, replacement.key)).cstat).toBe(100);
  });

  it('never received by SEFAZ: descartada, its number for the inutilização; nothing sent', async () => {
    const note = await doubtful(803, { sent: false });
    const replacement = await contingency(804);
    const events = rig.standIn.received.filter((r) => r.service === 'event').length;
    const r = await resolveReplacedNote(db.db, note, replacement, reach, now());
    expect(r.change).toMatchObject({ status: 'descartada', inDoubt: false });
    expect(r.notice).toBe(
      'A nota nº 803 (série 1) foi substituída pela nota emitida em contingência e não será enviada. Inutilize o número em Notas Fiscais > Numeração.',
    );
    expect(rig.standIn.received.filter((r) => r.service === 'event')).toHaveLength(events);
  });

  it('waits while N+1 is not authorized, and while SEFAZ cannot be reached', async () => {
    const note = await doubtful(805);
    const pending = await contingency(806, { send: false });
    const r = await resolveReplacedNote(db.db, note, pending, reach, now());
    // What the consulta learnt is kept; the substitution comes later.
    expect(r).toMatchObject({ later: true, change: { status: 'autorizada', inDoubt: false } });
    const away = await resolveReplacedNote(db.db, note, pending, async () => ({ unavailable: 'Sem internet.' }), now());
    expect(away).toMatchObject({ later: true, change: {}, notice: 'Sem internet.' });
    expect((await rig.client.consult(rig.target, note.key)).cstat).toBe(100);
  });

  it('past 168 hours both notes stand, and the admin is told', async () => {
    const note = await doubtful(807);
    const replacement = await contingency(808);
    rig.skew.ms += 169 * HOUR;
    try {
      const r = await resolveReplacedNote(db.db, note, replacement, reach, now());
      expect(r.later).toBe(false);
      expect(r.change.status).toBe('autorizada');
      expect(r.notice).toMatch(/^A venda ficou com duas notas autorizadas: o prazo de 168 horas/);
    } finally {
      rig.skew.ms -= 169 * HOUR;
    }
  });
});
