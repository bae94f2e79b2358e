// Common pieces of the contract: ids, dates, money, pagination, envelope, error codes.
import { z } from 'zod/mini';
import { pt } from 'zod/locales';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { isIsoDate } from '../dates';
import { stripDocument, isValidDocument } from '../documents';
import { hasAtMostTwoDecimals, toCentavos, toReais } from '../money';
import { CONTROL_CHARS_MESSAGE, LINE_BREAKS_MESSAGE, controlCharsIssue } from '../text';

// Validation messages in Portuguese for server details and client forms alike.
// The contract is built with zod/mini (tree-shakable: the browser bundles only what it
// uses), whose objects are never compiled with eval, on the server either. In a browser
// (the page or the service worker) `jitless` stays: the app's Content-Security-Policy
// forbids eval, and even zod's caught probe for it is reported as a violation. The server's
// own schemas (classic zod, src/server) keep their compiled parsers.
const inBrowser = 'document' in globalThis || 'WorkerGlobalScope' in globalThis;
z.config(inBrowser ? { ...pt(), jitless: true } : pt());

export const Id = z.uuid({ error: 'Identificador inválido' });

/**
 * Who made an act at the counter: the user signed in on the device when it was made. Read
 * only for an act from the outbox (`offline`), which may be delivered under whoever signs
 * in later; the caixa rule then holds that user to it (caixa/cash-session-use.ts).
 */
export const MadeBy = z.optional(Id);

export const IsoDate = z.string().check(z.refine(isIsoDate, { error: 'Data inválida (use AAAA-MM-DD)' }));

export const Timestamp = z.iso.datetime({ offset: true, error: 'Data e hora inválidas' });

const MAX_REAIS = 1_000_000_000;

/** Reais at the JSON edge, integer centavos inside (decode) and back (encode). */
export const Money = z.codec(
  z
    .number({ error: 'Informe um valor numérico' })
    .check(
      z.gte(0, { error: 'O valor não pode ser negativo' }),
      z.lte(MAX_REAIS, { error: 'Valor alto demais' }),
      z.refine(hasAtMostTwoDecimals, { error: 'Use no máximo duas casas decimais' }),
    ),
  z.int().check(z.gte(0)),
  { decode: toCentavos, encode: toReais },
);

/** Money that may be negative (balances, results of reports). */
export const SignedMoney = z.codec(z.number().check(z.gte(-MAX_REAIS * 100), z.lte(MAX_REAIS * 100)), z.int(), {
  decode: toCentavos,
  encode: toReais,
});

/** Money of something paid or charged: more than zero. */
export const PositiveMoney = Money.check(z.refine((c) => c > 0, { error: 'O valor deve ser maior que zero' }));

/** A whole number of units (stock, quantities). */
export const Quantity = z.int({ error: 'Use um número inteiro' });

/** Units of one sale or return line: at least 1; the cap keeps totals exact and stock in range. */
export const SALE_ITEM_MAX_QUANTITY = 1_000_000;
export const LineQuantity = Quantity.check(
  z.gte(1, { error: 'A quantidade deve ser maior que zero' }),
  z.lte(SALE_ITEM_MAX_QUANTITY, { error: 'Quantidade alta demais' }),
);

/** Typed text: no control characters; tab and line breaks only when `multiline`. */
export const PlainText = ({ multiline = false, label }: { multiline?: boolean; label?: string } = {}) =>
  z.string(label ? { error: `${label} é obrigatório` } : undefined).check(
    z.refine((v) => controlCharsIssue(v, { multiline }) === null, {
      error: (issue) =>
        controlCharsIssue(String(issue.input), { multiline }) === LINE_BREAKS_MESSAGE
          ? LINE_BREAKS_MESSAGE
          : CONTROL_CHARS_MESSAGE,
    }),
  );

/** Optional free text: trimmed; blank becomes null. Notes are `multiline`. */
export const OptionalText = (max = 500, options: { multiline?: boolean } = {}) =>
  z.codec(
    z.nullish(PlainText(options).check(z.maxLength(max, { error: `Máximo de ${max} caracteres` }))),
    z.nullable(z.string()),
    {
      decode: (v) => (v == null || v.trim() === '' ? null : v.trim()),
      encode: (v) => v,
    },
  );

/** Required text: trimmed, not blank. */
export const RequiredText = (label: string, max = 200) =>
  PlainText({ label }).check(
    z.trim(),
    z.minLength(1, { error: `${label} é obrigatório` }),
    z.maxLength(max, { error: `${label}: máximo de ${max} caracteres` }),
  );

/** A list's search box ('' and 'all' mean no filter). */
export const SearchQuery = optionalFilterOf(
  PlainText().check(z.maxLength(200, { error: 'Busca: máximo de 200 caracteres' })),
);

