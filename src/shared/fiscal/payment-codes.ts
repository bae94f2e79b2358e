// How each way Balcão takes money is written in the NFC-e's pag/detPag: its code in the
// official table of payment means (tPag) and whether the card group goes with it. One
// entry per method; the builder reads the table and never branches on a method.
import type { SalePartMethod } from '../contract/payments';

/** The methods a note's payment may have: the sale's parts, crediário, and 'other' (tPag 99, described). */
export type NfcePaymentMethod = SalePartMethod | 'crediario' | 'other';

export interface PaymentCode {
  /** tPag. */
  code: string;
  /** The official name, for the DANFE. */
  label: string;
  /** The card group (card/tpIntegra...) is required with this code. */
  card: boolean;
  /** xPag (the description) is required with this code. */
  described: boolean;
}

export const NFCE_PAYMENT_CODES: Readonly<Record<NfcePaymentMethod, PaymentCode>> = {
  cash: { code: '01', label: 'Dinheiro', card: false, described: false },
  credit_card: { code: '03', label: 'Cartão de Crédito', card: true, described: false },
  debit_card: { code: '04', label: 'Cartão de Débito', card: true, described: false },
  // The till shows the store's own key (a static Pix): 20, not 17 (dinâmico, from a PSP's charge).
  pix: { code: '20', label: 'Pagamento Instantâneo (PIX) - Estático', card: false, described: false },
  transfer: { code: '18', label: 'Transferência bancária, Carteira Digital', card: false, described: false },
  // Crediário is the store's own credit: 05 'Cartão da Loja (Private Label), Crediário Digital, Outros Crediários'.
  crediario: { code: '05', label: 'Crediário', card: false, described: false },
  // The vale-troca is credit the store owes the customer from a return: 21 'Crédito em Loja'.
  store_credit: { code: '21', label: 'Crédito em Loja', card: false, described: false },
  other: { code: '99', label: 'Outros', card: false, described: true },
};
