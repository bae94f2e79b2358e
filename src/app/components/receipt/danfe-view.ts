// What the DANFE NFC-e prints (Manual do DANFE NFC-e e QR Code), as one plain view built
// from a sale's receipt view (receipt-view.ts: its lines, totals and payments), its note
// (contract FiscalNoteReceipt, SaleSchema.fiscal_note) and the emitter's public data (GET
// /api/fiscal/till). Money in centavos; src/app/danfe/danfe.tsx only lays it out. Item codes and units
// come from the products as the device knows them (the SKU is the note's cProd). A note issued
// in offline contingency (tpEmis 9) and not authorized yet says so by the consulta, has no
// protocol and prints the store's copy after the consumer's, unless the store keeps its
// contingency notes electronically (guarda eletrônica); once authorized it prints as any other.
import type { DanfeEmitter } from '../../../shared/contract/fiscal-till';
import { emissionTypeOf, type KeptFiscalNoteReceipt } from '../../../shared/contract/fiscal-notes';
import { formatDocument } from '../../../shared/documents';
import { HOMOLOGACAO_FIRST_ITEM } from '../../../shared/fiscal/nfce-xml';
import type { ReceiptView } from './receipt-view';

export const DANFE_TITLE = 'DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica';
export const HOMOLOGATION_TEXT = 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL';
export const UNIDENTIFIED_CONSUMER = 'CONSUMIDOR NÃO IDENTIFICADO';
export const PENDING_TEXT = 'NFC-e pendente de autorização';
export const CONSULT_TEXT = 'Consulte pela Chave de Acesso em';
/** The manual's message of a note issued in offline contingency, until it is authorized. */
export const CONTINGENCY_TEXT = 'EMITIDA EM CONTINGÊNCIA';
export const CONTINGENCY_PENDING_TEXT = 'Pendente de autorização';
/** Each copy of a contingency DANFE says whose it is. */
export const CONSUMER_COPY = 'Via do Consumidor';
export const STORE_COPY = 'Via do Estabelecimento';

/** The note statuses a DANFE is printed for (a rejected or cancelled note prints the receipt). */
export const printsDanfe = (note: KeptFiscalNoteReceipt | null | undefined): note is KeptFiscalNoteReceipt =>
  note?.status === 'autorizada' || note?.status === 'pendente';

export interface DanfeLine {
  code: string;
  name: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  total: number;
}

export interface DanfeView {
  emitter: { legalName: string; tradeName: string | null; cnpj: string; ie: string; address: string } | null;
  homologation: boolean;
  lines: DanfeLine[];
  itemCount: number;
  /** Σ of the lines (vProd), the discounts (vDesc) and the value to pay (vNF). */
  subtotal: number;
  discount: number;
  total: number;
  /** Each payment with what was paid in it (a cash part: what was handed). */
  payments: { label: string; paid: number }[];
  change: number;
  urlChave: string;
  /** The access key in groups of four. */
  key: string;
  consumer: string;
  /** 'NFC-e nº 000000042 Série 007' */
  number: string;
  /** 'dd/MM/yyyy HH:mm:ss' as the note was issued (the state's time) */
  issuedAt: string;
  /** null while pending */
  protocol: { number: string; at: string } | null;
  /** A normal note not authorized yet: 'NFC-e pendente de autorização' where the protocol goes. */
  pending: boolean;
  /** Issued in offline contingency (tpEmis 9) and not authorized yet: the manual's message, no protocol. */
  contingency: boolean;
  /** The copies printed one after the other, each named on it; a single unnamed one outside contingency. */
  copies: (string | null)[];
  qrCode: string;
  approximateTaxes: number | null;
}

/** '2026-11-29T10:00:00-03:00' => '29/11/2026 10:00:00' (the wall time written in the note). */
export function noteDateTime(local: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(local);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : local;
}

export const keyInGroups = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key;

export function consumerText(document: string | null): string {
  if (!document) return UNIDENTIFIED_CONSUMER;
  return `CONSUMIDOR - ${document.length === 11 ? 'CPF' : 'CNPJ'} ${formatDocument(document)}`;
}

export interface ProductCode {
  code: string;
  unit: string;
}

export interface DanfeOptions {
  /** The store keeps its contingency notes electronically: no store's copy (GET /api/fiscal/till). */
  electronicCustody?: boolean;
}

/** The copies of a note's DANFE: the consumer's and, in contingency without electronic custody, the store's. */
export function danfeCopies(contingency: boolean, electronicCustody: boolean): (string | null)[] {
  if (!contingency) return [null];
  return electronicCustody ? [CONSUMER_COPY] : [CONSUMER_COPY, STORE_COPY];
}

export function danfeView(
  receipt: ReceiptView,
  note: KeptFiscalNoteReceipt,
  emitter: DanfeEmitter | null | undefined,
  /** Each line's product code and unit, in the receipt's order (undefined: not known here). */
  codes: readonly (ProductCode | undefined)[] = [],
  { electronicCustody = false }: DanfeOptions = {},
): DanfeView {
  // In homologação the note's first xProd is SEFAZ's fixed text (nfce-xml.ts): the DANFE prints the note.
  const homologation = note.environment === 'homologacao';
  const contingency = emissionTypeOf(note) === 9 && note.status === 'pendente';
  const lines = receipt.lines.map((l, i) => ({
    code: codes[i]?.code ?? '',
    name: homologation && i === 0 ? HOMOLOGACAO_FIRST_ITEM : l.name,
    quantity: l.quantity,
    unit: codes[i]?.unit ?? 'UN',
    unitPrice: l.unitPrice,
    total: l.gross,
  }));
  return {
    emitter: emitter
      ? {
          legalName: emitter.legal_name,
          tradeName: emitter.trade_name,
          cnpj: formatDocument(emitter.cnpj),
          ie: emitter.ie,
          address: emitter.address,
        }
      : null,
    homologation,
    lines,
    itemCount: lines.length,
    subtotal: receipt.subtotal,
    discount: receipt.discount,
    total: note.total,
    payments: receipt.payments.map((p) => ({ label: p.label, paid: p.received ?? p.amount })),
    change: note.change,
    urlChave: note.url_chave,
    key: keyInGroups(note.key),
    consumer: consumerText(note.customer_document),
    number: `NFC-e nº ${String(note.number).padStart(9, '0')} Série ${String(note.series).padStart(3, '0')}`,
    issuedAt: noteDateTime(note.issued_at_local),
    protocol:
      note.status === 'pendente' || !note.protocol
        ? null
        : { number: note.protocol, at: note.authorized_at ? noteDateTime(note.authorized_at) : '' },
    pending: note.status === 'pendente' && !contingency,
    contingency,
    copies: danfeCopies(contingency, electronicCustody),
    qrCode: note.qr_code,
    approximateTaxes: note.approximate_taxes,
  };
}
