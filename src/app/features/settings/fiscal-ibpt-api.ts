// Configurações > Fiscal > 'Tributos aproximados (IBPT)': what the store has of the table
// (GET /fiscal/ibpt) and its import (POST /fiscal/ibpt, the file in base64 as the A1 is
// sent), after the file was read here line by line to show progress and its errors first.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IbptImportResponseSchema,
  IbptTableResponseSchema,
  type IbptImportResult,
  type IbptTableInfo,
} from '../../../shared/contract/fiscal-ibpt';
import { createIbptReader, decodeIbptFile, ibptLines, type IbptParse } from '../../../shared/fiscal/ibpt-csv';
import { api } from '../../lib/api';
import { fileToBase64 } from './fiscal-api';

export const ibptKeys = { table: ['fiscal', 'ibpt'] as const };

/** Lines read between two looks at the clock, and the work done between two paints. */
const SLICE = 250;
const FRAME_MS = 16;

export function fetchIbptTable(): Promise<IbptTableInfo | null> {
  return api.get(IbptTableResponseSchema, '/fiscal/ibpt').then((r) => r.data);
}

export function useIbptTable() {
  return useQuery({ queryKey: ibptKeys.table, queryFn: fetchIbptTable });
}

/** The file read as the server will read it, `onProgress(lines done, lines in all)` as it goes. */
export async function readIbptFile(
  file: Blob & { name?: string },
  onProgress: (done: number, total: number) => void,
): Promise<IbptParse> {
  const lines = ibptLines(decodeIbptFile(new Uint8Array(await file.arrayBuffer())));
  const reader = createIbptReader(file.name);
  let paused = performance.now();
  for (let i = 0; i < lines.length; i += 1) {
    reader.line(lines[i]!, i + 1);
    // Every few hundred lines, once a frame's time has gone by: the progress is painted.
    if ((i + 1) % SLICE === 0 && performance.now() - paused > FRAME_MS) {
      onProgress(i + 1, lines.length);
      await new Promise((resolve) => setTimeout(resolve, 0));
      paused = performance.now();
    }
  }
  onProgress(lines.length, lines.length);
  return reader.result();
}

export async function importIbptTable(file: Blob & { name?: string }): Promise<IbptImportResult> {
  const file_base64 = await fileToBase64(file);
  const body = { file_base64, file_name: file.name ?? null };
  const headers = { 'Idempotency-Key': crypto.randomUUID() };
  return api.post(IbptImportResponseSchema, '/fiscal/ibpt', body, { headers }).then((r) => r.data);
}

export function useImportIbptTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importIbptTable,
    onSuccess: (result) => queryClient.setQueryData(ibptKeys.table, result.table),
  });
}
