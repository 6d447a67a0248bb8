import type { FastifyInstance } from 'fastify';
import { validationError } from './errors';

export const MAX_JSON_DEPTH = 64;

/** Nesting depth of a JSON text, counted without parsing it (strings are skipped). */
export function jsonDepth(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/**
 * JSON bodies: refused past MAX_JSON_DEPTH (deep nesting would exhaust the parser's stack) and
 * with `__proto__` or `constructor.prototype` keys (prototype pollution); both answer 400.
 */
export function installJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(validationError([{ field: 'body', reason: `nested deeper than ${MAX_JSON_DEPTH} levels` }]), undefined);
      return;
    }
    parse(request, text, (err, value) => {
      if (err && !(err as { code?: string }).code && err instanceof SyntaxError) {
        done(validationError([{ field: 'body', reason: err.message.includes('prototype') ? 'forbidden property __proto__ or constructor' : 'malformed JSON' }]), undefined);
        return;
      }
      done(err, value);
    });
  });
}
