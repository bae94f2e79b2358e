// Spreadsheet imports (products, customers, open crediário). The file travels as the raw
// body of the request (application/octet-stream: never whole in memory, never in JSON);
// what goes with it travels in the query string: its name, the mapping the owner
// confirmed (which column is which field) and, for products, what the stock column means.
// The preview writes nothing; the confirm (Idempotency-Key) writes every valid row in one
// transaction, or nothing.
import { z } from 'zod/mini';
import { IMPORT_KINDS } from '../import/fields';
import { envelope, Id, Money, pageOf, PageQuery, PlainText, Timestamp } from './common';

export { IMPORT_KINDS, type ImportKind } from '../import/fields';

/** 'set': the file is a count (Definir estoque); 'add': the file is an entry (Somar ao estoque). */
export const STOCK_MODES = ['set', 'add'] as const;
export type StockMode = (typeof STOCK_MODES)[number];
export const STOCK_MODE_LABELS: Record<StockMode, string> = { set: 'Definir estoque', add: 'Somar ao estoque' };

/** The errors a preview lists (the count says how many there are in all). */
export const IMPORT_PREVIEW_MAX_ERRORS = 200;

export const IMPORT_MAPPING_INVALID = 'Mapeamento de colunas inválido';

/** Field key => column index (from 0), or null for no column. */
export const ImportMappingSchema = z.record(
  z.string().check(z.regex(/^[a-z_]{1,40}$/)),
  z.nullable(z.int().check(z.gte(0), z.lte(199))),
);
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/** The mapping as JSON in the query string. */
const MappingQuery = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(4000)),
    z.transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        // zod/mini's transform has no ctx.addIssue: push the issue classic's would.
        ctx.issues.push({ code: 'custom', message: IMPORT_MAPPING_INVALID, input: text });
        return z.NEVER;
      }
    }),
  ),
  ImportMappingSchema,
);

export const ImportKindParamsSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'Tipo de importação inválido' }),
});

export const ImportQuerySchema = z.object({
  file_name: z._default(PlainText().check(z.trim(), z.minLength(1), z.maxLength(200)), 'planilha'),
  /** absent: Balcão's guess from the headers */
  mapping: z.optional(MappingQuery),
  stock_mode: z._default(z.enum(STOCK_MODES, { error: 'Escolha Definir estoque ou Somar ao estoque' }), 'set'),
});
export type ImportQuery = z.input<typeof ImportQuerySchema>;

export const ImportCountsSchema = z.object({
  /** rows that create a record ('N novos') */
  created: z.int(),
  /** rows that change a record ('N a atualizar') */
  updated: z.int(),
  /** rows identical to what Balcão has: neither written nor counted as updates */
  unchanged: z.int(),
  /** rows with errors ('N com erro'): never written */
  errors: z.int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportRowErrorSchema = z.object({
  /** the row's number in the spreadsheet (the header is line 1) */
  line: z.int(),
  /** the field's name (null: the row as a whole) */
  field: z.nullable(z.string()),
  /** 'Linha 214, Preço: "12,5O" não é um valor' */
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ImportColumnSchema = z.object({
  index: z.int(),
  header: z.string(),
  /** the first values under it, as the sheet shows them */
  samples: z.array(z.string()),
});

export const ImportFieldSchema = z.object({ key: z.string(), label: z.string() });

export const ImportPreviewSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  /** data rows read (the header and empty rows aside) */
  rows: z.int(),
  columns: z.array(ImportColumnSchema),
  fields: z.array(ImportFieldSchema),
  mapping: ImportMappingSchema,
  stock_mode: z.enum(STOCK_MODES),
  counts: ImportCountsSchema,
  /** the first IMPORT_PREVIEW_MAX_ERRORS errors, in line order */
  errors: z.array(ImportRowErrorSchema),
  /** open crediário: the amount of the receivables the valid rows create */
  total: z.nullable(Money),
  /** open crediário: the customers the valid rows create (found by no CPF/CNPJ in the store) */
  new_customers: z.nullable(z.int()),
  /** this very file was imported before (then confirming changes nothing: 409) */
  already_imported: z.nullable(z.object({ at: Timestamp, by: z.nullable(z.string()) })),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;
export const ImportPreviewResponseSchema = envelope(ImportPreviewSchema);

export const ImportSchema = z.object({
  id: Id,
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  stock_mode: z.nullable(z.enum(STOCK_MODES)),
  counts: ImportCountsSchema,
  total: z.nullable(Money),
  created_by: z.nullable(Id),
  /** who, as the store's users list names them */
  created_by_name: z.nullable(z.string()),
  created_at: Timestamp,
});
export type Import = z.infer<typeof ImportSchema>;
export const ImportResponseSchema = envelope(ImportSchema);

export const ImportListQuerySchema = z.object({
  ...PageQuery,
  kind: z.optional(z.enum(IMPORT_KINDS)),
});
export type ImportListQuery = z.infer<typeof ImportListQuerySchema>;
export const ImportListSchema = pageOf('imports', ImportSchema);
export type ImportList = z.infer<typeof ImportListSchema>;
export const ImportListResponseSchema = envelope(ImportListSchema);
