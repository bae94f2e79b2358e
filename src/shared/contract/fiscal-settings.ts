// The store's fiscal setup for the NFC-e (Configurações > Fiscal), admins only: the emitter,
// the regime (CRT), the environment, the Responsável Técnico, the QR code's settings, the
// defaults of products that leave their fiscal fields empty, emission on or off, each
// till's series, and the A1 certificate. Kept apart from the store's settings, which every
// signed-in user reads: the CSC is a secret, written and never read back (the answer says
// only whether it is set), and the certificate's key never leaves the server (the answer
// has its subject, CNPJ, serial and validity).
import { z } from 'zod/mini';
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
    .check(z.overwrite(stripDocument), z.refine(isValidCnpj, { error: `CNPJ ${label} inválido` }));

const Digits = (pattern: RegExp, message: string) =>
  z.string({ error: message }).check(z.overwrite(digitsOnly), z.regex(pattern, { error: message }));

const Ie = z.string({ error: 'Informe a inscrição estadual' }).check(
  z.trim(),
  z.toUpperCase(),
  z.overwrite((ie) => (ie === 'ISENTO' ? ie : ie.replace(/[\s./-]/g, ''))),
  z.regex(/^(ISENTO|\d{2,14})$/, { error: 'Inscrição estadual: de 2 a 14 dígitos, ou ISENTO' }),
);

/** Text a note carries, trimmed, from `min` to `max` characters. */
const NoteText = (label: string, max: number, min = 2) =>
  RequiredText(label, max).check(z.minLength(min, { error: `${label}: mínimo de ${min} caracteres` }));

const OptionalNoteText = (label: string, max: number) =>
  z
    ._default(
      z.nullable(z.string().check(z.trim(), z.maxLength(max, { error: `${label}: máximo de ${max} caracteres` }))),
      null,
    )
    .check(z.overwrite((v) => (v === '' ? null : v)));

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
      ._default(
        z.nullable(
          z.string().check(z.overwrite(digitsOnly), z.regex(/^(\d{6,14})?$/, { error: 'Telefone: de 6 a 14 dígitos' })),
        ),
        null,
      )
      .check(z.overwrite((v) => (v === '' ? null : v))),
  })
  .check(
    z.refine((a) => a.city_code.slice(0, 2) === UF_CODE[a.uf], {
      error: 'O código IBGE do município não é de um município da UF informada',
      path: ['city_code'],
    }),
  );

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
  cfop: z.string().check(z.regex(/^5\d{3}$/, { error: 'CFOP padrão: use um CFOP de venda dentro do estado (5xxx)' })),
  csosn: z.enum(CSOSN_CODES, { error: `CSOSN padrão: use ${CSOSN_CODES.join(', ')}` }),
  origin: z
    .int({ error: 'Origem padrão: de 0 a 8' })
    .check(
      z.gte(0, { error: 'Origem padrão: de 0 a 8' }),
      z.lte(ORIGIN_OPTIONS.length - 1, { error: 'Origem padrão: de 0 a 8' }),
    ),
});

/** Each setting as it may be sent (no default: an update changes only what it names). */
const FiscalFields = {
  emitter: FiscalEmitterSchema,
  /** 1 Simples Nacional, 4 MEI (3, regime normal, refused for now). */
  crt: Crt,
  environment: z.enum(FISCAL_ENVIRONMENTS, { error: 'Ambiente: homologacao ou producao' }),
  tech_responsible: TechResponsibleSchema,
  /** idCSC (QR code v2), 1 to 6 digits as the state gave it. */
  csc_id: z.nullable(Digits(/^\d{1,6}$/, 'idCSC: de 1 a 6 dígitos')),
  /** 2 or 3; null: the version the official list gives the store's state and environment. */
  qr_version: z.nullable(z.union([z.literal(2), z.literal(3)], { error: 'Versão do QR Code: 2 ou 3' })),
  /** Off: the store sells as it always did, without NFC-e. */
  emission_enabled: z.boolean({ error: 'Use verdadeiro ou falso' }),
  /** What a product that leaves its CFOP, CSOSN or origem empty is emitted with. */
  product_defaults: ProductFiscalDefaultsSchema,
  /** How long a sale at the till waits for SEFAZ's answer before it is finished with its note 'pendente'. */
  emission_timeout_seconds: z
    .int({ error: EMISSION_TIMEOUT_MESSAGE })
    .check(
      z.gte(EMISSION_TIMEOUT_MIN, { error: EMISSION_TIMEOUT_MESSAGE }),
      z.lte(EMISSION_TIMEOUT_MAX, { error: EMISSION_TIMEOUT_MESSAGE }),
    ),
  /** centavos: a sale of this total or more needs the consumer's CPF/CNPJ on its note. */
  consumer_document_threshold: z
    .int({ error: 'CPF/CNPJ obrigatório a partir de: use um número inteiro de centavos' })
    .check(
      z.gte(1, { error: 'CPF/CNPJ obrigatório a partir de: informe um valor maior que zero' }),
      z.lte(100_000_000_00, { error: 'CPF/CNPJ obrigatório a partir de: valor alto demais' }),
    ),
  /** Minutes after the authorization in which a note may be cancelled (the state's window). */
  cancel_window_minutes: z
    .int({ error: 'Prazo de cancelamento: de 1 a 10.080 minutos' })
    .check(
      z.gte(1, { error: 'Prazo de cancelamento: de 1 a 10.080 minutos' }),
      z.lte(10_080, { error: 'Prazo de cancelamento: de 1 a 10.080 minutos' }),
    ),
  /**
   * Guarda eletrônica: the store keeps its contingency notes electronically, so the DANFE
   * of a note issued in contingency prints the consumer's copy only (off: the store's copy
   * too, 'Via do Estabelecimento').
   */
  contingency_electronic_custody: z.boolean({ error: 'Guarda eletrônica: use verdadeiro ou falso' }),
  /** Hours after the issue within which a contingency note must be transmitted to SEFAZ. */
  contingency_deadline_hours: z
    .int({ error: CONTINGENCY_DEADLINE_MESSAGE })
    .check(
      z.gte(CONTINGENCY_DEADLINE_HOURS_MIN, { error: CONTINGENCY_DEADLINE_MESSAGE }),
      z.lte(CONTINGENCY_DEADLINE_HOURS_MAX, { error: CONTINGENCY_DEADLINE_MESSAGE }),
    ),
};

