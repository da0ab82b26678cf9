/** A column of a result set, as both drivers describe it. */
export type ResultField = { name: string; dataTypeID: number };

export type QueryResult<T> = { rows: T[]; fields: ResultField[]; affectedRows: number };

/** Anything that can run one parameterised statement: the database or a transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export type TransactionOptions = {
  /** Applied with SET LOCAL where the driver supports it (PostgreSQL server only). */
  statementTimeoutMs?: number;
  readOnly?: boolean;
};

export type DriverKind = 'pglite' | 'postgresql';

/**
 * The one database interface. The same SQL runs on both drivers: PGlite (embedded,
 * single connection, statements serialised) and a `pg` pool against PostgreSQL 15+.
 */
export interface Db extends Queryable {
  readonly kind: DriverKind;
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs statements that only read, under the data API's statement timeout. PostgreSQL: a
   * pool of sessions that are read-only by default, so each statement is one round trip
   * (no BEGIN/COMMIT). PGlite: a READ ONLY transaction (it has no timeouts).
   */
  read<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel; returns the function that stops listening. `onLost` is called once if
   * the listening connection breaks (no more messages will come).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * PGlite with a data folder only: a consistent copy of its files as a tar (db/backup), taken
   * between two transactions while the server keeps running.
   */
  dumpDataDir?(): Promise<Buffer>;
  /**
   * Whether the database answered the last time this process used it (PGlite: always). The
   * PostgreSQL driver raises DatabaseUnavailableError (db/availability.ts) while it does not.
   */
  readonly reachable: boolean;
  /** Pool figures for /metrics. */
  stats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** A PostgreSQL error as both drivers raise it (SQLSTATE in `code`). */
export type PgError = Error & {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
};

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}
