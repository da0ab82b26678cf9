import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/availability.js';
import { fieldErrorOf } from '../db/error-words.js';
import { isPgError } from '../db/types.js';
import { HttpError } from './http-error.js';

/**
 * Database errors a client's value can cause outside the data API (which maps its own, the
 * PostgREST way): a value PostgreSQL cannot take (class 22: NUL, bad UTF-8, out-of-range
 * dates), a conflict (class 23), a value too complex to handle (class 54). Anything else from
 * the database is our fault and stays a logged 500 without its SQL.
 */
function clientDbStatus(code: string): number | undefined {
  if (code.startsWith('22') || code.startsWith('54')) return 400;
  if (code.startsWith('23')) return 409;
  return undefined;
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * Errors become `{ error }` with their status; 5xx are logged and never carry internals. While
 * the database is away every request answers 503 at once (the outage itself is logged once, by
 * the driver, not once per request).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ZodError, req, reply) => {
    if (isDatabaseUnavailable(error)) {
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ error: 'The database is not reachable right now; try again in a moment' });
    }
    if (error instanceof ZodError) {
      const message = error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      return reply.code(400).send({ error: message, ...fieldsOf(error.issues.map((i) => i.path[0])) });
    }
    if (isPgError(error) && error.code) {
      const status = clientDbStatus(error.code);
      const words = status ? fieldErrorOf(error) : undefined;
      if (words) {
        const fields = words.fields.length ? { fields: words.fields } : {};
        return reply.code(words.status).send({ error: words.message, ...fields });
      }
      if (status) return reply.code(status).send({ error: `Invalid input: ${error.message}` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: 'Internal server error' });
    }
    return reply.code(status).send({ error: error.message, ...fieldsOf(httpErrorFields(error)) });
  });
}

/** `{ fields }` naming the body's top-level fields an error is about, or nothing. */
function fieldsOf(keys: readonly unknown[]): { fields?: string[] } {
  const fields = [...new Set(keys.filter((k): k is string => typeof k === 'string'))];
  return fields.length ? { fields } : {};
}

function httpErrorFields(error: unknown): readonly string[] {
  return error instanceof HttpError ? error.fields : [];
}
