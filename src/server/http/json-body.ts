// Every JSON body is measured before it is parsed: one pass over the text counts how
// deeply its objects and arrays nest, and a body deeper than MAX_JSON_DEPTH is a 400
// (VALIDATION) before anything walks it. Below the limit the text goes to Fastify's own
// parser (secure-json-parse, prototype poisoning refused). What comes after the parser
// (the control-character guard, zod, the services) recurses through a body, so an
// unbounded depth was a stack overflow, a 500, at some depth; bounded here, once, for
// every route.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** The deepest nesting a body may have. Our deepest real body (a batch of sales with
 * crediário and payments) nests 6 levels. */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `Objetos e listas aninhados demais (máximo de ${MAX_JSON_DEPTH} níveis)`;

function tooDeep(): AppError {
  return new AppError(
    'VALIDATION',
    `Dados inválidos: o JSON aninha objetos e listas demais (máximo de ${MAX_JSON_DEPTH} níveis).`,
    [{ path: '', message: JSON_TOO_DEEP_MESSAGE }],
  );
}

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when `text` opens more than `max` objects/arrays inside one another. Linear in the
 * text: each character is looked at once, brackets inside strings do not count. Malformed
 * JSON is not judged here (the parser refuses it).
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // The character after a backslash is text, whatever it is.
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** Replaces the application/json parser with the depth-guarded one (same proto rules as Fastify's default). */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(tooDeep(), undefined);
      return;
    }
    parse(request, text, done);
  });
}
