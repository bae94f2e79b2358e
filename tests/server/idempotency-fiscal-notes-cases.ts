// The idempotency cases of 'Notas Fiscais': cancel, resend and inutilização, on notes the
// real builder made and the store's A1 signed (src/server/fiscal/test/note-fixtures.ts),
// with the scripted SEFAZ port the test's app is built with (NOTES_APP_OPTIONS). A till's
// contingency note: two notes of one till (two sales), signed with the store's key.
import { contingencyTill } from '../../src/server/fiscal/test/contingency-fixtures';
import { insertNote, setUpEmitter } from '../../src/server/fiscal/test/note-fixtures';
import { scriptedSefazEvents } from '../../src/server/fiscal/test/scripted-sefaz-events';
import type { TestAppOptions } from '../../src/server/test/helpers';
import type { CaseKit, RouteCases } from './idempotency-fixtures';

/**
 * What the idempotency test's app needs for these routes: a SEFAZ that registers what it is
 * sent, and the queue's worker stopped (a pending note it sent in the background would write
 * between a case's fingerprints).
 */
export const NOTES_APP_OPTIONS: TestAppOptions = { sefaz: scriptedSefazEvents(), emissionQueue: { start: false } };

/** Series of their own, so the notes never meet another case's. */
const CANCEL_SERIES = 801;
const RESEND_SERIES = 802;
const VOID_SERIES = 803;
const CONTINGENCY_SERIES = 804;

export function fiscalNoteCases({ http, admin, db, tenantId, next }: CaseKit): RouteCases {
  const note = async (series: number, status: 'autorizada' | 'pendente') => {
    await setUpEmitter(http, admin);
    return insertNote(db, tenantId, { number: next(), series, status, at: new Date(Date.now() - 60_000) });
  };
  return {
    'POST /api/fiscal/notes/:id/cancel': async () => {
      const { id } = await note(CANCEL_SERIES, 'autorizada');
      const url = `/api/fiscal/notes/${id}/cancel`;
      return {
        call: { url, body: { justification: 'Cliente desistiu da compra no caixa' } },
        other: { url, body: { justification: 'Venda registrada em duplicidade' } },
      };
    },
    'POST /api/fiscal/notes/:id/resend': async () => ({
      call: { url: `/api/fiscal/notes/${(await note(RESEND_SERIES, 'pendente')).id}/resend` },
      other: { url: `/api/fiscal/notes/${(await note(RESEND_SERIES, 'pendente')).id}/resend` },
    }),
    'POST /api/fiscal/contingency-notes': async () => {
      const till = await contingencyTill(db, http, admin, tenantId, CONTINGENCY_SERIES);
      const url = '/api/fiscal/contingency-notes';
      return { call: { url, body: await till.note(1) }, other: { url, body: await till.note(2) } };
    },
    'POST /api/fiscal/inutilizations': async () => {
      await setUpEmitter(http, admin);
      // Numbers 1 and 5 have notes: 2 to 4 were skipped.
      await insertNote(db, tenantId, { number: 1, series: VOID_SERIES });
      await insertNote(db, tenantId, { number: 5, series: VOID_SERIES });
      const body = (n: number) => ({ series: VOID_SERIES, first: n, last: n, justification: 'Números saltados por falha do caixa' }); // prettier-ignore
      return {
        call: { url: '/api/fiscal/inutilizations', body: body(2) },
        other: { url: '/api/fiscal/inutilizations', body: body(3) },
      };
    },
  };
}
