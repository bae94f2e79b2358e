// The one seam between 'Reenviar' of a rejected note and the emission: what the note says,
// made again from its sale with today's product data and fiscal settings. The emission
// owns that mapping (sale to NfceNote) and is its only writer; this file only names what
// the resend needs of it.
//
// TODO(lead): when the emission lands, pass its mapping to buildApp as `rebuildNote` (in
// server.ts, and in the tests that resend a rejected note against a real sale). Until
// then a rejected note's 'Reenviar' answers NO_REBUILDER.
import type { FiscalEnvironment } from '../../../shared/contract/fiscal-notes';
import type { NfceNote } from '../../../shared/fiscal/nfce-note';
import type { DbOrTx } from '../../db/client';

export interface NoteToRebuild {
  tenantId: string;
  saleId: string;
  environment: FiscalEnvironment;
  series: number;
  number: number;
}

/**
 * The note of the sale as it would be built today: its items with the products' current
 * fiscal data, its payments, its customer, the store's emitter and QR settings. The
 * resend sets series, number, environment, issued_at and numeric_code itself.
 */
export type NoteRebuilder = (t: DbOrTx, note: NoteToRebuild) => Promise<NfceNote>;

export const NO_REBUILDER =
  'Esta versão do servidor ainda não refaz notas rejeitadas. Corrija o problema e fale com o suporte.';
export const NO_SALE_TO_REBUILD = 'Esta nota não tem venda no Balcão de onde ser refeita.';
