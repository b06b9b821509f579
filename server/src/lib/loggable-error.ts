// What a log line may say about an error. A failed query's error carries its parameters (password
// hashes, phones, emails) and a database error's message and detail echo values; neither is logged.
import { DrizzleQueryError } from 'drizzle-orm';

interface DatabaseErrorFields {
  code?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
}

/** A database error (node-postgres and PGlite alike) carries a five-character SQLSTATE `code`. */
function databaseCause(err: Error): (Error & DatabaseErrorFields) | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as DatabaseErrorFields).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e;
  }
  return undefined;
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** The stack's frames only: its first lines repeat the message. */
const frames = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');

/** The pino serialiser of `err`: names, SQLSTATE and the query text with placeholders only. */
export function loggableError(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '', stack: '' };
  const query = err instanceof DrizzleQueryError ? err.query : undefined;
  const db = databaseCause(err);
  if (query !== undefined || db) {
    const code = typeof db?.code === 'string' ? db.code : 'unknown';
    return {
      type: 'DatabaseError',
      message: `The database refused a query (SQLSTATE ${code})`,
      stack: frames(err.stack),
      query,
      code: db?.code,
      table: db?.table,
      column: db?.column,
      constraint: db?.constraint,
    };
  }
  return { type: err.name, message: err.message, stack: err.stack ?? '' };
}
