import { z } from 'zod';
import { Id, OptionalEmail, OptionalText, RequiredText, envelope } from './common';
import { isValidCnpj, stripDocument } from '../documents';

export const THEMES = ['claro', 'escuro'] as const;

const OptionalCnpj = z.codec(
  z.string().max(30).nullish(),
  z.string().refine(isValidCnpj, { error: 'CNPJ inválido' }).nullable(),
  { decode: (v) => (v == null || v.trim() === '' ? null : stripDocument(v)), encode: (v) => v },
);

export const CompanySchema = z.object({
  id: Id,
  name: z.string(),
  cnpj: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  theme: z.string(),
  currency: z.string(),
  subdomain: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

export const CompanyUpdateSchema = z.object({
  name: RequiredText('Nome da empresa', 200),
  cnpj: OptionalCnpj.optional(),
  phone: OptionalText(30).optional(),
  email: OptionalEmail.optional(),
  address: OptionalText(300).optional(),
  theme: z.enum(THEMES).default('claro'),
  currency: z.literal('BRL', { error: 'Moeda suportada: BRL' }).default('BRL'),
});
export type CompanyUpdate = z.infer<typeof CompanyUpdateSchema>;

export const CompanyResponseSchema = envelope(CompanySchema);

/**
 * What a receipt or a carnê prints of the store (GET /api/company/receipt-header): read by
 * everyone signed in, since the till prints it; the rest of the company stays with admins.
 */
export const ReceiptHeaderSchema = CompanySchema.pick({ name: true, cnpj: true, phone: true, address: true });
export type ReceiptHeader = z.infer<typeof ReceiptHeaderSchema>;
export const ReceiptHeaderResponseSchema = envelope(ReceiptHeaderSchema);
export const CompanyListResponseSchema = envelope(z.array(CompanySchema));
