// The NFC-e a till issued and signed in offline contingency (tpEmis 9), received with its
// exact bytes (POST /api/fiscal/contingency-notes) and kept 'pendente' for the emission
// queue, which sends those bytes to SEFAZ (note-sender.ts: never rebuilt nor signed again).
//
// checkContingencyNote runs before the Idempotency-Key's transaction (a refusal is not
// stored): the XML is an NFC-e as we write it, its key, series, number, tpEmis 9 and dhEmi
// are the request's, the emitter and environment the store's, the sale is this store's and
// was sold by that till, the series is the till's, and the signature verifies with the
// certificate sent. Then the till's key: tillKeyStanding at the note's dhEmi. A key removed
// (or unknown, or out of force) before the note was signed refuses it, and that refusal IS
// kept: the note is written 'rejeitada' with the reason (never sent), so an admin sees it in
// Notas Fiscais and in the dashboard's count of rejected notes; the number is taken too.
//
// keepContingencyNote writes it, once: the same note again (same bytes) answers the note as
// it is now; the same number or key with other bytes is a 409. A sale whose note the server
// issued (tpEmis 1, in any state: typically sent online without an answer, the note in
// doubt) gets the till's note as its live one, and the server's is marked replaced by it in
// the same transaction (the queue then resolves it: queued-replaced-note.ts). A sale whose
// live note is already a till's is a 409 (a sale never gets two till notes). The series' next
// number becomes max(next, number + 1) in the same transaction, and the sale's 'sem nota'
// reason (fiscal_unissued) is gone. The queue sends contingency notes oldest first: their
// next_attempt_at is their dhEmi.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { FISCAL_NOTE_STATUS_LABELS, TP_AMB, type ContingencyNoteUpload } from '../../shared/contract';
import { verifyXmlSignature } from '../../shared/fiscal/xml-dsig-verify';
import { inTransaction, type Db, type DbOrTx } from '../db/client';
import { devices, fiscalNotes, fiscalSeries, fiscalUnissued, sales, type FiscalNoteRow } from '../db/schema';
import { AppError, badRequest, conflict } from '../errors';
import { readContingencyXml, NOT_AN_NFCE, type ContingencyXml } from './contingency-xml';
import { readFiscalSettings } from './fiscal-settings';
import { receiptOf } from './note-receipt';
import { tillKeyStanding } from './till-keys';

/** How far ahead of the server's clock a till's dhEmi may be. */
const CLOCK_SLACK_MS = 5 * 60_000;

export const CONTINGENCY_MESSAGES = {
  notAnNfce: NOT_AN_NFCE,
  key: 'A chave de acesso enviada não é a do XML (Id da infNFe): a nota não foi aceita.',
  field: (what: string) => `${what} do XML não confere com o enviado: a nota não foi aceita.`,
  notContingency: 'A nota não foi emitida em contingência off-line (tpEmis 9): só estas o caixa envia já assinadas.',
  notNfce: 'O XML não é de uma NFC-e (modelo 65).',
  emitter: 'A nota é de outro emitente (o CNPJ não é o da loja): a nota não foi aceita.',
  environment: (note: string, store: string) =>
    `A nota é do ambiente de ${note}, e a loja emite em ${store}: a nota não foi aceita.`,
  future: 'A data de emissão da nota está no futuro: confira a data e a hora do caixa.',
  noSale: 'A venda desta nota não foi encontrada nesta loja: envie a venda antes da nota.',
  otherTill: 'Esta venda foi feita por outro caixa: a nota deste caixa não foi aceita.',
  noSeries: 'Este caixa não tem série de NFC-e: defina-a em Configurações > Fiscal.',
  series: (sent: number, own: number) => `A série ${sent} não é a deste caixa (série ${own}): a nota não foi aceita.`,
  signature: (problem: string) => `A assinatura da nota não confere: ${problem} A nota não foi aceita.`,
  sameNumber: (series: number, number: number) =>
    `A nota nº ${number} da série ${series} já foi recebida com outro conteúdo: a nota não foi aceita.`,
  saleHasNote: (number: number, status: string) =>
    `Esta venda já tem a NFC-e nº ${number} (${status.toLowerCase()}): uma venda não fica com duas notas.`,
} as const;

const ENVIRONMENT_NAME = { 1: 'produção', 2: 'homologação' } as const;

/** A note checked and ready to keep: its row, and why its key refuses it (null: accepted). */
export interface CheckedContingencyNote {
  row: typeof fiscalNotes.$inferInsert;
  refusal: string | null;
}

