import { z } from 'zod';
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
  z.string().max(2, { error: 'UF: use a sigla de 2 letras' }).nullish(),
  z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'UF: use a sigla de 2 letras' })
    .nullable(),
  { decode: (v) => (v == null || v.trim() === '' ? null : v.trim().toUpperCase()), encode: (v) => v },
);

const ZipCode = z.codec(
  z.string().max(10).nullish(),
  z
    .string()
    .regex(/^\d{8}$/, { error: 'CEP inválido (8 dígitos)' })
    .nullable(),
  { decode: (v) => (v == null || v.trim() === '' ? null : v.replace(/\D/g, '')), encode: (v) => v },
);

export const CustomerSchema = z.object({
  id: Id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** CPF or CNPJ, bare */
  document: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  /** The most open crediário the customer may owe; null: the store's default. */
  credit_limit: Money.nullable().optional(),
  active: z.boolean(),
  /** The vale-troca balance (store credit); read only: returns credit it, sales use it. */
  store_credit: Money.optional(),
  /** The store's built-in 'Consumidor final' (shared/final-consumer.ts); read only. */
  final_consumer: z.boolean().optional(),
  ...RecordStamps,
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerCreateSchema = z.object({
  /** The client may choose the id (customers created offline). */
  id: Id.optional(),
  name: RequiredText('Nome', 200),
  email: OptionalEmail.optional(),
  phone: OptionalText(30).optional(),
  document: OptionalDocument.optional(),
  address: OptionalText(300).optional(),
  city: OptionalText(120).optional(),
  state: State.optional(),
  zip_code: ZipCode.optional(),
  /** R$ of open crediário allowed (null: the store's default). */
  credit_limit: Money.nullable().optional(),
  active: z.boolean().default(true),
});
export type CustomerCreate = z.infer<typeof CustomerCreateSchema>;

/** Partial update: only the fields sent change (`active` is not defaulted back to true). */
export const CustomerUpdateSchema = CustomerCreateSchema.omit({ id: true }).extend({ active: z.boolean() }).partial();
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
