// The HTTP edge of the app: same-origin /api, JSON, Bearer token, refresh before a
// request and once after a 401, responses parsed by the contract's schemas.
// Network and token logic live in token-store.ts and refresh-coordinator.ts so the
// offline layer can wrap them.
import { z } from 'zod/mini';
import { RefreshResponseSchema, RefreshSchema, type TokenSet } from '../../shared/contract/auth';
import { ApiError, NetworkError, TimeoutError, errorTextFromBody } from './api-error';
import { serverUnavailable } from './retry-policy';
import type { RefreshCoordinator } from './refresh-coordinator';
import type { TokenStore } from './token-store';

export const API_BASE = '/api';
export const REFRESH_FAILED_TEXT = 'Failed to refresh token';
export const INVALID_REFRESH_TEXT = 'Invalid refresh response';
export const INVALID_RESPONSE_TEXT = 'Resposta inválida do servidor';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export interface RequestOptions {
  /** Query string values; null, undefined and '' are left out. */
  query?: Record<string, QueryValue>;
  /** JSON body, already encoded with the contract (z.encode). */
  body?: unknown;
  /** Send the Bearer token and refresh it when needed (default true). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Gives up after this long (TimeoutError, a NetworkError): the fetch is aborted and a
   * token refresh still under way is left behind. For callers that retry with the same
   * Idempotency-Key (the outbox), so a connection the network swallows never holds them.
   */
  timeoutMs?: number;
}

/** Calls the real fetch at call time, so tests may stub the global. */
export const globalFetch: FetchFn = (input, init) => globalThis.fetch(input, init);

export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function sendOnce(fetchFn: FetchFn, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetchFn(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

function httpError(response: Response, body: unknown, fallback?: string): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = typeof record.code === 'string' ? record.code : `HTTP_${response.status}`;
  return new ApiError(errorTextFromBody(body, fallback), response.status, code, record.details);
}

/** POST /auth/refresh, with the refresh error texts of spec §8. */
export function createRefreshRequest(fetchFn: FetchFn = globalFetch, base: string = API_BASE) {
  return async (refreshToken: string): Promise<TokenSet> => {
    const response = await sendOnce(fetchFn, `${base}/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(z.encode(RefreshSchema, { refreshToken })),
    });
    const body = await readJson(response);
    if (!response.ok) throw httpError(response, body, REFRESH_FAILED_TEXT);
    const parsed = RefreshResponseSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(INVALID_REFRESH_TEXT, response.status, 'INVALID_REFRESH_RESPONSE');
    return parsed.data.data;
  };
}

/** Runs `run` with a deadline; past it the signal aborts and TimeoutError is thrown. */
async function withDeadline<T>(
  timeoutMs: number | undefined,
  outer: AbortSignal | undefined,
  run: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (timeoutMs === undefined) return run(outer);
  const controller = new AbortController();
  const abort = () => controller.abort();
  outer?.addEventListener('abort', abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutError());
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } catch (error) {
    // fetch reports the deadline's abort as an AbortError.
    if (controller.signal.aborted && !outer?.aborted) throw new TimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abort);
  }
}

export interface ApiClientOptions {
  tokens: TokenStore;
  refresher: RefreshCoordinator;
  fetchFn?: FetchFn;
  base?: string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient({ tokens, refresher, fetchFn = globalFetch, base = API_BASE }: ApiClientOptions) {
  async function prepareToken(): Promise<string | null> {
    try {
      await refresher.ensureFresh();
    } catch (error) {
      // Offline or server down: the current token may still be good for a few minutes.
      const expiresAt = tokens.getExpiresAt();
      const stillValid = expiresAt === null || expiresAt > Date.now();
      if (!serverUnavailable(error) || !stillValid) throw error;
    }
    return tokens.getAccessToken();
  }

  function initFor(method: HttpMethod, options: RequestOptions, token: string | null): RequestInit {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    return {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    };
  }

  /** Sends a request and returns the JSON body of a successful answer; throws ApiError. */
  function send(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<unknown> {
    return withDeadline(options.timeoutMs, options.signal, (signal) => sendNow(method, path, { ...options, signal }));
  }

  async function sendNow(method: HttpMethod, path: string, options: RequestOptions): Promise<unknown> {
    const auth = options.auth ?? true;
    const url = buildUrl(base, path, options.query);
    const token = auth ? await prepareToken() : null;
    let response = await sendOnce(fetchFn, url, initFor(method, options, token));
    if (response.status === 401 && auth && tokens.getRefreshToken()) {
      const fresh = await refresher.refresh(token);
      response = await sendOnce(fetchFn, url, initFor(method, options, fresh));
    }
    const body = await readJson(response);
    if (!response.ok) throw httpError(response, body);
    if (response.status === 204 && body === null) return { success: true };
    if (body && typeof body === 'object' && (body as { success?: unknown }).success === false) {
      throw httpError(response, body);
    }
    return body;
  }

  /** Sends a request and parses the answer with a contract schema (decoding money to centavos). */
  async function request<S extends z.ZodMiniType>(
    schema: S,
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const body = await send(method, path, options);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ApiError(INVALID_RESPONSE_TEXT, 200, 'INVALID_RESPONSE', parsed.error.issues);
    return parsed.data;
  }

  /** GETs a file (a ZIP) as a Blob, with the session's token; a refusal throws ApiError as any request. */
  async function download(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
    const url = buildUrl(base, path, options.query);
    const token = await prepareToken();
    const init = (bearer: string | null): RequestInit => ({
      method: 'GET',
      headers: { Accept: '*/*', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      signal: options.signal,
    });
    let response = await sendOnce(fetchFn, url, init(token));
    if (response.status === 401 && tokens.getRefreshToken())
      response = await sendOnce(fetchFn, url, init(await refresher.refresh(token)));
    if (!response.ok) throw httpError(response, await readJson(response));
    return response.blob();
  }

  type Options = Omit<RequestOptions, 'body'>;
  return {
    send,
    request,
    download,
    get: <S extends z.ZodMiniType>(schema: S, path: string, options?: Options) => request(schema, 'GET', path, options),
    post: <S extends z.ZodMiniType>(schema: S, path: string, body?: unknown, options?: Options) =>
      request(schema, 'POST', path, { ...options, body }),
    put: <S extends z.ZodMiniType>(schema: S, path: string, body?: unknown, options?: Options) =>
      request(schema, 'PUT', path, { ...options, body }),
    patch: <S extends z.ZodMiniType>(schema: S, path: string, body?: unknown, options?: Options) =>
      request(schema, 'PATCH', path, { ...options, body }),
    delete: <S extends z.ZodMiniType>(schema: S, path: string, options?: Options) =>
      request(schema, 'DELETE', path, options),
  };
}
