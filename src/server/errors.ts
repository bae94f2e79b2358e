// Errors a service may throw on purpose. The error handler turns them into the envelope
// {success:false, error, code, details?}; anything else is a 500 that leaks nothing.
import type { ErrorCode } from '../shared/contract';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_STOCK: 409,
  PRICE_CHANGED: 409,
  IDEMPOTENCY_MISMATCH: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly statusCode: number;
  /** Extra response headers (Retry-After of RATE_LIMITED). */
  headers: Record<string, string> = {};
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    statusCode?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode ?? STATUS[code];
  }
}

export const MESSAGES = {
  forbidden: 'Você não tem permissão para acessar este recurso.',
  unauthenticated: 'Sessão expirada. Faça login novamente.',
  notAuthenticated: 'Autenticação necessária. Faça login para continuar.',
  internal: 'Erro interno do servidor',
  notFound: 'Recurso não encontrado.',
  tenantNotFound: 'Empresa não encontrada ou subdomain inválido',
  badCredentials: 'E-mail ou senha incorretos.',
  inactiveUser: 'Usuário inativo. Procure o administrador da loja.',
} as const;

export const notFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, details?: unknown) => new AppError('CONFLICT', message, details);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError('FORBIDDEN', message);
export const unauthenticated = (message: string = MESSAGES.unauthenticated) => new AppError('UNAUTHENTICATED', message);
export const badRequest = (message: string, details?: unknown) => new AppError('VALIDATION', message, details);
