// The store's fiscal setup for the NFC-e (Configurações > Fiscal), admins only: the emitter,
// the regime (CRT), the environment, the Responsável Técnico, the QR code's settings, the
// defaults of products that leave their fiscal fields empty, emission on or off, each
// till's series, and the A1 certificate. Kept apart from the store's settings, which every
// signed-in user reads: the CSC is a secret, written and never read back (the answer says
// only whether it is set), and the certificate's key never leaves the server (the answer
// has its subject, CNPJ, serial and validity).
import { z } from 'zod';
import { isValidCnpj, stripDocument } from '../documents';
import { UF_CODE, UFS } from '../fiscal/uf';
import { Email, Id, RequiredText, Timestamp, envelope } from './common';
import { FISCAL_ENVIRONMENTS, NFCE_SERIES_MAX } from './fiscal-notes';
import { CSOSN_OPTIONS, FISCAL_DEFAULTS, ORIGIN_OPTIONS, type Csosn } from './product-fiscal';

export const CRT_NORMAL_REFUSED =
  'Regime normal (CRT 3) ainda não é emitido pelo Balcão: use Simples Nacional (1) ou MEI (4).';
export const PRODUCTION_NEEDS_CONFIRMATION =
  'Para emitir em produção, confirme: as notas passam a ter valor fiscal e são enviadas à SEFAZ de verdade.';

export { FISCAL_ENVIRONMENTS, NFCE_SERIES_MAX, TP_AMB, type FiscalEnvironment } from './fiscal-notes';

/** The time limit of SEFAZ's answer to a sale at the till, in seconds: default and bounds. */
export const EMISSION_TIMEOUT_DEFAULT = 15;
export const EMISSION_TIMEOUT_MIN = 1;
export const EMISSION_TIMEOUT_MAX = 60;
const EMISSION_TIMEOUT_MESSAGE = `Tempo de espera pela SEFAZ: de ${EMISSION_TIMEOUT_MIN} a ${EMISSION_TIMEOUT_MAX} segundos`;
/** R$ 10.000,00 in centavos: from this total the till requires the consumer's CPF/CNPJ. */
export const CONSUMER_DOCUMENT_THRESHOLD_DEFAULT = 1_000_000;
/** The cancel window most states give an NFC-e: 30 minutes after its authorization. */
export const CANCEL_WINDOW_MINUTES = 30;
/**
 * Hours after its issue within which a note made in offline contingency must reach SEFAZ.
 * The states' rule is 'by the end of the first business day after the issue'; 24 hours
 * always fall within it, so it is the default; up to a week for a store that knows its own.
 */
export const CONTINGENCY_DEADLINE_HOURS_DEFAULT = 24;
export const CONTINGENCY_DEADLINE_HOURS_MIN = 1;
export const CONTINGENCY_DEADLINE_HOURS_MAX = 168;
const CONTINGENCY_DEADLINE_MESSAGE = `Prazo para transmitir as notas em contingência: um número inteiro de ${CONTINGENCY_DEADLINE_HOURS_MIN} a ${CONTINGENCY_DEADLINE_HOURS_MAX} horas`;

export { CERTIFICATE_WARNING_DAYS } from '../fiscal/a1-validity';

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** A CNPJ as typed ('12.ABC.345/01DE-35' or bare), kept bare and upper case; the alphanumeric one too. */
const FiscalCnpj = (label: string) =>
  z
    .string({ error: `Informe o CNPJ ${label}` })
    .overwrite(stripDocument)
    .refine(isValidCnpj, { error: `CNPJ ${label} inválido` });

const Digits = (pattern: RegExp, message: string) =>
  z.string({ error: message }).overwrite(digitsOnly).regex(pattern, { error: message });

