// Tributos aproximados (Lei 12.741/2012) in Configurações > Fiscal, admins only: the IBPT
// table of the store's state, sent as the file IBPT publishes (in base64, as the A1 is
// sent) and read by the server (fiscal/ibpt-csv.ts), and what the store has of it: version,
// validity, rows, when it was imported. A bad file is a 400 whose details list each bad
// line ({ errors: IbptLineError[] }).
import { z } from 'zod/mini';
import { UFS } from '../fiscal/uf';
import { Timestamp, envelope } from './common';

/** The largest file accepted: a state's table is about 2 MB. */
export const IBPT_FILE_MAX_BYTES = 8 * 1024 * 1024;

export const IbptUploadSchema = z.object({
  file_base64: z.string({ error: 'Envie o arquivo da tabela do IBPT' }).check(
    z.minLength(1, { error: 'Envie o arquivo da tabela do IBPT' }),
    z.maxLength(Math.ceil(IBPT_FILE_MAX_BYTES / 3) * 4, {
      error: 'Arquivo grande demais para a tabela do IBPT (até 8 MB)',
    }),
    z.regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Arquivo da tabela em formato inválido' }),
  ),
  /** The file's name as chosen ('TabelaIBPTaxSP26.1.A.csv'): it says the table's UF. */
  file_name: z.nullish(z.string().check(z.trim(), z.maxLength(255))),
});
export type IbptUpload = z.infer<typeof IbptUploadSchema>;

export const IbptTableInfoSchema = z.object({
  version: z.string(),
  /** YYYY-MM-DD: the earliest start and the latest end of the rows' validity. */
  valid_from: z.string(),
  valid_until: z.string(),
  /** NCM rows kept. */
  count: z.number().check(z.int()),
  imported_at: Timestamp,
  /** The UF the file's name gave; null when it did not say. */
  uf: z.nullable(z.enum(UFS)),
  source: z.string(),
  /** The table's chave, which the DANFE's line cites with the source and version. */
  key: z.string(),
  /** Today is within the validity (the notes carry vTotTrib only then). */
  in_force: z.boolean(),
});
export type IbptTableInfo = z.infer<typeof IbptTableInfoSchema>;

export const IbptImportResultSchema = z.object({
  table: IbptTableInfoSchema,
  /** Service rows (NBS, LC 116) left out. */
  skipped: z.number().check(z.int()),
  /** Said to the admin, the table kept all the same (another state's table, out of force). */
  warnings: z.array(z.string()),
});
export type IbptImportResult = z.infer<typeof IbptImportResultSchema>;

export const IbptTableResponseSchema = envelope(z.nullable(IbptTableInfoSchema));
export const IbptImportResponseSchema = envelope(IbptImportResultSchema);

export const IbptLineErrorSchema = z.object({ line: z.number().check(z.int()), message: z.string() });
