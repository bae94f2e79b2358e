// Errors of the API client. An HTTP error carries the server's status and code; a
// network error (fetch threw: offline, DNS, CORS) has status 0 and code 'NETWORK' so
// the offline layer can tell "the server said no" from "the server was not reached".

export const NETWORK_ERROR_CODE = 'NETWORK';
export const FALLBACK_ERROR_TEXT = 'Erro na requisição';
export const NETWORK_ERROR_TEXT = 'Não foi possível conectar ao servidor. Verifique sua conexão.';
export const UNKNOWN_ERROR_TEXT = 'Erro desconhecido';

export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Server error code (VALIDATION, NOT_FOUND...) or a client code (NETWORK, INVALID_RESPONSE...). */
  readonly code: string;
  /** Server `details`: zod issues for a 400. */
  readonly details: unknown;

  constructor(message: string, status: number, code: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export class NetworkError extends ApiError {
  override readonly name = 'NetworkError';
  constructor(cause?: unknown) {
    super(NETWORK_ERROR_TEXT, 0, NETWORK_ERROR_CODE);
    this.cause = cause;
  }
}

export const TIMEOUT_ERROR_TEXT = 'O servidor não respondeu a tempo.';

/** No answer within the request's deadline: as good as the network failing (retry later). */
export class TimeoutError extends NetworkError {
  readonly timedOut = true;
  constructor() {
    super();
    this.message = TIMEOUT_ERROR_TEXT;
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof ApiError && error.code === NETWORK_ERROR_CODE;
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Spec §8: the response's `error`, else its `message`, else the fallback. */
export function errorTextFromBody(body: unknown, fallback: string = FALLBACK_ERROR_TEXT): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    return nonEmptyString(record.error) ?? nonEmptyString(record.message) ?? fallback;
  }
  return fallback;
}

/**
 * Toast description for a failed action (spec §8): the server's error text, else
 * `fallback` ('Erro ao <ação>'), else 'Erro desconhecido' for things that are not errors.
 */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof Error) return nonEmptyString(error.message) ?? fallback;
  return UNKNOWN_ERROR_TEXT;
}

/** The call's own text (spec §8) when the server's answer carries no message. */
export async function withFallbackText<T>(call: Promise<T>, fallback: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.message === FALLBACK_ERROR_TEXT) {
      throw new ApiError(fallback, error.status, error.code, error.details);
    }
    throw error;
  }
}
