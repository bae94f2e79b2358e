// Finishing a sale when the till must issue its NFC-e itself (finish-sale.ts with
// contingency-sale.ts), on fake-indexeddb with Node's WebCrypto, the test A1's key kept not
// extractable and the network faked at the client. Offline, the sale is kept with the
// contingency marker, its receipt carries the note (tpEmis 9, pendente, the QR v3) and the
// note's upload is queued after it, its signature verifying with the certificate. No answer
// to the online attempt: the number the server may have used is left to it. Notes queued:
// the till stays in contingency. No key: the sale goes as before, after the queued notes.
// Online, the server's note not authorized in time: the till issues the next number and the
// server replaces its note by it. The outbox's answers: the server's note replaces the till's
// receipt note; a refusal marks it rejected with why; a replayed sale's own note never
// replaces the till's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContingencyNoteUploadSchema } from '../../shared/contract/fiscal-contingency-notes';
import { FiscalNoteReceiptSchema } from '../../shared/contract/fiscal-notes';
import { makeA1, removeA1Files } from '../../shared/fiscal/test/a1-files';
import { verifyXmlSignature } from '../../shared/fiscal/xml-dsig-verify';
import { TimeoutError } from '../lib/api-error';
import type { ApiClient } from '../lib/api-client';
import type { BalcaoDb, LocalSale, OutboxEntry } from '../offline/db';
import { putNewerProducts } from '../offline/product-store';
import { META_DEVICE_CODE } from '../offline/sale-numbers';
import { drainOutbox } from '../offline/sender';
import type { SendResult } from '../lib/retry-policy';
import { keepTestKey, mirrorRow, TILL_CNPJ, TILL_VIEW } from '../test/contingency-till';
import { freshDevices } from '../test/device-db';
import { saleBody } from '../test/sale-body';
import { queuedContingencyNotes } from './contingency-queue';
import { OFFLINE_REASON, UNANSWERED_REASON } from './contingency-sale';
import { finishSale } from './finish-sale';
import './outbox-kinds';

const openDb = freshDevices('contingency');
const shirt = mirrorRow({ name: 'Camiseta', ncm: '61091000' });
const bare = mirrorRow({ name: 'Caneca', ncm: null });

let a1: ReturnType<typeof makeA1>;
beforeAll(() => {
  a1 = makeA1({ cnpj: TILL_CNPJ });
});
afterAll(() => removeA1Files());

/** A till with its code (its sales are numbered), the mirror and, unless `key: false`, the key. */
async function till({ key = true } = {}): Promise<BalcaoDb> {
  const db = openDb();
  await db.meta.put({ key: META_DEVICE_CODE, value: 'A' });
  await putNewerProducts(db, [shirt, bare]);
  if (key) await keepTestKey(db, a1);
  return db;
}

function input(product = shirt) {
  const sale: Omit<LocalSale, 'state' | 'conflicts'> = {
    id: crypto.randomUUID(),
    createdAt: Date.now(),
    customerName: 'Consumidor final',
    totalCentavos: 5000,
    paymentMethod: 'cash',
    items: [{ product_id: product.id, product_name: product.name, quantity: 2, unit_price_centavos: 2500 }],
    receipt: { cashierName: 'Caixa', customerDocument: null, discountCentavos: 0, payments: [], crediario: null },
  };
  return { sale, body: saleBody(sale), summary: 'Venda', fiscal: TILL_VIEW };
}

const silent: Pick<ApiClient, 'send'> = {
  send: async () => {
    throw new TimeoutError();
  },
};
const unused: Pick<ApiClient, 'send'> = {
  send: async () => {
    throw new Error('the till must not send this sale directly');
  },
};

const outbox = (db: BalcaoDb) => db.outbox.orderBy('seq').toArray();
const noteOf = async (db: BalcaoDb, saleId: string) => (await db.sales.get(saleId))?.receipt?.fiscalNote;
const uploadOf = (body: unknown) => z.decode(ContingencyNoteUploadSchema, body as z.input<typeof ContingencyNoteUploadSchema>);

