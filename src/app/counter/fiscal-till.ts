// What this till needs to emit NFC-e (GET /api/fiscal/till/{device id}, fiscal-till.ts on
// the server): emission on or off, the environment, its series, the CPF/CNPJ threshold, the
// emitter's public data for the DANFE, the products without NCM, and which contingency key
// the till is registered as holding (one it keeps that the server no longer lists is
// dropped: counter/till-key.ts), and what the till needs to make a note itself in offline
// contingency (note_issuer, tax_rates, next_number: counter/contingency-note.ts). Never the
// CSC nor the server's certificate. A query like
// the store's settings: the query cache keeps it on the device (offline/query-persister.ts),
// so the till still knows it offline.
import { useQuery } from '@tanstack/react-query';
import { FiscalTillResponseSchema, type FiscalTillView } from '../../shared/contract/fiscal-till';
import { NoteDocument } from '../../shared/contract/fiscal-notes';
import { formatBRL } from '../../shared/money';
import { api } from '../lib/api';
import { getDb } from '../offline/db';
import { deviceIdentity } from '../offline/device-identity';
import { screenPainted } from '../offline/screen-painted';
import { dropRemovedTillKey } from './till-key';

export const fiscalTillKey = ['fiscal', 'till'] as const;

export async function fetchFiscalTill(): Promise<FiscalTillView> {
  // The device's id is in its database, which waits for the first signed-in paint (screen-painted.ts).
  await screenPainted();
  const db = getDb();
  const device = await deviceIdentity(db);
  const askedAt = Date.now();
  const view = await api.get(FiscalTillResponseSchema, `/fiscal/till/${device.id}`).then((r) => r.data);
  // A contingency key an admin removed from this till is dropped as soon as the till hears so.
  await dropRemovedTillKey(db, view.signing_key, askedAt);
  return view;
}

export function useFiscalTill() {
  // Back online, the till asks again whatever the age of its answer: a contingency key an
  // admin removed while it was offline is dropped at once.
  return useQuery({ queryKey: fiscalTillKey, queryFn: fetchFiscalTill, refetchOnReconnect: 'always' });
}

/** What the till asks of 'CPF na nota?' for a sale: null when it does not ask (emission off). */
export interface NoteDocumentRule {
  /** centavos: from this total the CPF/CNPJ is required. */
  threshold: number;
}

export function noteDocumentRule(view: FiscalTillView | undefined): NoteDocumentRule | null {
  return view?.emission_enabled ? { threshold: view.consumer_document_threshold } : null;
}

export const documentRequiredText = (threshold: number) =>
  `Informe o CPF ou o CNPJ do consumidor: obrigatório na NFC-e em vendas a partir de ${formatBRL(threshold)}.`;

/** Why 'CPF na nota?' as typed keeps the sale from finishing (null: it may finish). */
export function noteDocumentProblem(typed: string, total: number, rule: NoteDocumentRule | null): string | null {
  if (!rule) return null;
  if (typed.trim() === '') return total >= rule.threshold ? documentRequiredText(rule.threshold) : null;
  const parsed = NoteDocument.safeParse(typed);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'CPF ou CNPJ inválido');
}

/** The bare document the sale carries (fiscal_document), or undefined for none. */
export function noteDocumentOf(typed: string, rule: NoteDocumentRule | null): string | undefined {
  if (!rule || typed.trim() === '') return undefined;
  const parsed = NoteDocument.safeParse(typed);
  return parsed.success ? parsed.data : undefined;
}
