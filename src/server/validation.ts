// zod issues => the VALIDATION envelope: 'Dados inválidos: name: Nome é obrigatório'.
import { z } from 'zod';
import { AppError } from './errors';

export interface IssueDetail {
  /** dotted path of the field ('items.0.quantity'); '' for the whole input */
  path: string;
  message: string;
  code?: string;
}

interface IssueLike {
  path: readonly PropertyKey[] | string;
  message: string;
  code?: string;
}

export function issueDetails(issues: readonly IssueLike[]): IssueDetail[] {
  return issues.map((issue) => ({
    path: typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.'),
    message: issue.message,
    ...(issue.code ? { code: issue.code } : {}),
  }));
}

export function validationMessage(details: readonly IssueDetail[]): string {
  const parts = details.slice(0, 5).map((d) => (d.path ? `${d.path}: ${d.message}` : d.message));
  const more = details.length > 5 ? ` (e mais ${details.length - 5})` : '';
  return `Dados inválidos: ${parts.join('; ')}${more}`;
}

export function validationError(issues: readonly IssueLike[]): AppError {
  const details = issueDetails(issues);
  return new AppError('VALIDATION', validationMessage(details), details);
}

/** Parses with a contract schema (decode) or throws the VALIDATION AppError. */
export function parseOrThrow<T extends z.core.$ZodType>(schema: T, value: unknown): z.output<T> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}
