// The NFC-e of a sale as the rest of the product sees it: what the till prints (the DANFE),
// what 'Notas Fiscais' lists, and the admin's actions on a note (resend, cancel) and on
// skipped numbers (inutilização). The server keeps the signed XML; a client receives it only
// in a note's detail (admins).
import { z } from 'zod/mini';
import { isValidCnpj, isValidCpf, stripDocument } from '../documents';
import type { EmissionType } from '../fiscal/access-key';
import { Id, IsoDate, Money, PageQuery, Timestamp, envelope, optionalFilter, pageOf } from './common';

export const FISCAL_ENVIRONMENTS = ['homologacao', 'producao'] as const;
export type FiscalEnvironment = (typeof FISCAL_ENVIRONMENTS)[number];
/** tpAmb: 1 produção, 2 homologação. */
export const TP_AMB: Readonly<Record<FiscalEnvironment, 1 | 2>> = { producao: 1, homologacao: 2 };

/**
 * tpEmis of a note: 1 normal, 9 issued in offline contingency (signed at the till, printed
 * before SEFAZ authorized it). Absent from answers and receipts made before it was sent: those
 * notes were all normal, so it reads as 1.
 */
export const NoteEmissionType = z._default(
  z.union([z.literal(1), z.literal(9)], { error: 'Tipo de emissão: 1 (normal) ou 9 (contingência off-line)' }),
  1,
) satisfies z.ZodMiniType<EmissionType>;

/** The series a till may take (tpSerie of the layout: 0 to 999). */
export const NFCE_SERIES_MAX = 999;

/**
 * pendente: signed, not yet authorized (no answer yet, or waiting in the queue);
 * autorizada: SEFAZ answered 100; rejeitada: SEFAZ refused it (cStat and xMotivo kept);
 * cancelada: event 110111 registered; inutilizada: its number was voided; descartada: its
 * sale was cancelled before SEFAZ had it, so it is never sent (its number waits for the
 * inutilização).
 */
export const FISCAL_NOTE_STATUSES = [
  'pendente',
  'autorizada',
  'rejeitada',
  'cancelada',
  'inutilizada',
  'descartada',
] as const;
export type FiscalNoteStatus = (typeof FISCAL_NOTE_STATUSES)[number];

export const FISCAL_NOTE_STATUS_LABELS: Readonly<Record<FiscalNoteStatus, string>> = {
  pendente: 'Pendente',
  autorizada: 'Autorizada',
  rejeitada: 'Rejeitada',
  cancelada: 'Cancelada',
  inutilizada: 'Inutilizada',
  descartada: 'Descartada',
};

/** Justification of a cancel or an inutilização: 15 to 255 characters (xJust). */
export const JUSTIFICATION_MIN = 15;
export const JUSTIFICATION_MAX = 255;
export const Justification = z
  .string({ error: 'Informe a justificativa' })
  .check(
    z.trim(),
    z.minLength(JUSTIFICATION_MIN, { error: `Justificativa: mínimo de ${JUSTIFICATION_MIN} caracteres` }),
    z.maxLength(JUSTIFICATION_MAX, { error: `Justificativa: máximo de ${JUSTIFICATION_MAX} caracteres` }),
  );

/** 'CPF na nota?': a CPF or CNPJ as typed, kept bare; the alphanumeric CNPJ too. */
export const NoteDocument = z.string({ error: 'Informe o CPF ou o CNPJ' }).check(
  z.overwrite(stripDocument),
  z.refine((d) => (d.length === 11 ? isValidCpf(d) : d.length === 14 && isValidCnpj(d)), {
    error: 'CPF ou CNPJ inválido',
  }),
);

/** What the till needs to print the DANFE NFC-e of a sale (and the history to reprint it). */
export const FiscalNoteReceiptSchema = z.object({
  id: Id,
  status: z.enum(FISCAL_NOTE_STATUSES),
  environment: z.enum(FISCAL_ENVIRONMENTS),
  series: z.int(),
  number: z.int(),
  /** The 44-character access key. */
  key: z.string(),
  /** tpEmis: 1 normal, 9 offline contingency (1 when absent: see NoteEmissionType). */
  emission_type: NoteEmissionType,
  /** dhEmi as written in the note (with the UF's offset). */
  issued_at_local: z.string(),
  /** The authorization protocol and its time; null while pending. */
  protocol: z.nullable(z.string()),
  authorized_at: z.nullable(z.string()),
  /** The QR code's text (infNFeSupl/qrCode) and the consulta address (urlChave). */
  qr_code: z.string(),
  url_chave: z.string(),
  /** The consumer's CPF/CNPJ (bare) or null: 'CONSUMIDOR NÃO IDENTIFICADO'. */
  customer_document: z.nullable(z.string()),
  /** Tributos aproximados (Lei 12.741/2012), null without the IBPT table. */
  approximate_taxes: z.nullable(Money),
  /** The note's value (vNF) and the change (vTroco). */
  total: Money,
  change: Money,
  /** SEFAZ's last refusal, for a rejected note: code and reason. */
  cstat: z.nullable(z.int()),
  reason: z.nullable(z.string()),
});
export type FiscalNoteReceipt = z.infer<typeof FiscalNoteReceiptSchema>;
/**
 * A receipt as a device may have kept it (IndexedDB, the query cache): one kept before
 * emission_type existed has none. Read its type with emissionTypeOf.
 */
export type KeptFiscalNoteReceipt = Omit<FiscalNoteReceipt, 'emission_type'> & { emission_type?: EmissionType };
export const emissionTypeOf = (note: Pick<KeptFiscalNoteReceipt, 'emission_type'>): EmissionType =>
  note.emission_type ?? 1;

