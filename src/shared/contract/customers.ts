import { z } from 'zod/mini';
import {
  envelope,
  Id,
  Money,
  OptionalDocument,
  OptionalEmail,
  optionalFilter,
  OptionalText,
  pageOf,
  PageQuery,
  QueryBoolean,
  RecordStamps,
  RequiredText,
  SearchQuery,
} from './common';

const State = z.codec(
  z.nullish(z.string().check(z.maxLength(2, { error: 'UF: use a sigla de 2 letras' }))),
  z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/, { error: 'UF: use a sigla de 2 letras' }))),
  { decode: (v) => (v == null || v.trim() === '' ? null : v.trim().toUpperCase()), encode: (v) => v },
);

const ZipCode = z.codec(
  z.nullish(z.string().check(z.maxLength(10))),
  z.nullable(z.string().check(z.regex(/^\d{8}$/, { error: 'CEP inválido (8 dígitos)' }))),
  { decode: (v) => (v == null || v.trim() === '' ? null : v.replace(/\D/g, '')), encode: (v) => v },
);

export const CustomerSchema = z.object({
  id: Id,
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** CPF or CNPJ, bare */
  document: z.nullable(z.string()),
  address: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  zip_code: z.nullable(z.string()),
  /** The most open crediário the customer may owe; null: the store's default. */
  credit_limit: z.optional(z.nullable(Money)),
  active: z.boolean(),
  /** The vale-troca balance (store credit); read only: returns credit it, sales use it. */
  store_credit: z.optional(Money),
  /** The store's built-in 'Consumidor final' (shared/final-consumer.ts); read only. */
  final_consumer: z.optional(z.boolean()),
  ...RecordStamps,
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerCreateSchema = z.object({
  /** The client may choose the id (customers created offline). */
  id: z.optional(Id),
  name: RequiredText('Nome', 200),
  email: z.optional(OptionalEmail),
  phone: z.optional(OptionalText(30)),
  document: z.optional(OptionalDocument),
  address: z.optional(OptionalText(300)),
  city: z.optional(OptionalText(120)),
  state: z.optional(State),
  zip_code: z.optional(ZipCode),
  /** R$ of open crediário allowed (null: the store's default). */
  credit_limit: z.optional(z.nullable(Money)),
  active: z._default(z.boolean(), true),
});
export type CustomerCreate = z.infer<typeof CustomerCreateSchema>;

/** Partial update: only the fields sent change (`active` is not defaulted back to true). */
export const CustomerUpdateSchema = z.partial(
  z.extend(z.omit(CustomerCreateSchema, { id: true }), { active: z.boolean() }),
);
export type CustomerUpdate = z.infer<typeof CustomerUpdateSchema>;

export const CustomerListQuerySchema = z.object({
  ...PageQuery,
  /** name or document contains */
  search: SearchQuery,
  active: optionalFilter(QueryBoolean),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

export const CustomerListSchema = pageOf('customers', CustomerSchema);
export const CustomerListResponseSchema = envelope(CustomerListSchema);
export const CustomerResponseSchema = envelope(CustomerSchema);