describe('a sale the till finishes in offline contingency', () => {
  it('offline: the sale carries the marker, the receipt the signed note, and its upload is queued after the sale', async () => {
    const db = await till();
    const sale = input();
    expect(await finishSale(db, unused, sale, { online: false })).toEqual({ kind: 'queued' });

    const [saleRow, noteRow] = await outbox(db);
    expect(saleRow).toMatchObject({ id: sale.sale.id, kind: 'sale' });
    expect(noteRow).toMatchObject({ kind: 'fiscal-note', path: '/api/fiscal/contingency-notes', dependsOn: [sale.sale.id] }); // prettier-ignore
    const upload = uploadOf(noteRow!.body);
    // The server's next number (12) is larger than the till's own first.
    expect(upload).toMatchObject({ sale_id: sale.sale.id, series: 3, number: 12 });
    expect(saleRow!.body).toMatchObject({ fiscal_contingency: { series: 3, number: 12, key: upload.access_key } });
    expect(upload.access_key[34]).toBe('9');
    expect(upload.xml).toContain(`<xJust>${OFFLINE_REASON}</xJust>`);
    // The moment the upload names is the note's dhEmi (written to the second).
    const dhEmi = /<dhEmi>([^<]+)<\/dhEmi>/.exec(upload.xml)![1]!;
    expect(new Date(upload.issued_at).getTime()).toBe(Date.parse(dhEmi));
    const check = await verifyXmlSignature(upload.xml, 'infNFe', Buffer.from(upload.certificate_der, 'base64'));
    expect(check).toMatchObject({ ok: true, id: `NFe${upload.access_key}` });

    // The DANFE prints from the receipt: pending, tpEmis 9, no protocol, the QR v3 offline.
    const note = await noteOf(db, sale.sale.id);
    expect(note).toMatchObject({ id: noteRow!.id, status: 'pendente', emission_type: 9, key: upload.access_key, protocol: null, total: 5000 }); // prettier-ignore
    expect(note!.qr_code).toMatch(new RegExp(`\\?p=${upload.access_key}\\|3\\|2\\|`));
  });

  it('two sales offline: consecutive numbers, and the second entered contingency when the first did', async () => {
    const db = await till();
    expect(await queuedContingencyNotes(db)).toBeNull();
    await finishSale(db, unused, input(), { online: false });
    await finishSale(db, unused, input(), { online: false });
    const uploads = (await outbox(db)).filter((e) => e.kind === 'fiscal-note').map((e) => uploadOf(e.body));
    expect(uploads.map((u) => u.number)).toEqual([12, 13]);
    const dhCont = (xml: string) => /<dhCont>([^<]+)<\/dhCont>/.exec(xml)?.[1];
    expect(dhCont(uploads[1]!.xml)).toBe(dhCont(uploads[0]!.xml));
    // What Nova Venda says of them: two, the first one's deadline.
    expect(await queuedContingencyNotes(db)).toEqual({ count: 2, oldestIssuedAt: uploads[0]!.issued_at });
    // The first delivered: one left, the second's.
    const [first] = (await outbox(db)).filter((e) => e.kind === 'fiscal-note');
    await db.outbox.delete(first!.seq!);
    expect(await queuedContingencyNotes(db)).toEqual({ count: 1, oldestIssuedAt: uploads[1]!.issued_at });
  });

  it('no answer to the online attempt: the number the server may have given it is skipped (the note in doubt)', async () => {
    const db = await till();
    const sale = input();
    expect(await finishSale(db, silent, sale, { online: true })).toEqual({ kind: 'queued' });
    const upload = uploadOf((await outbox(db)).find((e) => e.kind === 'fiscal-note')!.body);
    expect(upload.number).toBe(13);
    expect(upload.xml).toContain(`<xJust>${UNANSWERED_REASON}</xJust>`);
  });

  it("online, the server's note N not authorized in time: the till issues N+1 and queues it for the delivered sale", async () => {
    const db = await till();
    const sale = input();
    const pendingN = z.encode(FiscalNoteReceiptSchema, {
      id: crypto.randomUUID(), status: 'pendente', environment: 'homologacao', series: 3, number: 20,
      key: '35261111222333000181650030000000201000000200', emission_type: 1, issued_at_local: '2026-11-30T10:00:00-03:00',
      protocol: null, authorized_at: null, qr_code: 'qr', url_chave: 'url', customer_document: null,
      approximate_taxes: null, total: 5000, change: 0, cstat: null, reason: null,
    }); // prettier-ignore
    const waited: (number | undefined)[] = [];
    const server: Pick<ApiClient, 'send'> = {
      send: async (_method, _path, options = {}) => {
        waited.push(options.timeoutMs);
        const body = options.body as { id: string };
        return { success: true, data: { id: body.id, stock_conflicts: [], stock_after: [], fiscal_note: pendingN } };
      },
    };
    expect(await finishSale(db, server, sale, { online: true })).toEqual({ kind: 'delivered' });
    // The till waited the store's time for SEFAZ (15 s) on top of its own for the sale (6 s).
    expect(waited).toEqual([21_000]);
    const rows = await outbox(db);
    expect(rows.map((e) => e.kind)).toEqual(['fiscal-note']);
    const upload = uploadOf(rows[0]!.body);
    expect(upload).toMatchObject({ sale_id: sale.sale.id, series: 3, number: 21 });
    expect(await noteOf(db, sale.sale.id)).toMatchObject({ number: 21, emission_type: 9, status: 'pendente' });
    // An authorized note, or another till's series: nothing more.
    const other = await till();
    const authorized = { ...pendingN, status: 'autorizada' };
    await finishSale(other, { send: async (_m, _p, o = {}) => ({ success: true, data: { id: (o.body as { id: string }).id, stock_conflicts: [], stock_after: [], fiscal_note: authorized } }) }, input(), { online: true }); // prettier-ignore
    expect(await other.outbox.count()).toBe(0);
  });

  it('online with notes still queued: the till stays in contingency and sends nothing directly', async () => {
    const db = await till();
    await finishSale(db, unused, input(), { online: false });
    expect(await finishSale(db, unused, input(), { online: true })).toEqual({ kind: 'queued' });
    expect((await outbox(db)).map((e) => e.kind)).toEqual(['sale', 'fiscal-note', 'sale', 'fiscal-note']);
  });

  it('no key, or a product without NCM: the sale goes as before, after the notes still queued, and takes no number', async () => {
    const db = await till();
    await finishSale(db, unused, input(), { online: false });
    const noNcm = input(bare);
    await finishSale(db, unused, noNcm, { online: false });
    const rows = await outbox(db);
    expect(rows.map((e) => e.kind)).toEqual(['sale', 'fiscal-note', 'sale']);
    expect(rows[2]!.body).not.toHaveProperty('fiscal_contingency');
    expect(rows[2]!.dependsOn).toEqual([rows[1]!.id]);
    expect(await noteOf(db, noNcm.sale.id)).toBeUndefined();

    const keyless = await till({ key: false });
    await finishSale(keyless, unused, input(), { online: false });
    expect((await outbox(keyless)).map((e) => e.kind)).toEqual(['sale']);
    // The first note the keyless till makes, once it has its key, still takes the first number.
    await keepTestKey(keyless, a1);
    await finishSale(keyless, unused, input(), { online: false });
    expect(uploadOf((await outbox(keyless)).find((e) => e.kind === 'fiscal-note')!.body).number).toBe(12);
  });

  it('a note the server refused holds nothing: not counted, the till sends directly again, a sale without a note does not wait for it', async () => {
    const db = await till();
    await finishSale(db, unused, input(), { online: false });
    const [, noteRow] = await outbox(db);
    // Refused (say, the till's key removed before it signed): kept for the admin, marked so.
    await drainOutbox(db, {
      send: async (entry) =>
        entry.kind === 'sale'
          ? { kind: 'ok', status: 201, body: { success: true, data: { id: entry.id, stock_conflicts: [], stock_after: [] } } } // prettier-ignore
          : { kind: 'http', status: 400, code: 'VALIDATION', error: 'A chave deste caixa foi removida.' },
    });
    expect(await db.outbox.get(noteRow!.seq!)).toMatchObject({ status: 'rejected' });
    expect(await queuedContingencyNotes(db)).toBeNull();
    const sent: string[] = [];
    const online: Pick<ApiClient, 'send'> = {
      send: async (_m, path, options = {}) => {
        sent.push(path);
        return { success: true, data: { id: (options.body as { id: string }).id, stock_conflicts: [], stock_after: [] } };
      },
    };
    expect(await finishSale(db, online, input(), { online: true })).toEqual({ kind: 'delivered' });
    expect(sent).toEqual(['/sales']);
    const noNcm = input(bare);
    await finishSale(db, unused, noNcm, { online: false });
    expect((await db.outbox.get({ id: noNcm.sale.id }))!.dependsOn).toEqual([]);
  });

  it("the store not emitting: the sale is queued as before", async () => {
    const db = await till();
    await finishSale(db, unused, { ...input(), fiscal: { ...TILL_VIEW, emission_enabled: false } }, { online: false });
    expect((await outbox(db)).map((e) => e.kind)).toEqual(['sale']);
  });
});

