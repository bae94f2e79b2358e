// A sale finished while the till cannot get its NFC-e from the server (offline, or no answer
// in time), in a store that emits: the till issues the note itself in offline contingency
// (tpEmis 9), at once, so the DANFE prints with the receipt (docs/nfce-contingency.md, 'A
// venda em contingência'). It numbers the note in its own series (note-numbers.ts), builds
// and signs it with its key (contingency-note.ts) and hands back three things, written with
// the sale in one transaction by records.ts: the marker the sale's body carries (the server
// then makes no note of its own), the note for the receipt, and the upload the outbox sends
// after the sale. When the till cannot make one (no key, a product without NCM...), the sale
// goes as before and the server emits its note when it arrives.
import type { FiscalNoteReceipt } from '../../shared/contract/fiscal-notes';
import type { ContingencyNoteUpload } from '../../shared/contract/fiscal-contingency-notes';
import type { FiscalTillView } from '../../shared/contract/fiscal-till';
import type { SaleCreate } from '../../shared/contract/sales';
import { bytesToBase64 } from '../../shared/fiscal/xml-dsig';
import type { BalcaoDb } from '../offline/db';
import { claimNoteNumber } from '../offline/note-numbers';
import { contingencyProblem, makeContingencyNote } from './contingency-note';
import { emitsAtTill } from './contingency-queue';

/** xJust when the till is offline, and when the online attempt got no answer in time. */
export const OFFLINE_REASON = 'Sem conexão com a SEFAZ';
export const UNANSWERED_REASON = 'A SEFAZ não respondeu no tempo limite';

export interface ContingencyIssue {
  /** What the sale's body says of it (SaleCreate.fiscal_contingency). */
  marker: NonNullable<SaleCreate['fiscal_contingency']>;
  /** The note as the receipt keeps it for the DANFE (centavos; its id is the outbox row's until the server answers). */
  receipt: FiscalNoteReceipt;
  /** POST /api/fiscal/contingency-notes, sent after the sale. */
  upload: ContingencyNoteUpload;
}

export interface ContingencyRequest {
  saleId: string;
  /** The sale as it will be recorded: its number, device and 'CPF na nota'. */
  body: SaleCreate & { device_id: string };
  view: FiscalTillView;
  issuedAt: Date;
  /** When the till went into contingency: the online attempt's start, or the first queued note's issue. */
  startedAt: Date;
  /**
   * The online attempt got no answer: the server may have made note N for the sale, so N is
   * left for it (the note in doubt, resolved on the server) and the till's note is N+1.
   */
  unanswered: boolean;
}

/**
 * The sale's note made and signed here; null when the till cannot make one (the sale then
 * goes without it, as before). Never throws: a sale is never lost to its note.
 */
export async function issueContingencyNote(
  db: BalcaoDb,
  request: ContingencyRequest,
  id: string,
): Promise<ContingencyIssue | null> {
  const { view, body } = request;
  if (!emitsAtTill(view)) return null;
  // dhEmi and dhCont are written to the second: the upload says the same moment.
  const toSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);
  const issuedAt = toSecond(request.issuedAt);
  const startedAt = toSecond(request.startedAt);
  const reason = request.unanswered ? UNANSWERED_REASON : OFFLINE_REASON;
  const unnumbered = { saleId: request.saleId, body, issuedAt, startedAt, reason };
  try {
    if ((await contingencyProblem(db, unnumbered, view)) !== null) return null;
    if (request.unanswered) await claimNoteNumber(db, view.series, view.next_number);
    const number = await claimNoteNumber(db, view.series, view.next_number);
    const { built, signed, certificateDer } = await makeContingencyNote(db, { ...unnumbered, number }, view);
    const { totals } = built;
    return {
      marker: { series: view.series, number, key: built.key },
      receipt: {
        id,
        status: 'pendente',
        environment: view.environment,
        series: view.series,
        number,
        key: built.key,
        emission_type: 9,
        issued_at_local: built.issued_at_local,
        protocol: null,
        authorized_at: null,
        qr_code: signed.qr_code,
        url_chave: built.url_chave,
        customer_document: body.fiscal_document ?? null,
        approximate_taxes: totals.approximate_taxes,
        total: totals.total,
        change: totals.change,
        cstat: null,
        reason: null,
      },
      upload: {
        sale_id: request.saleId,
        device_id: body.device_id,
        series: view.series,
        number,
        access_key: built.key,
        issued_at: issuedAt.toISOString(),
        xml: signed.xml,
        certificate_der: bytesToBase64(certificateDer),
      },
    };
  } catch {
    // Signing failed after the number was taken: that number stays a hole, which the server
    // lists for the inutilização; the sale goes without the note, as before.
    return null;
  }
}