const Ie = z
  .string({ error: 'Informe a inscrição estadual' })
  .trim()
  .toUpperCase()
  .overwrite((ie) => (ie === 'ISENTO' ? ie : ie.replace(/[\s./-]/g, '')))
  .regex(/^(ISENTO|\d{2,14})$/, { error: 'Inscrição estadual: de 2 a 14 dígitos, ou ISENTO' });

/** Text a note carries, trimmed, from `min` to `max` characters. */
const NoteText = (label: string, max: number, min = 2) =>
  RequiredText(label, max).min(min, { error: `${label}: mínimo de ${min} caracteres` });

const OptionalNoteText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}: máximo de ${max} caracteres` })
    .nullable()
    .default(null)
    .overwrite((v) => (v === '' ? null : v));

export const FiscalAddressSchema = z
  .object({
    street: NoteText('Logradouro', 60),
    number: NoteText('Número', 60, 1),
    complement: OptionalNoteText('Complemento', 60),
    district: NoteText('Bairro', 60),
    /** IBGE municipality code, 7 digits; its first two are the state's code. */
    city_code: Digits(/^\d{7}$/, 'Código IBGE do município: 7 dígitos'),
    city_name: NoteText('Município', 60),
    uf: z.enum(UFS, { error: 'UF inválida' }),
    cep: Digits(/^\d{8}$/, 'CEP: 8 dígitos'),
    phone: z
      .string()
      .overwrite(digitsOnly)
      .regex(/^(\d{6,14})?$/, { error: 'Telefone: de 6 a 14 dígitos' })
      .nullable()
      .default(null)
      .overwrite((v) => (v === '' ? null : v)),
  })
  .refine((a) => a.city_code.slice(0, 2) === UF_CODE[a.uf], {
    error: 'O código IBGE do município não é de um município da UF informada',
    path: ['city_code'],
  });

export const FiscalEmitterSchema = z.object({
  cnpj: FiscalCnpj('do emitente'),
  legal_name: NoteText('Razão social', 60),
  trade_name: OptionalNoteText('Nome fantasia', 60),
  ie: Ie,
  address: FiscalAddressSchema,
});
export type FiscalEmitter = z.infer<typeof FiscalEmitterSchema>;

export const TechResponsibleSchema = z.object({
  cnpj: FiscalCnpj('do responsável técnico'),
  contact: NoteText('Contato do responsável técnico', 60),
  email: Email,
  phone: Digits(/^\d{6,14}$/, 'Telefone do responsável técnico: de 6 a 14 dígitos'),
});
export type TechResponsible = z.infer<typeof TechResponsibleSchema>;

const Crt = z.union([z.literal(1), z.literal(4)], {
  error: (issue) => (issue.input === 3 ? CRT_NORMAL_REFUSED : 'CRT: use 1 (Simples Nacional) ou 4 (MEI)'),
});

const CSOSN_CODES = CSOSN_OPTIONS.map((o) => o.code) as [Csosn, ...Csosn[]];
export const ProductFiscalDefaultsSchema = z.object({
  cfop: z.string().regex(/^5\d{3}$/, { error: 'CFOP padrão: use um CFOP de venda dentro do estado (5xxx)' }),
  csosn: z.enum(CSOSN_CODES, { error: `CSOSN padrão: use ${CSOSN_CODES.join(', ')}` }),
  origin: z
    .int({ error: 'Origem padrão: de 0 a 8' })
    .min(0, { error: 'Origem padrão: de 0 a 8' })
    .max(ORIGIN_OPTIONS.length - 1, { error: 'Origem padrão: de 0 a 8' }),
});

/** Each setting as it may be sent (no default: an update changes only what it names). */
const FiscalFields = {
  emitter: FiscalEmitterSchema,
  /** 1 Simples Nacional, 4 MEI (3, regime normal, refused for now). */
  crt: Crt,
  environment: z.enum(FISCAL_ENVIRONMENTS, { error: 'Ambiente: homologacao ou producao' }),
  tech_responsible: TechResponsibleSchema,
  /** idCSC (QR code v2), 1 to 6 digits as the state gave it. */
  csc_id: Digits(/^\d{1,6}$/, 'idCSC: de 1 a 6 dígitos').nullable(),
  /** 2 or 3; null: the version the official list gives the store's state and environment. */
  qr_version: z.union([z.literal(2), z.literal(3)], { error: 'Versão do QR Code: 2 ou 3' }).nullable(),
  /** Off: the store sells as it always did, without NFC-e. */
  emission_enabled: z.boolean({ error: 'Use verdadeiro ou falso' }),
  /** What a product that leaves its CFOP, CSOSN or origem empty is emitted with. */
  product_defaults: ProductFiscalDefaultsSchema,
  /** How long a sale at the till waits for SEFAZ's answer before it is finished with its note 'pendente'. */
  emission_timeout_seconds: z
    .int({ error: EMISSION_TIMEOUT_MESSAGE })
    .min(EMISSION_TIMEOUT_MIN, { error: EMISSION_TIMEOUT_MESSAGE })
    .max(EMISSION_TIMEOUT_MAX, { error: EMISSION_TIMEOUT_MESSAGE }),
  /** centavos: a sale of this total or more needs the consumer's CPF/CNPJ on its note. */
  consumer_document_threshold: z
    .int({ error: 'CPF/CNPJ obrigatório a partir de: use um número inteiro de centavos' })
    .min(1, { error: 'CPF/CNPJ obrigatório a partir de: informe um valor maior que zero' })
    .max(100_000_000_00, { error: 'CPF/CNPJ obrigatório a partir de: valor alto demais' }),
  /** Minutes after the authorization in which a note may be cancelled (the state's window). */
  cancel_window_minutes: z
    .int({ error: 'Prazo de cancelamento: de 1 a 10.080 minutos' })
    .min(1, { error: 'Prazo de cancelamento: de 1 a 10.080 minutos' })
    .max(10_080, { error: 'Prazo de cancelamento: de 1 a 10.080 minutos' }),
  /**
   * Guarda eletrônica: the store keeps its contingency notes electronically, so the DANFE
   * of a note issued in contingency prints the consumer's copy only (off: the store's copy
   * too, 'Via do Estabelecimento').
   */
  contingency_electronic_custody: z.boolean({ error: 'Guarda eletrônica: use verdadeiro ou falso' }),
  /** Hours after the issue within which a contingency note must be transmitted to SEFAZ. */
  contingency_deadline_hours: z
    .int({ error: CONTINGENCY_DEADLINE_MESSAGE })
    .min(CONTINGENCY_DEADLINE_HOURS_MIN, { error: CONTINGENCY_DEADLINE_MESSAGE })
    .max(CONTINGENCY_DEADLINE_HOURS_MAX, { error: CONTINGENCY_DEADLINE_MESSAGE }),
};

/** The fiscal settings as kept (the secrets apart), each with its default. */
export const FiscalSettingsSchema = z.object({
  emitter: FiscalFields.emitter.nullable().default(null),
  crt: FiscalFields.crt.default(1),
  environment: FiscalFields.environment.default('homologacao'),
  tech_responsible: FiscalFields.tech_responsible.nullable().default(null),
  csc_id: FiscalFields.csc_id.default(null),
  qr_version: FiscalFields.qr_version.default(null),
  emission_enabled: FiscalFields.emission_enabled.default(false),
  product_defaults: FiscalFields.product_defaults.default({
    cfop: FISCAL_DEFAULTS.cfop,
    csosn: FISCAL_DEFAULTS.csosn,
    origin: FISCAL_DEFAULTS.origin,
  }),
  emission_timeout_seconds: FiscalFields.emission_timeout_seconds.default(EMISSION_TIMEOUT_DEFAULT),
  consumer_document_threshold: FiscalFields.consumer_document_threshold.default(CONSUMER_DOCUMENT_THRESHOLD_DEFAULT),
  cancel_window_minutes: FiscalFields.cancel_window_minutes.default(CANCEL_WINDOW_MINUTES),
  contingency_electronic_custody: FiscalFields.contingency_electronic_custody.default(false),
  contingency_deadline_hours: FiscalFields.contingency_deadline_hours.default(CONTINGENCY_DEADLINE_HOURS_DEFAULT),
});
export type FiscalSettings = z.infer<typeof FiscalSettingsSchema>;

export const TillSeriesSchema = z.object({
  device_id: Id,
  /** null: the till has no series (it cannot emit). */
  series: z
    .int({ error: 'Série: um número de 0 a 999' })
    .min(0, { error: 'Série: um número de 0 a 999' })
    .max(NFCE_SERIES_MAX, { error: 'Série: um número de 0 a 999' })
    .nullable(),
});

/** PUT /api/fiscal/settings: what is sent changes, the rest keeps its value. */
export const FiscalSettingsUpdateSchema = z
  .object(FiscalFields)
  .partial()
  .extend({
    /** Write-only: the CSC (16 to 36 characters); null removes it. */
    csc: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z-]{16,36}$/, { error: 'CSC: de 16 a 36 letras e números, como a SEFAZ o deu' })
      .nullable()
      .optional(),
    /** Required, true, with environment 'producao' when the store is not in produção yet. */
    confirm_production: z.boolean().optional(),
    till_series: z.array(TillSeriesSchema).max(200).optional(),
  });
export type FiscalSettingsUpdate = z.infer<typeof FiscalSettingsUpdateSchema>;

/** What is shown of the A1 (never its key). */
export const CertificateInfoSchema = z.object({
  subject: z.string(),
  cnpj: z.string(),
  serial: z.string(),
  not_before: Timestamp,
  not_after: Timestamp,
  /** Whole days until it expires (negative: expired). */
  days_left: z.int(),
});
export type CertificateInfo = z.infer<typeof CertificateInfoSchema>;

export const FiscalTillSchema = z.object({
  id: Id,
  code: z.string(),
  name: z.string().nullable(),
  nfce_series: z.int().nullable(),
});
export type FiscalTill = z.infer<typeof FiscalTillSchema>;

/** GET /api/fiscal/settings (admins). */
export const FiscalSettingsViewSchema = FiscalSettingsSchema.extend({
  /**
   * The Responsável Técnico shown is the operator's (the server's FISCAL_TECH_*): the store has
   * saved none of its own. It may still save its own.
   */
  tech_responsible_from_operator: z.boolean().default(false),
  /** Whether a CSC is kept (it is never sent back). */
  csc_set: z.boolean(),
  /** The QR version notes are made with: qr_version, or the list's for the state and environment (null: no UF yet). */
  qr_version_in_use: z.union([z.literal(2), z.literal(3)]).nullable(),
  tills: z.array(FiscalTillSchema),
  certificate: CertificateInfoSchema.nullable(),
  /** What keeps emission from being turned on (empty: it may be). */
  emission_problems: z.array(z.string()),
});
export type FiscalSettingsView = z.infer<typeof FiscalSettingsViewSchema>;

/** POST /api/fiscal/certificate: the .pfx (base64) and its password, never kept. */
export const CertificateUploadSchema = z.object({
  pfx_base64: z
    .string({ error: 'Envie o arquivo do certificado' })
    .min(1, { error: 'Envie o arquivo do certificado' })
    .max(100_000, { error: 'Arquivo grande demais para um certificado A1' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Arquivo do certificado em formato inválido' }),
  password: z.string({ error: 'Informe a senha do certificado' }).max(200, { error: 'Senha longa demais' }),
});
export type CertificateUpload = z.infer<typeof CertificateUploadSchema>;

export const FiscalSettingsResponseSchema = envelope(FiscalSettingsViewSchema);
export const CertificateInfoResponseSchema = envelope(CertificateInfoSchema);
