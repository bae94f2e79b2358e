// The error envelope {success:false, error, code, details?} for every failure.
// 500 answers never carry internals; they are logged instead.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../shared/contract';
import { AppError, MESSAGES } from '../errors';
import { issueDetails, validationMessage } from '../validation';

function errorBody(code: ErrorCode, error: string, details?: unknown): ErrorBody {
  return { success: false, error, code, ...(details === undefined ? {} : { details }) };
}

/** The envelope of a refusal a service threw (the batch answers one per sale). */
export function errorBodyOf(error: AppError): ErrorBody {
  return errorBody(error.code, error.message, error.details);
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  error: string,
  details?: unknown,
): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(code, error, details));
}

function clientErrorMessage(err: FastifyError): { status: number; message: string } {
  const status = err.statusCode ?? 400;
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { status: 400, message: 'Dados inválidos: corpo JSON vazio.' };
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
    return { status: 400, message: 'Dados inválidos: o corpo da requisição não é um JSON válido.' };
  }
  if (status === 413) return { status, message: 'A requisição é grande demais.' };
  if (status === 415) return { status, message: 'Tipo de conteúdo não suportado: envie application/json.' };
  return { status, message: 'Requisição inválida.' };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = issueDetails(
        err.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: v.message ?? 'Valor inválido',
          code: v.keyword,
        })),
      );
      return sendError(reply, 400, 'VALIDATION', validationMessage(details), details);
    }
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, 'erro de aplicação');
      reply.headers(err.headers);
      return sendError(reply, err.statusCode, err.code, err.message, err.details);
    }
    if (err instanceof ResponseSerializationError) {
      request.log.error({ err, cause: err.cause }, 'resposta não confere com o schema');
      return sendError(reply, 500, 'INTERNAL', MESSAGES.internal);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const { status: s, message } = clientErrorMessage(err);
      const code: ErrorCode =
        s === 401
          ? 'UNAUTHENTICATED'
          : s === 403
            ? 'FORBIDDEN'
            : s === 404
              ? 'NOT_FOUND'
              : s === 429
                ? 'RATE_LIMITED'
                : 'VALIDATION';
      return sendError(reply, s, code, message);
    }
    request.log.error({ err }, 'erro interno');
    return sendError(reply, 500, 'INTERNAL', MESSAGES.internal);
  });
}
