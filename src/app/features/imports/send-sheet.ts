// A spreadsheet to the server as the raw request body, with the upload's progress: the
// JSON client (lib/api-client.ts) sends no files and cannot tell how far a send has gone,
// so this one goes by XMLHttpRequest with the same token, refreshed first, and the same
// errors (ApiError with the server's pt-BR sentence, NetworkError when nothing answered).
import type { z } from 'zod/mini';
import { API_BASE, buildUrl, INVALID_RESPONSE_TEXT, type QueryValue } from '../../lib/api-client';
import { ApiError, errorTextFromBody, NetworkError } from '../../lib/api-error';
import { refreshCoordinator, tokenStore } from '../../lib/api';

export interface SheetSend {
  path: string;
  file: Blob;
  query: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** 0..1 of the file sent */
  onProgress?: (sent: number) => void;
}

function post({ path, file, query, headers, onProgress }: SheetSend, token: string | null): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(API_BASE, path, query));
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new NetworkError());
    xhr.send(file);
  });
}

function bodyOf(xhr: XMLHttpRequest): unknown {
  try {
    return JSON.parse(xhr.responseText) as unknown;
  } catch {
    return null;
  }
}

/** Sends the file and parses the answer with `schema`; a refusal throws ApiError with the server's sentence. */
export async function sendSheet<S extends z.ZodMiniType>(schema: S, send: SheetSend): Promise<z.output<S>> {
  await refreshCoordinator.ensureFresh().catch(() => undefined);
  let xhr = await post(send, tokenStore.getAccessToken());
  if (xhr.status === 401 && tokenStore.getRefreshToken()) {
    xhr = await post(send, await refreshCoordinator.refresh(tokenStore.getAccessToken()));
  }
  const body = bodyOf(xhr);
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (xhr.status >= 400 || record.success === false) {
    const code = typeof record.code === 'string' ? record.code : `HTTP_${xhr.status}`;
    throw new ApiError(errorTextFromBody(body), xhr.status, code, record.details);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(INVALID_RESPONSE_TEXT, xhr.status, 'INVALID_RESPONSE', parsed.error.issues);
  return parsed.data;
}