/** Checks what a till sent; throws the refusal (400) that is not kept. */
export async function checkContingencyNote(
  db: DbOrTx,
  tenantId: string,
  body: ContingencyNoteUpload,
  now = new Date(),
): Promise<CheckedContingencyNote> {
  const note = readContingencyXml(body.xml);
  if (!note) throw badRequest(CONTINGENCY_MESSAGES.notAnNfce);
  if (note.key !== body.access_key) throw badRequest(CONTINGENCY_MESSAGES.key);
  if (note.model !== '65') throw badRequest(CONTINGENCY_MESSAGES.notNfce);
  if (note.emissionType !== 9 || !note.contingencyAt) throw badRequest(CONTINGENCY_MESSAGES.notContingency);
  if (note.series !== body.series) throw badRequest(CONTINGENCY_MESSAGES.field('A série'));
  if (note.number !== body.number) throw badRequest(CONTINGENCY_MESSAGES.field('O número'));
  if (note.issuedAt.getTime() !== new Date(body.issued_at).getTime())
    throw badRequest(CONTINGENCY_MESSAGES.field('A data de emissão (dhEmi)'));
  if (note.issuedAt.getTime() > now.getTime() + CLOCK_SLACK_MS) throw badRequest(CONTINGENCY_MESSAGES.future);
  const settings = await readFiscalSettings(db, tenantId);
  if (settings.emitter && note.emitterCnpj !== settings.emitter.cnpj) throw badRequest(CONTINGENCY_MESSAGES.emitter);
  const storeEnvironment = TP_AMB[settings.environment];
  if (note.environment !== storeEnvironment)
    throw badRequest(
      CONTINGENCY_MESSAGES.environment(ENVIRONMENT_NAME[note.environment], ENVIRONMENT_NAME[storeEnvironment]),
    );
  await checkSaleAndTill(db, tenantId, body);
  const der = new Uint8Array(Buffer.from(body.certificate_der, 'base64'));
  const signature = await verifyXmlSignature(body.xml, 'infNFe', der);
  if (!signature.ok) throw badRequest(CONTINGENCY_MESSAGES.signature(signature.problem));
  const standing = await tillKeyStanding(db, tenantId, body.device_id, der, note.issuedAt);
  return {
    row: rowOf(tenantId, body, note, settings.environment, standing.valid ? standing.keyId : null),
    refusal: standing.valid ? null : `${standing.message} A nota não foi aceita.`,
  };
}

async function checkSaleAndTill(db: DbOrTx, tenantId: string, body: ContingencyNoteUpload): Promise<void> {
  const [sale] = await db
    .select({ deviceId: sales.deviceId })
    .from(sales)
    .where(and(eq(sales.tenantId, tenantId), eq(sales.id, body.sale_id)));
  if (!sale) throw badRequest(CONTINGENCY_MESSAGES.noSale);
  if (sale.deviceId !== body.device_id) throw badRequest(CONTINGENCY_MESSAGES.otherTill);
  const [till] = await db
    .select({ series: devices.nfceSeries })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, body.device_id)));
  if (till?.series == null) throw badRequest(CONTINGENCY_MESSAGES.noSeries);
  if (till.series !== body.series) throw badRequest(CONTINGENCY_MESSAGES.series(body.series, till.series));
}

function rowOf(
  tenantId: string,
  body: ContingencyNoteUpload,
  note: ContingencyXml,
  environment: FiscalNoteRow['environment'],
  tillKeyId: string | null,
): typeof fiscalNotes.$inferInsert {
  return {
    tenantId,
    saleId: body.sale_id,
    deviceId: body.device_id,
    environment,
    series: note.series,
    number: note.number,
    key: note.key,
    numericCode: note.numericCode,
    issuedAt: note.issuedAt,
    issuedAtLocal: note.issuedAtLocal,
    status: 'pendente',
    xml: body.xml,
    qrCode: note.qrCode,
    urlChave: note.urlChave,
    customerDocument: note.customerDocument,
    total: note.total,
    change: note.change,
    approximateTaxes: note.approximateTaxes,
    // Sent oldest first: the queue orders by next_attempt_at.
    nextAttemptAt: note.issuedAt,
    emissionType: 9,
    contingencyAt: note.contingencyAt,
    contingencyReason: note.contingencyReason,
    tillKeyId,
  };
}