describe('the outbox delivers the note', () => {
  const serverNote = (upload: z.infer<typeof ContingencyNoteUploadSchema>, status: string) =>
    z.encode(FiscalNoteReceiptSchema, {
      id: crypto.randomUUID(), status: status as 'pendente', environment: 'homologacao', series: upload.series,
      number: upload.number, key: upload.access_key, emission_type: 9, issued_at_local: '2026-11-30T10:00:00-03:00',
      protocol: status === 'autorizada' ? '135260000000001' : null, authorized_at: null, qr_code: 'qr', url_chave: 'url',
      customer_document: null, approximate_taxes: null, total: 5000, change: 0, cstat: null, reason: null,
    }); // prettier-ignore

  it("the sale's answer leaves the till's note; the note's answer replaces it; a refusal marks it rejected with why", async () => {
    const db = await till();
    const accepted = input();
    const refused = input();
    await finishSale(db, unused, accepted, { online: false });
    await finishSale(db, unused, refused, { online: false });
    const uploads = (await outbox(db)).filter((e) => e.kind === 'fiscal-note').map((e) => uploadOf(e.body));
    // Each entry as the server answers it (the outbox's transport: no batch here).
    const send = async (entry: OutboxEntry): Promise<SendResult> => {
      const body = entry.body as { id?: string; sale_id?: string };
      if (entry.kind === 'sale') {
        // A replayed sale answers the note the server made of an earlier, unanswered attempt.
        const made = serverNote({ ...uploads[0]!, number: 11 }, 'autorizada');
        return { kind: 'ok', status: 201, body: { success: true, data: { id: body.id, stock_conflicts: [], stock_after: [], fiscal_note: made } } }; // prettier-ignore
      }
      if (body.sale_id === refused.sale.id)
        return { kind: 'http', status: 400, code: 'BAD_REQUEST', error: 'A chave deste caixa foi removida.' };
      return { kind: 'ok', status: 201, body: { success: true, data: serverNote(uploads[0]!, 'autorizada') } };
    };
    // First the sales arrive and the notes find no network: the receipts keep the till's notes.
    await drainOutbox(db, {
      send: async (entry) => (entry.kind === 'sale' ? send(entry) : { kind: 'network', error: 'sem rede' }),
    });
    expect(await noteOf(db, accepted.sale.id)).toMatchObject({ status: 'pendente', number: 12, emission_type: 9 });
    await drainOutbox(db, { send, now: () => Date.now() + 3_600_000 });
    expect(await db.outbox.where('status').equals('pending').count()).toBe(0);
    expect(await noteOf(db, accepted.sale.id)).toMatchObject({ status: 'autorizada', number: 12, protocol: '135260000000001' }); // prettier-ignore
    expect(await noteOf(db, refused.sale.id)).toMatchObject({ status: 'rejeitada', number: 13, reason: 'A chave deste caixa foi removida.' }); // prettier-ignore
  });
});
