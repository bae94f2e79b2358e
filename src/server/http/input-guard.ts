// Every /api request's body, query string and path parameters are checked for control
// characters (src/shared/text.ts) before their schema runs, so no route can pass a NUL
// to PostgreSQL (a 500) or store an invisible character: 400 naming the field. The
// schemas add the stricter single-line rule where a field is one line.
import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARS_MESSAGE, findControlChars } from '../../shared/text';
import { validationError } from '../validation';

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api')) return;
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const path = findControlChars(value);
      if (path !== null) {
        throw validationError([{ path: path || part, message: CONTROL_CHARS_MESSAGE }]);
      }
    }
  });
}
