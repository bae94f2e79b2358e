// Field errors for forms: from the contract's own validation (before sending) and from
// a server 400's `details` (zod issues with path and message).
import { z } from 'zod/mini';
import { ApiError } from './api-error';

export type FieldErrors = Record<string, string>;

interface IssueLike {
  /** zod: an array of keys; the server's details: a dotted string ('items.0.quantity'). */
  path?: readonly PropertyKey[] | string;
  message?: unknown;
}

function fieldOf(path: IssueLike['path']): string | null {
  const first = typeof path === 'string' ? path.split('.')[0] : path?.[0];
  return typeof first === 'string' && first !== '' ? first : null;
}

function fromIssues(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field === null || typeof issue.message !== 'string') continue;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Field errors carried by a refused request (400 details; a 4xx may carry them too), or {}. */
export function fieldErrorsFrom(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return {};
  const details = error.details;
  if (Array.isArray(details)) return fromIssues(details as IssueLike[]);
  if (details && typeof details === 'object') {
    const record = details as Record<string, unknown>;
    if (Array.isArray(record.issues)) return fromIssues(record.issues as IssueLike[]);
    const fieldErrors = record.fieldErrors;
    if (fieldErrors && typeof fieldErrors === 'object') {
      const errors: FieldErrors = {};
      for (const [field, messages] of Object.entries(fieldErrors as Record<string, unknown>)) {
        if (Array.isArray(messages) && typeof messages[0] === 'string') errors[field] = messages[0];
      }
      return errors;
    }
  }
  return {};
}

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors; message: string };

/**
 * Validates form input with a contract schema: the same rules and messages as the
 * server, and the decoded value (centavos, blanks as null) the api functions encode.
 */
export function validateForm<S extends z.ZodMiniType>(schema: S, input: z.input<S>): FormResult<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: fromIssues(parsed.error.issues),
    message: parsed.error.issues[0]?.message ?? 'Dados inválidos',
  };
}
