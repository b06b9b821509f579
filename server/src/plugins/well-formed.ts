// Text is valid Unicode or refused (issue 27): every string of every request's body, query string
// and path parameters (and every key of a body's objects) is checked before validation runs. A
// lone surrogate ("\ud800" in JSON) gave 500s on some routes and silently became U+FFFD in text
// columns on others; now it is a 400 naming the field, whatever the route's schema says.
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

export const INVALID_UNICODE_MESSAGE = 'Text must be valid Unicode (no lone surrogates)';

/** A lone surrogate is the only way a JavaScript string can fail to be valid UTF-16/UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when `value` has no lone surrogate (String.prototype.isWellFormed, ES2024). */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** The dotted path of the first string (or key) in `value` that is not well formed. */
export function illFormedPath(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isWellFormedText(value) ? undefined : path || '_';
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = illFormedPath(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isWellFormedText(key)) return path || '_';
    const found = illFormedPath(child, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export default fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const path =
      illFormedPath(request.params) ?? illFormedPath(request.query) ?? illFormedPath(request.body);
    if (path !== undefined) {
      throw new HttpError(400, 'validation', INVALID_UNICODE_MESSAGE, {
        [path]: INVALID_UNICODE_MESSAGE,
      });
    }
  });
});