export const Email = z.pipe(
  z.string({ error: 'E-mail é obrigatório' }).check(z.trim(), z.toLowerCase()),
  z.email({ error: 'E-mail inválido' }),
);

export const OptionalEmail = z.codec(z.nullish(z.string()), z.nullable(z.email({ error: 'E-mail inválido' })), {
  decode: (v) => (v == null || v.trim() === '' ? null : v.trim().toLowerCase()),
  encode: (v) => v,
});

/** CPF or CNPJ, formatted or bare; stored bare. Blank becomes null. */
export const OptionalDocument = z.codec(
  z.nullish(z.string().check(z.maxLength(30))),
  z.nullable(z.string().check(z.refine(isValidDocument, { error: 'CPF ou CNPJ inválido' }))),
  {
    decode: (v) => (v == null || v.trim() === '' ? null : stripDocument(v)),
    encode: (v) => v,
  },
);

/** 'true' / 'false' in a query string. */
export const QueryBoolean = z.codec(z.enum(['true', 'false']), z.boolean(), {
  decode: (s) => s === 'true',
  encode: (b) => (b ? 'true' : 'false'),
});

/** An integer in a query string. */
export const QueryInt = (min: number, max: number) =>
  z.codec(
    z.string().check(z.regex(/^-?\d+$/, { error: 'Número inteiro inválido' })),
    z.int().check(z.gte(min), z.lte(max)),
    {
      decode: (s) => Number(s),
      encode: (n) => String(n),
    },
  );

/** Reais in a query string (cash-flow min/max amount). */
export const QueryMoney = z.codec(
  z.string().check(z.regex(/^\d+(\.\d{1,2})?$/, { error: 'Valor inválido' })),
  z.int().check(z.gte(0)),
  {
    decode: (s) => toCentavos(Number(s)),
    encode: (c) => toReais(c).toFixed(2),
  },
);

export const PageQuery = {
  page: z._default(QueryInt(1, 1_000_000), DEFAULT_PAGE),
  limit: z._default(QueryInt(1, MAX_PAGE_SIZE), DEFAULT_PAGE_SIZE),
};

/** A range of São Paulo days in a query (either end may be absent). */
export const DayRangeQuery = {
  start_date: optionalFilterOf(IsoDate),
  end_date: optionalFilterOf(IsoDate),
};

/**
 * zod/mini has no `z.preprocess`: this is what classic's builds (a pipe from a transform into
 * the schema), typed as classic types it (input unknown, optional when the schema is).
 */
export type Preprocess<B extends z.core.SomeType> = z.ZodMiniType<
  z.output<B>,
  unknown,
  z.core.$ZodPreprocessInternals<B, unknown>
>;
export function preprocess<B extends z.core.SomeType>(fn: (value: unknown) => unknown, schema: B): Preprocess<B> {
  return z.pipe(z.transform(fn), schema as unknown as z.core.$ZodType<unknown, unknown>) as unknown as Preprocess<B>;
}

/** Query values the client may send as '' or 'all' mean "no filter" (spec §7). */
export const optionalFilter = optionalFilterOf;
function optionalFilterOf<T extends z.ZodMiniType>(schema: T) {
  return preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.optional(schema));
}

export const PaginationSchema = z.object({
  page: z.int(),
  limit: z.int(),
  total: z.int(),
  totalPages: z.int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** One page of a list: the rows under `key`, and where the page stands. */
export function pageOf<K extends string, T extends z.ZodMiniType, P extends z.ZodMiniType = typeof PaginationSchema>(
  key: K,
  row: T,
  pagination: P = PaginationSchema as unknown as P,
) {
  return z.object({ [key]: z.array(row), pagination } as { [k in K]: z.ZodMiniArray<T> } & { pagination: P });
}

/** When a record was created and last changed (optional: not every answer carries them). */
export const RecordStamps = { created_at: z.optional(Timestamp), updated_at: z.optional(Timestamp) };

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_STOCK',
  'PRICE_CHANGED',
  'IDEMPOTENCY_MISMATCH',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.optional(z.unknown()),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** `{success: true, data}` around a data schema. */
export const envelope = <T extends z.ZodMiniType>(data: T) => z.object({ success: z.literal(true), data });
/** The body of a successful answer, as `envelope` describes it. */
export const successBody = <T>(data: T) => ({ success: true as const, data });

/** `{success: true, message}` for calls whose answer is only an acknowledgement. */
export const AckSchema = z.object({ success: z.literal(true), message: z.optional(z.string()) });

/** The header every mutating call may carry (DESIGN.md: idempotency); the outbox sends a UUID. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IdempotencyKeySchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'Idempotency-Key vazia' }),
    z.maxLength(200, { error: 'Idempotency-Key: máximo de 200 caracteres' }),
    z.regex(/^[\x21-\x7e]+$/, { error: 'Idempotency-Key: use apenas caracteres ASCII visíveis' }),
  );

export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;
