// 'Notas Fiscais' data (admins): the notes with their filters, a note's detail, cancel and
// resend, the skipped numbers and their inutilização, the month's ZIP, and the products
// without NCM (GET /api/products?without_ncm=true). Each change
// reloads what it touched (the list, the note, the gaps).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FiscalNoteDetailResponseSchema,
  FiscalNoteListResponseSchema,
  FiscalNoteResendResponseSchema,
  InutilizationResponseSchema,
  NumberGapsResponseSchema,
  type FiscalNoteStatus,
} from '../../../shared/contract/fiscal-notes';
import { ProductListResponseSchema } from '../../../shared/contract/products';
import { nameWithVariant } from '../../../shared/product-variant';
import { api } from '../../lib/api';

export interface NoteFilters {
  status: FiscalNoteStatus | '';
  series: string;
  from: string;
  to: string;
  q: string;
}

export const NO_NOTE_FILTERS: NoteFilters = { status: '', series: '', from: '', to: '', q: '' };
export const NOTES_PAGE_SIZE = 20;

export const notesKeys = {
  all: ['fiscal-notes'] as const,
  list: (filters: NoteFilters, page: number) => ['fiscal-notes', 'list', filters, page] as const,
  one: (id: string) => ['fiscal-notes', 'one', id] as const,
  gaps: ['fiscal-notes', 'gaps'] as const,
  withoutNcm: ['fiscal-notes', 'without-ncm'] as const,
};

/** How many of the products without NCM are named (the count is all of them). */
export const WITHOUT_NCM_NAMED = 10;

/** The first products a note cannot carry yet (no NCM), named with their variant (variants share a name), and how many there are. */
export function useProductsWithoutNcm() {
  return useQuery({
    queryKey: notesKeys.withoutNcm,
    queryFn: () =>
      api
        .get(ProductListResponseSchema, '/products', { query: { without_ncm: true, limit: WITHOUT_NCM_NAMED } })
        .then((r) => ({
          names: r.data.products.map((p) => nameWithVariant(p.name, p)),
          total: r.data.pagination.total,
        })),
    // Read again each time the screen opens: the admin may have just completed them in Produtos.
    staleTime: 0,
  });
}

const keyed = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export function useFiscalNotes(filters: NoteFilters, page: number) {
  return useQuery({
    queryKey: notesKeys.list(filters, page),
    queryFn: () =>
      api
        .get(FiscalNoteListResponseSchema, '/fiscal/notes', {
          query: { ...filters, series: filters.series.trim(), q: filters.q.trim(), page, limit: NOTES_PAGE_SIZE },
        })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export function useFiscalNote(id: string | null) {
  return useQuery({
    queryKey: notesKeys.one(id ?? ''),
    queryFn: () => api.get(FiscalNoteDetailResponseSchema, `/fiscal/notes/${id}`).then((r) => r.data),
    enabled: id !== null,
  });
}

export function useNumberGaps() {
  return useQuery({
    queryKey: notesKeys.gaps,
    queryFn: () => api.get(NumberGapsResponseSchema, '/fiscal/gaps').then((r) => r.data),
  });
}

export function useCancelNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, justification }: { id: string; justification: string }) =>
      api
        .post(FiscalNoteDetailResponseSchema, `/fiscal/notes/${id}/cancel`, { justification }, keyed())
        .then((r) => r.data),
    onSuccess: (note) => {
      client.setQueryData(notesKeys.one(note.id), note);
      return client.invalidateQueries({ queryKey: [...notesKeys.all, 'list'] });
    },
  });
}

export function useResendNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(FiscalNoteResendResponseSchema, `/fiscal/notes/${id}/resend`, undefined, keyed()).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: notesKeys.all }),
  });
}

export function useInutilize() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { series: number; first: number; last: number; justification: string }) =>
      api.post(InutilizationResponseSchema, '/fiscal/inutilizations', body, keyed()).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: notesKeys.gaps }),
  });
}

/** The month's package for the accountant, saved as nfce-AAAA-MM.zip. */
export async function downloadMonth(month: string): Promise<void> {
  const blob = await api.download('/fiscal/notes/export', { query: { month } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `nfce-${month}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
