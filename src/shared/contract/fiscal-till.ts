// What a till learns to emit NFC-e (GET /api/fiscal/till/{device id}, anyone signed in),
// apart from the fiscal settings' contract (fiscal-settings.ts), which the till's first load
// does without: emission on or off, the environment, its series, the CPF/CNPJ threshold,
// the emitter's public data every DANFE prints, the contingency settings, the products
// without NCM and which contingency key (certificate) the till is registered as holding.
// No secret.
import { z } from 'zod';
import { Id, Timestamp, envelope } from './common';
import { FISCAL_ENVIRONMENTS } from './fiscal-notes';
import { CONTINGENCY_DEADLINE_HOURS_DEFAULT } from './fiscal-settings';

/** The emitter as every DANFE prints it (public data: no secret). */
export const DanfeEmitterSchema = z.object({
  legal_name: z.string(),
  trade_name: z.string().nullable(),
  /** Bare (14 characters; the alphanumeric CNPJ too). */
  cnpj: z.string(),
  ie: z.string(),
  /** 'Rua X, 10, Sala 2 - Centro - São Paulo/SP - CEP 01001-000' */
  address: z.string(),
});
export type DanfeEmitter = z.infer<typeof DanfeEmitterSchema>;

/** The till keeps it for offline use like the store's settings (app/counter/fiscal-till.ts). */
export const FiscalTillViewSchema = z.object({
  emission_enabled: z.boolean(),
  environment: z.enum(FISCAL_ENVIRONMENTS),
  /** This till's series; null: none set (it cannot emit). */
  series: z.int().nullable(),
  /** centavos: from this sale total the consumer's CPF/CNPJ is required. */
  consumer_document_threshold: z.int(),
  /** null until Configurações > Fiscal has the emitter. */
  emitter: DanfeEmitterSchema.nullable(),
  /**
   * Guarda eletrônica: a contingency DANFE prints the consumer's copy only. An answer or a
   * view kept on the device from before this field has none: the store's copy is printed
   * (the safe side).
   */
  contingency_electronic_custody: z.boolean().default(false),
  /** Hours after the issue within which a contingency note must reach SEFAZ (the default when absent). */
  contingency_deadline_hours: z.int().default(CONTINGENCY_DEADLINE_HOURS_DEFAULT),
  /** Products without NCM (they cannot go on a note): how many, and the first ids. */
  products_without_ncm: z.object({ count: z.int(), ids: z.array(Id) }),
  /**
   * The contingency signing key this till is registered as holding (fiscal-till-keys.ts);
   * null: none, or removed by an admin (the till then drops the one it keeps); absent: an
   * older server that does not know of it (the till keeps its key and its fiscal view).
   */
  signing_key: z.object({ fingerprint: z.string(), not_after: Timestamp }).nullable().optional(),
});
export type FiscalTillView = z.infer<typeof FiscalTillViewSchema>;

export const FiscalTillResponseSchema = envelope(FiscalTillViewSchema);
