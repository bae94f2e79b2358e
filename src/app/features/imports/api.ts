// Importar planilha data: the preview (the file read, nothing written), the confirm (with
// its Idempotency-Key: a repeat after a lost answer imports once) and the past imports.
// After a confirm the lists that show what was imported are fetched again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ImportListResponseSchema,
  ImportPreviewResponseSchema,
  ImportResponseSchema,
  type ImportKind,
  type ImportMapping,
  type StockMode,
} from '../../../shared/contract/imports';
import { api } from '../../lib/api';
import { FINANCE_KEY, newIdempotencyKey } from '../../lib/accounts/common';
import { sendSheet } from './send-sheet';

export { newIdempotencyKey };

export const importKeys = {
  all: ['imports'] as const,
  list: (kind: ImportKind) => [...importKeys.all, kind] as const,
};

/** What goes with the file. */
export interface SheetRequest {
  kind: ImportKind;
  file: File;
  mapping: ImportMapping | null;
  stockMode: StockMode;
  onProgress?: (sent: number) => void;
}

const queryOf = ({ file, mapping, stockMode }: SheetRequest) => ({
  file_name: file.name.slice(0, 200) || 'planilha',
  mapping: mapping ? JSON.stringify(mapping) : null,
  stock_mode: stockMode,
});

export function useImportPreview() {
  return useMutation({
    mutationFn: async (request: SheetRequest) =>
      (
        await sendSheet(ImportPreviewResponseSchema, {
          path: `/imports/${request.kind}/preview`,
          file: request.file,
          query: queryOf(request),
          onProgress: request.onProgress,
        })
      ).data,
  });
}

/** What each kind's import changes on other screens. */
const TOUCHES: Record<ImportKind, readonly (readonly string[])[]> = {
  products: [['products'], ['dashboard']],
  customers: [['customers']],
  receivables: [['customers'], FINANCE_KEY, ['dashboard']],
};

export function useConfirmImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, key }: { request: SheetRequest; key: string }) =>
      (
        await sendSheet(ImportResponseSchema, {
          path: `/imports/${request.kind}`,
          file: request.file,
          query: queryOf(request),
          headers: { 'Idempotency-Key': key },
          onProgress: request.onProgress,
        })
      ).data,
    onSuccess: (_data, { request }) =>
      Promise.all([importKeys.all, ...TOUCHES[request.kind]].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export function useImports(kind: ImportKind) {
  return useQuery({
    queryKey: importKeys.list(kind),
    queryFn: async () =>
      (await api.get(ImportListResponseSchema, '/imports', { query: { kind, page: 1, limit: 10 } })).data.imports,
  });
}
