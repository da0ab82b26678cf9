import { isPgError } from './types.js';

/** What the driver and its callers need of a logger (pino's and Fastify's both fit). */
export type OutageLog = {
  error(obj: object, msg: string): void;
  warn(msg: string): void;
};

/**
 * The database could not be reached: the connection was refused, dropped or timed out, or the
 * server is shutting down or starting. Raised by the PostgreSQL driver in place of the
 * driver's own error (kept as `cause`), so routes answer 503 and loops wait instead of failing.
 */
export class DatabaseUnavailableError extends Error {
  /** Sets it apart from a plain Error for TypeScript (whose types are structural). */
  readonly databaseUnavailable = true;

  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`The database is not reachable right now (${reason}); try again in a moment`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

export function isDatabaseUnavailable(e: unknown): e is DatabaseUnavailableError {
  return e instanceof DatabaseUnavailableError;
}

// Node's socket errors when a peer refuses, resets, or cannot be found or reached.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ENOENT', // a Unix socket path that is not there (yet)
]);

// pg's own errors for a connection that broke or never came (it gives them no code).
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Query read timeout/,
];

/**
 * SQLSTATEs that mean "the server is not there right now": class 08 (connection exception),
 * 57P01 admin shutdown (also pg_terminate_backend), 57P02 crash shutdown, 57P03 starting up or
 * shutting down, 53300 too many connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

/** Whether `e` says the database is away (rather than that a statement was wrong). */
export function isConnectionFailure(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (isDatabaseUnavailable(e)) return true;
  const code = (e as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
  if (isPgError(e) && e.code && isUnavailableSqlState(e.code)) return true;
  if (PG_MESSAGES.some((m) => m.test(e.message))) return true;
  // AggregateError of every address tried (localhost resolving to ::1 and 127.0.0.1).
  if (e instanceof AggregateError) return e.errors.some(isConnectionFailure);
  return false;
}

/** `e` as DatabaseUnavailableError when the database is away; otherwise `e` unchanged. */
export function asUnavailable(e: unknown): unknown {
  return !isDatabaseUnavailable(e) && isConnectionFailure(e) ? new DatabaseUnavailableError(e) : e;
}

/**
 * Whether the database answers, as this process last saw it: the driver reports each failure
 * to reach it and each success, and the outage is logged once when it starts and once when it
 * ends, however many requests and loops hit it meanwhile.
 */
export class DatabaseAvailability {
  private downSince: number | undefined;
  private log: OutageLog | undefined;

  constructor(private readonly what: string) {}

  /** Where the outage lines go (the server's logger, once it exists). */
  setLog(log: OutageLog): void {
    this.log = log;
  }

  get reachable(): boolean {
    return this.downSince === undefined;
  }

  lost(e: unknown): void {
    if (this.downSince !== undefined) return;
    this.downSince = Date.now();
    const reason = e instanceof Error ? e.message : String(e);
    this.log?.error(
      { reason },
      `lost the connection to ${this.what} (${reason}): requests answer 503 and background work ` +
        'waits until it is back',
    );
  }

  back(): void {
    if (this.downSince === undefined) return;
    const seconds = Math.round((Date.now() - this.downSince) / 100) / 10;
    this.downSince = undefined;
    this.log?.warn(`${this.what} is reachable again after ${seconds}s`);
  }
}
