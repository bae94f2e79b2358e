// What an NFC-e says, as the builder takes it: the store (emitter) and its settings, the
// sale's items, discount and payments, and the number the series gave it. Money in integer
// centavos, quantities as numbers with at most four decimals. Text as the store typed it:
// the builder makes it fiscal text (trimmed, one space, Latin-1).
import type { NfcePaymentMethod } from './payment-codes';
import type { Environment, QrVersion } from './sefaz';
import type { Uf } from './uf';

/** Simples Nacional (1) and MEI (4); the regime normal (3) is not emitted yet. */
export type Crt = 1 | 4;

/** CSOSN of a good sold by the Simples Nacional. */
export const NFCE_CSOSNS = ['102', '103', '300', '400', '500', '900'] as const;
export type Csosn = (typeof NFCE_CSOSNS)[number];

export interface NfceAddress {
  street: string;
  number: string;
  complement?: string | null;
  district: string;
  /** IBGE municipality code, 7 digits. */
  city_code: string;
  city_name: string;
  uf: Uf;
  /** 8 digits (punctuation allowed). */
  cep: string;
  phone?: string | null;
}

export interface NfceEmitter {
  /** 14 characters; the alphanumeric CNPJ too. */
  cnpj: string;
  legal_name: string;
  trade_name?: string | null;
  /** Inscrição estadual (digits; punctuation allowed). */
  ie: string;
  crt: Crt;
  address: NfceAddress;
}

/** The Responsável Técnico (infRespTec): who made the emitting software, for the state. */
export interface NfceTechResponsible {
  cnpj: string;
  contact: string;
  email: string;
  phone: string;
}

export interface NfceItem {
  /** cProd: the product's code in the store (SKU). */
  code: string;
  /** Its barcode; none, or one that is not a valid GTIN, is written 'SEM GTIN'. */
  barcode?: string | null;
  description: string;
  /** 8 digits. */
  ncm: string;
  /** 7 digits, for goods under substituição tributária. */
  cest?: string | null;
  /** 4 digits: 5102, 5405... */
  cfop: string;
  /** uCom: 'UN', 'KG'... (up to 6 characters). */
  unit: string;
  /** More than zero, at most four decimals. */
  quantity: number;
  /** Centavos. */
  unit_price: number;
  /** The discount given on this item, centavos. */
  discount?: number;
  /** Origem da mercadoria, 0 to 8. */
  origin: number;
  csosn: Csosn;
  /** Tributos aproximados (Lei 12.741/2012), centavos, when the store has the IBPT table. */
  approximate_taxes?: number | null;
}

export interface NfceCard {
  /** Paid through a terminal integrated with the till (TEF) rather than a stand-alone POS. */
  integrated: boolean;
  /** CNPJ of the card's acquirer. */
  acquirer_cnpj?: string | null;
  /** tBand, 2 digits. */
  brand?: string | null;
  /** cAut, the authorization code. */
  authorization?: string | null;
}

export interface NfcePayment {
  method: NfcePaymentMethod;
  /** What the part paid, centavos; a cash part may be more than its share (the change). */
  amount: number;
  /** For method 'other': what it was (xPag). */
  description?: string | null;
  card?: NfceCard | null;
}

export interface NfceCustomer {
  /** CPF or CNPJ, punctuation allowed. */
  document: string;
  name?: string | null;
}

/**
 * Offline contingency (tpEmis 9): the note made and signed at the till because SEFAZ could
 * not be reached; transmitted when it can be, by the state's deadline.
 */
export interface NfceContingency {
  /** dhCont: the instant the till entered contingency (ISO 8601), at or before the note's issued_at. */
  started_at: string;
  /** xJust: why, 15 to 256 characters once made fiscal text ('Sem conexão com a SEFAZ'). */
  reason: string;
}

export interface NfceNote {
  environment: Environment;
  series: number;
  number: number;
  /** The instant of emission (ISO 8601 with its offset or Z). */
  issued_at: string;
  /** cNF already drawn for this number (a note built again); drawn from the random source otherwise. */
  numeric_code?: string | null;
  emitter: NfceEmitter;
  customer?: NfceCustomer | null;
  items: readonly NfceItem[];
  /** The discount on the whole sale, centavos, shared out over the items. */
  discount?: number;
  payments: readonly NfcePayment[];
  tech_responsible: NfceTechResponsible;
  qr: { version: QrVersion; csc_id?: number | string | null; csc?: string | null };
  /** verProc: the emitting software's version. */
  app_version: string;
  /** infCpl: free text for the consumer. */
  additional_info?: string | null;
  /** Issued in offline contingency; absent (or null) for a note issued online. */
  contingency?: NfceContingency | null;
}
