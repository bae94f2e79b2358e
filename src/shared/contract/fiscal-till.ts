// What a till learns to emit NFC-e (GET /api/fiscal/till/{device id}, anyone signed in),
// apart from the fiscal settings' contract (fiscal-settings.ts), which the till's first load
// does without: emission on or off, the environment, its series, the CPF/CNPJ threshold,
// the emitter's public data every DANFE prints, the contingency settings, the products
// without NCM, which contingency key (certificate) the till is registered as holding, and
// what the till needs to make a note itself in offline contingency (the emitter as the note
// writes it, the Responsável Técnico, the products' defaults, the QR version offline, the
// IBPT rates of the catalogue's NCMs, the next number of its series). No secret: never the
// CSC (so the QR Code offline is v3) nor a CSRT.
import { z } from 'zod/mini';
import { UFS } from '../fiscal/uf';
import { Id, Timestamp, envelope } from './common';
import { FISCAL_ENVIRONMENTS } from './fiscal-notes';
import { CONTINGENCY_DEADLINE_HOURS_DEFAULT, EMISSION_TIMEOUT_DEFAULT } from './fiscal-settings';
import { CSOSN_OPTIONS, type Csosn } from './product-fiscal';

/** The emitter as every DANFE prints it (public data: no secret). */
export const DanfeEmitterSchema = z.object({
  legal_name: z.string(),
  trade_name: z.nullable(z.string()),
  /** Bare (14 characters; the alphanumeric CNPJ too). */
  cnpj: z.string(),
  ie: z.string(),
  /** 'Rua X, 10, Sala 2 - Centro - São Paulo/SP - CEP 01001-000' */
  address: z.string(),
});
export type DanfeEmitter = z.infer<typeof DanfeEmitterSchema>;

const CSOSN_CODES = CSOSN_OPTIONS.map((o) => o.code) as [Csosn, ...Csosn[]];

/**
 * What of the store a note the till makes in contingency writes, as the server keeps it
 * (Configurações > Fiscal): the emitter with its address and IBGE codes, the CRT, the
 * Responsável Técnico (no CSRT), the defaults of products that leave fields empty, and the
 * QR Code's version offline: 3, since the CSC v2 needs stays on the server.
 */
export const TillNoteIssuerSchema = z.object({
  crt: z.union([z.literal(1), z.literal(4)]),
  emitter: z.object({
    cnpj: z.string(),
    legal_name: z.string(),
    trade_name: z.nullable(z.string()),
    ie: z.string(),
    address: z.object({
      street: z.string(),
      number: z.string(),
      complement: z.nullable(z.string()),
      district: z.string(),
      city_code: z.string(),
      city_name: z.string(),
      uf: z.enum(UFS),
      cep: z.string(),
      phone: z.nullable(z.string()),
    }),
  }),
  tech_responsible: z.object({ cnpj: z.string(), contact: z.string(), email: z.string(), phone: z.string() }),
  product_defaults: z.object({ cfop: z.string(), csosn: z.enum(CSOSN_CODES), origin: z.int() }),
  /** The store's QR Code version (an older server: 3, the one the till could always make). */
  qr_version: z._default(z.union([z.literal(2), z.literal(3)]), 3),
  /**
   * The CSC and its id, which the QR Code v2 offline's hash is made with: only for a store on
   * v2, and only to a till holding a contingency key in force (it already holds the A1's
   * private key, the more sensitive of the two); null otherwise.
   */
  csc_id: z._default(z.nullable(z.string()), null),
  csc: z._default(z.nullable(z.string()), null),
});
export type TillNoteIssuer = z.infer<typeof TillNoteIssuerSchema>;

/** The IBPT rates (percent) of one NCM of the catalogue, in force on the day the till asked. */
export const TillTaxRatesSchema = z.object({
  ncm: z.string(),
  federal_national: z.number(),
  federal_imported: z.number(),
  state: z.number(),
  municipal: z.number(),
});

/** The till keeps it for offline use like the store's settings (app/counter/fiscal-till.ts). */
export const FiscalTillViewSchema = z.object({
  emission_enabled: z.boolean(),
  environment: z.enum(FISCAL_ENVIRONMENTS),
  /** This till's series; null: none set (it cannot emit). */
  series: z.nullable(z.int()),
  /** centavos: from this sale total the consumer's CPF/CNPJ is required. */
  consumer_document_threshold: z.int(),
  /** null until Configurações > Fiscal has the emitter. */
  emitter: z.nullable(DanfeEmitterSchema),
  /**
   * Guarda eletrônica: a contingency DANFE prints the consumer's copy only. An answer or a
   * view kept on the device from before this field has none: the store's copy is printed
   * (the safe side).
   */
  contingency_electronic_custody: z._default(z.boolean(), false),
  /** Hours after the issue within which a contingency note must reach SEFAZ (the default when absent). */
  contingency_deadline_hours: z._default(z.int(), CONTINGENCY_DEADLINE_HOURS_DEFAULT),
  /**
   * How long the server waits for SEFAZ on a sale at the till ('Tempo de espera pela SEFAZ'):
   * the till waits that and its own time for the sale before it goes on without the answer.
   */
  emission_timeout_seconds: z._default(z.int(), EMISSION_TIMEOUT_DEFAULT),
  /**
   * Products without NCM (they cannot go on a note): how many. `ids` is always empty now (up
   * to 500 ids once went to every till, which never used them: it has each product's NCM in
   * its mirror); kept for tills of earlier versions, whose contract requires the field.
   */
  products_without_ncm: z.object({ count: z.int(), ids: z.array(Id) }),
  /**
   * The contingency signing key this till is registered as holding (fiscal-till-keys.ts);
   * null: none, or removed by an admin (the till then drops the one it keeps); absent: an
   * older server that does not know of it (the till keeps its key and its fiscal view).
   */
  signing_key: z.optional(z.nullable(z.object({ fingerprint: z.string(), not_after: Timestamp }))),
  /**
   * What a note made at the till in contingency needs of the store; null: the store lacks
   * its emitter or Responsável Técnico (or an older server: none, so no note offline).
   */
  note_issuer: z._default(z.nullable(TillNoteIssuerSchema), null),
  /** The IBPT rates of the NCMs of the store's products (none: no table, or an older server). */
  tax_rates: z._default(z.array(TillTaxRatesSchema), []),
  /**
   * The next number the server knows for this till's series in the store's environment (a
   * proposal: the till uses the larger of its own next and this); null: no series, or an older server.
   */
  next_number: z._default(z.nullable(z.int()), null),
});
export type FiscalTillView = z.infer<typeof FiscalTillViewSchema>;

export const FiscalTillResponseSchema = envelope(FiscalTillViewSchema);
