import { z } from 'zod/mini';
import { Id, OptionalEmail, OptionalText, RequiredText, envelope } from './common';
import { isValidCnpj, stripDocument } from '../documents';

export const THEMES = ['claro', 'escuro'] as const;

const OptionalCnpj = z.codec(
  z.nullish(z.string().check(z.maxLength(30))),
  z.nullable(z.string().check(z.refine(isValidCnpj, { error: 'CNPJ inválido' }))),
  { decode: (v) => (v == null || v.trim() === '' ? null : stripDocument(v)), encode: (v) => v },
);

export const CompanySchema = z.object({
  id: Id,
  name: z.string(),
  cnpj: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  address: z.nullable(z.string()),
  theme: z.string(),
  currency: z.string(),
  subdomain: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

export const CompanyUpdateSchema = z.object({
  name: RequiredText('Nome da empresa', 200),
  cnpj: z.optional(OptionalCnpj),
  phone: z.optional(OptionalText(30)),
  email: z.optional(OptionalEmail),
  address: z.optional(OptionalText(300)),
  theme: z._default(z.enum(THEMES), 'claro'),
  currency: z._default(z.literal('BRL', { error: 'Moeda suportada: BRL' }), 'BRL'),
});
export type CompanyUpdate = z.infer<typeof CompanyUpdateSchema>;

export const CompanyResponseSchema = envelope(CompanySchema);

/**
 * What a receipt or a carnê prints of the store (GET /api/company/receipt-header): read by
 * everyone signed in, since the till prints it; the rest of the company stays with admins.
 */
export const ReceiptHeaderSchema = z.pick(CompanySchema, { name: true, cnpj: true, phone: true, address: true });
export type ReceiptHeader = z.infer<typeof ReceiptHeaderSchema>;
export const ReceiptHeaderResponseSchema = envelope(ReceiptHeaderSchema);
export const CompanyListResponseSchema = envelope(z.array(CompanySchema));