/** The fiscal settings as kept (the secrets apart), each with its default. */
export const FiscalSettingsSchema = z.object({
  emitter: z._default(z.nullable(FiscalFields.emitter), null),
  crt: z._default(FiscalFields.crt, 1),
  environment: z._default(FiscalFields.environment, 'homologacao'),
  tech_responsible: z._default(z.nullable(FiscalFields.tech_responsible), null),
  csc_id: z._default(FiscalFields.csc_id, null),
  qr_version: z._default(FiscalFields.qr_version, null),
  emission_enabled: z._default(FiscalFields.emission_enabled, false),
  product_defaults: z._default(FiscalFields.product_defaults, {
    cfop: FISCAL_DEFAULTS.cfop,
    csosn: FISCAL_DEFAULTS.csosn,
    origin: FISCAL_DEFAULTS.origin,
  }),
  emission_timeout_seconds: z._default(FiscalFields.emission_timeout_seconds, EMISSION_TIMEOUT_DEFAULT),
  consumer_document_threshold: z._default(
    FiscalFields.consumer_document_threshold,
    CONSUMER_DOCUMENT_THRESHOLD_DEFAULT,
  ),
  cancel_window_minutes: z._default(FiscalFields.cancel_window_minutes, CANCEL_WINDOW_MINUTES),
  contingency_electronic_custody: z._default(FiscalFields.contingency_electronic_custody, false),
  contingency_deadline_hours: z._default(FiscalFields.contingency_deadline_hours, CONTINGENCY_DEADLINE_HOURS_DEFAULT),
});
export type FiscalSettings = z.infer<typeof FiscalSettingsSchema>;

export const TillSeriesSchema = z.object({
  device_id: Id,
  /** null: the till has no series (it cannot emit). */
  series: z.nullable(
    z
      .int({ error: 'Série: um número de 0 a 999' })
      .check(
        z.gte(0, { error: 'Série: um número de 0 a 999' }),
        z.lte(NFCE_SERIES_MAX, { error: 'Série: um número de 0 a 999' }),
      ),
  ),
});

/** PUT /api/fiscal/settings: what is sent changes, the rest keeps its value. */
export const FiscalSettingsUpdateSchema = z.extend(z.partial(z.object(FiscalFields)), {
  /** Write-only: the CSC (16 to 36 characters); null removes it. */
  csc: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.trim(),
          z.regex(/^[0-9A-Za-z-]{16,36}$/, { error: 'CSC: de 16 a 36 letras e números, como a SEFAZ o deu' }),
        ),
    ),
  ),
  /** Required, true, with environment 'producao' when the store is not in produção yet. */
  confirm_production: z.optional(z.boolean()),
  till_series: z.optional(z.array(TillSeriesSchema).check(z.maxLength(200))),
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
  name: z.nullable(z.string()),
  nfce_series: z.nullable(z.int()),
});
export type FiscalTill = z.infer<typeof FiscalTillSchema>;

/** GET /api/fiscal/settings (admins). */
export const FiscalSettingsViewSchema = z.extend(FiscalSettingsSchema, {
  /**
   * The Responsável Técnico shown is the operator's (the server's FISCAL_TECH_*): the store has
   * saved none of its own. It may still save its own.
   */
  tech_responsible_from_operator: z._default(z.boolean(), false),
  /** Whether a CSC is kept (it is never sent back). */
  csc_set: z.boolean(),
  /** The QR version notes are made with: qr_version, or the list's for the state and environment (null: no UF yet). */
  qr_version_in_use: z.nullable(z.union([z.literal(2), z.literal(3)])),
  tills: z.array(FiscalTillSchema),
  certificate: z.nullable(CertificateInfoSchema),
  /** What keeps emission from being turned on (empty: it may be). */
  emission_problems: z.array(z.string()),
});
export type FiscalSettingsView = z.infer<typeof FiscalSettingsViewSchema>;

/** POST /api/fiscal/certificate: the .pfx (base64) and its password, never kept. */
export const CertificateUploadSchema = z.object({
  pfx_base64: z
    .string({ error: 'Envie o arquivo do certificado' })
    .check(
      z.minLength(1, { error: 'Envie o arquivo do certificado' }),
      z.maxLength(100_000, { error: 'Arquivo grande demais para um certificado A1' }),
      z.regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Arquivo do certificado em formato inválido' }),
    ),
  password: z
    .string({ error: 'Informe a senha do certificado' })
    .check(z.maxLength(200, { error: 'Senha longa demais' })),
});
export type CertificateUpload = z.infer<typeof CertificateUploadSchema>;

export const FiscalSettingsResponseSchema = envelope(FiscalSettingsViewSchema);
export const CertificateInfoResponseSchema = envelope(CertificateInfoSchema);