/**
 * Writes the checked note once (its status 'pendente', or 'rejeitada' with the key's
 * refusal) and answers it as it is now. The same note kept before answers itself.
 */
export async function keepContingencyNote(
  db: DbOrTx,
  tenantId: string,
  { row, refusal }: CheckedContingencyNote,
  tx?: DbOrTx,
): Promise<FiscalNoteRow> {
  return inTransaction(db, tx, async (t) => {
    const values = refusal ? { ...row, status: 'rejeitada' as const, reason: refusal, tillKeyId: null } : row;
    // A note refused by its key never stands for the sale: it replaces nothing.
    const replaced = refusal ? null : await replaceableNote(t, tenantId, row);
    const id = randomUUID();
    // Replaced first, so the sale's one live note is the new one (the reference is checked at
    // commit); due now, so the queue resolves it at once, never sending it again.
    if (replaced)
      await t
        .update(fiscalNotes)
        .set({ replacedBy: id, nextAttemptAt: new Date(), updatedAt: new Date() })
        .where(and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.id, replaced.id)));
    const [inserted] = await t
      .insert(fiscalNotes)
      .values({ ...values, id })
      .onConflictDoNothing()
      .returning();
    // Its number or key taken: the same note kept before (then it was the sale's live note,
    // and nothing was replaced), or a 409 that undoes the replacement with the transaction.
    if (!inserted) return sameNoteKept(t, tenantId, row);
    await t
      .insert(fiscalSeries)
      .values({ tenantId, environment: row.environment, series: row.series, nextNumber: row.number + 1 })
      .onConflictDoUpdate({
        target: [fiscalSeries.tenantId, fiscalSeries.environment, fiscalSeries.series],
        set: { nextNumber: sql`greatest(${fiscalSeries.nextNumber}, excluded.next_number)` },
      });
    await t
      .delete(fiscalUnissued)
      .where(and(eq(fiscalUnissued.tenantId, tenantId), eq(fiscalUnissued.saleId, row.saleId!)));
    return inserted;
  });
}

/**
 * The sale's live note that the till's note replaces, locked: one the server issued (tpEmis 1),
 * whatever its state (the note in doubt: the till got no answer for it). A live note of the
 * till's own, or this very note, is left to sameNoteKept (the same note again, or a 409).
 */
async function replaceableNote(t: DbOrTx, tenantId: string, row: typeof fiscalNotes.$inferInsert) {
  const [live] = await t
    .select({ id: fiscalNotes.id, key: fiscalNotes.key, emissionType: fiscalNotes.emissionType })
    .from(fiscalNotes)
    .where(and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.saleId, row.saleId!), isNull(fiscalNotes.replacedBy)))
    .for('update');
  return live && live.emissionType === 1 && live.key !== row.key ? live : null;
}

/** The note that took this number, key or sale: the same one (same bytes) or a 409. */
async function sameNoteKept(t: DbOrTx, tenantId: string, row: typeof fiscalNotes.$inferInsert) {
  const found = await t
    .select()
    .from(fiscalNotes)
    .where(
      and(
        eq(fiscalNotes.tenantId, tenantId),
        or(
          and(
            eq(fiscalNotes.environment, row.environment),
            eq(fiscalNotes.series, row.series),
            eq(fiscalNotes.number, row.number),
          ),
          eq(fiscalNotes.key, row.key),
          eq(fiscalNotes.saleId, row.saleId!),
        ),
      ),
    );
  const same = found.find((n) => n.key === row.key && n.xml === row.xml && n.saleId === row.saleId);
  if (same) return same;
  const bySale = found.find((n) => n.saleId === row.saleId && n.replacedBy === null && n.number !== row.number);
  if (bySale) throw conflict(CONTINGENCY_MESSAGES.saleHasNote(bySale.number, FISCAL_NOTE_STATUS_LABELS[bySale.status]));
  throw conflict(CONTINGENCY_MESSAGES.sameNumber(row.series, row.number));
}

/**
 * The route's two steps: a note refused by its key is kept (its own transaction, before the
 * Idempotency-Key's) and answered 400 with the reason; an accepted one goes on to `run`.
 */
export async function intakeRefusedByKey(db: Db, tenantId: string, checked: CheckedContingencyNote): Promise<void> {
  if (!checked.refusal) return;
  const kept = await keepContingencyNote(db, tenantId, checked);
  const reason = kept.status === 'rejeitada' && kept.reason ? kept.reason : checked.refusal;
  throw new AppError('VALIDATION', reason, { note: receiptOf(kept) });
}