/** 'Substituída pela NFC-e nº 43 emitida em contingência': how 'Notas Fiscais' names a replaced note. */
export const replacedByText = (by: { number: number }) =>
  `Substituída pela NFC-e nº ${by.number} emitida em contingência`;

/** A row of 'Notas Fiscais'. */
export const FiscalNoteSchema = z.extend(FiscalNoteReceiptSchema, {
  sale_id: z.nullable(Id),
  sale_number: z.nullable(z.string()),
  /** Its sale was cancelled in Balcão (a valid note of it is the admin's to see to). */
  sale_cancelled: z._default(z.boolean(), false),
  /** The sale was cancelled and the note waits for SEFAZ (consulta, cancel) in the queue. */
  cancel_requested: z._default(z.boolean(), false),
  /** What to do about a rejection, in pt-BR (null when there is nothing to do). */
  what_to_fix: z.nullable(z.string()),
  /**
   * A note issued in offline contingency not authorized yet (pendente or rejeitada): when it
   * must have reached SEFAZ (the store's contingency_deadline_hours after its issue). Null
   * otherwise, and from servers before it.
   */
  contingency_deadline: z._default(z.nullable(Timestamp), null),
  /**
   * The note in doubt: the contingency note the till issued for the same sale in its place
   * (this one got no answer), which stands for the sale now; null otherwise and from servers
   * before it. This note is then cancelled by substitution or discarded by the queue.
   */
  replaced_by: z._default(z.nullable(z.object({ id: Id, series: z.int(), number: z.int() })), null),
  /** How a replaced note ended, when the admin must know (two valid notes...); null otherwise. */
  replacement_notice: z._default(z.nullable(z.string()), null),
  attempts: z.int(),
  cancelled_at: z.nullable(Timestamp),
  cancel_reason: z.nullable(z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type FiscalNote = z.infer<typeof FiscalNoteSchema>;

/**
 * The answer to 'Reenviar': the note as it is now and, when there is something the admin
 * must know, a sentence (a contingency note made again past its deadline: sent anyway).
 */
export const FiscalNoteResendSchema = z.extend(FiscalNoteSchema, { notice: z._default(z.nullable(z.string()), null) });
export type FiscalNoteResend = z.infer<typeof FiscalNoteResendSchema>;

/** A note's detail: the row, its XML (nfeProc when authorized) and its events. */
export const FiscalNoteDetailSchema = z.extend(FiscalNoteSchema, {
  xml: z.string(),
  events: z.array(
    z.object({
      type: z.string(),
      sequence: z.int(),
      protocol: z.nullable(z.string()),
      registered_at: z.nullable(z.string()),
      cstat: z.nullable(z.int()),
      reason: z.nullable(z.string()),
      justification: z.string(),
    }),
  ),
});
export type FiscalNoteDetail = z.infer<typeof FiscalNoteDetailSchema>;

export const FiscalNoteListQuerySchema = z.object({
  status: optionalFilter(z.enum(FISCAL_NOTE_STATUSES)),
  series: optionalFilter(z.coerce.number().check(z.int(), z.gte(0), z.lte(NFCE_SERIES_MAX))),
  from: optionalFilter(IsoDate),
  to: optionalFilter(IsoDate),
  /** Key, number or sale number. */
  q: optionalFilter(z.string().check(z.trim(), z.maxLength(60))),
  ...PageQuery,
});
export type FiscalNoteListQuery = z.infer<typeof FiscalNoteListQuerySchema>;

export const FiscalNoteCancelSchema = z.object({ justification: Justification });

/** A run of skipped numbers of one series, voided with SEFAZ (inutilização). */
export const InutilizationCreateSchema = z
  .object({
    series: z.int().check(z.gte(0), z.lte(NFCE_SERIES_MAX)),
    first: z.int().check(z.gte(1), z.lte(999_999_999)),
    last: z.int().check(z.gte(1), z.lte(999_999_999)),
    justification: Justification,
  })
  .check(
    z.refine((r) => r.last >= r.first, {
      path: ['last'],
      error: 'O último número deve ser maior ou igual ao primeiro',
    }),
  );

/** homologada: SEFAZ voided the numbers (102, or 'already voided' on a retry); rejeitada: it refused; pendente: sent, no answer (em dúvida: try the same range again). */
export const INUTILIZATION_STATUSES = ['pendente', 'homologada', 'rejeitada'] as const;
export const INUTILIZATION_STATUS_LABELS: Readonly<Record<(typeof INUTILIZATION_STATUSES)[number], string>> = {
  pendente: 'Em dúvida',
  homologada: 'Homologada',
  rejeitada: 'Rejeitada',
};

export const InutilizationSchema = z.object({
  id: Id,
  series: z.int(),
  first: z.int(),
  last: z.int(),
  justification: z.string(),
  status: z.enum(INUTILIZATION_STATUSES),
  protocol: z.nullable(z.string()),
  cstat: z.nullable(z.int()),
  reason: z.nullable(z.string()),
  created_at: Timestamp,
});

/** Numbers of a series that were skipped (no note, not voided), found for the admin. */
export const NumberGapSchema = z.object({ series: z.int(), first: z.int(), last: z.int() });

export const FiscalNoteListResponseSchema = envelope(pageOf('notes', FiscalNoteSchema));
export const FiscalNoteResendResponseSchema = envelope(FiscalNoteResendSchema);
export const FiscalNoteDetailResponseSchema = envelope(FiscalNoteDetailSchema);
export const InutilizationResponseSchema = envelope(InutilizationSchema);
export const NumberGapsResponseSchema = envelope(
  z.object({
    gaps: z.array(NumberGapSchema),
    /** Inutilizações sent without an answer: the admin tries each range again (absent from servers before it). */
    in_doubt: z._default(z.array(InutilizationSchema), []),
  }),
);
