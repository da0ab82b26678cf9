import type { Pool, PoolClient } from 'pg';
import { loadPg } from '../lib/packages.js';
import { asUnavailable, DatabaseAvailability, isConnectionFailure, type OutageLog } from './availability.js';
import type { Db, QueryResult, Queryable } from './types.js';

/**
 * How long taking a connection may wait, for a free one in the pool or for the server to
 * answer a new one: past it the request answers 503 instead of hanging while the database is
 * away (a black-holed address never refuses).
 */
export const CONNECT_TIMEOUT_MS = 5_000;

type PgClientLike = Pick<PoolClient, 'query'> | Pick<Pool, 'query'>;

function wrap(conn: PgClientLike, availability: DatabaseAvailability): Queryable {
  // Every statement tells the availability tracker whether the database answered.
  const run = async <R>(work: () => Promise<R>): Promise<R> => {
    try {
      const result = await work();
      availability.back();
      return result;
    } catch (e) {
      if (isConnectionFailure(e)) availability.lost(e);
      else availability.back(); // it answered, with an error of the statement's own
      throw asUnavailable(e);
    }
  };
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await run(() => conn.query({ text: sql, values: params as unknown[] }));
      return {
        rows: r.rows as T[],
        fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: r.rowCount ?? 0,
      };
    },
    async exec(sql: string) {
      await run(() => conn.query(sql)); // no values: the simple protocol, which allows several statements
    },
  };
}

export type PostgresOptions = {
  poolSize: number;
  statementTimeoutMs: number;
  /** Where the start and end of a database outage are logged (once each). */
  log?: OutageLog;
};

/**
 * A `pg` pool against a PostgreSQL 15+ server. A connection that breaks never takes the process
 * down: every client gets an 'error' listener the moment the pool makes it (pg emits one on a
 * client that loses its server while no statement is running, and an unheard 'error' event
 * ends a Node process), a broken client is dropped from the pool instead of handed out again,
 * and the errors of an unreachable database become DatabaseUnavailableError.
 */
export async function openPostgres(url: string, options: PostgresOptions): Promise<Db> {
  // Loaded here, not at start: on the embedded database the server never needs it.
  const pg = await loadPg();
  const availability = new DatabaseAvailability('the database');
  if (options.log) availability.setLog(options.log);
  const common = {
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  };
  // No JIT: the console's statements run for milliseconds, and PostgreSQL turns JIT on from row
  // estimates (at 50k components or 500k incidents), then compiles for 0.2-0.5 s per statement.
  const noJit = '-c jit=off';
  const pool = new pg.Pool({
    ...common,
    // A default for every connection; data API requests tighten it per transaction.
    statement_timeout: options.statementTimeoutMs * 4,
    options: noJit,
    application_name: 'opsdeck',
  });
  // Data API reads: sessions that refuse writes and carry the request timeout, so a read is
  // one round trip instead of BEGIN, statement, COMMIT.
  const readPool = new pg.Pool({
    ...common,
    statement_timeout: options.statementTimeoutMs,
    options: `-c default_transaction_read_only=on ${noJit}`,
    application_name: 'opsdeck-read',
  });
  for (const p of [pool, readPool]) {
    // An idle client lost its connection; the pool drops it and makes a new one on next use.
    p.on('error', (e) => availability.lost(e));
    // Also while a client is checked out (a transaction between statements, a LISTEN).
    p.on('connect', (client) => client.on('error', (e) => availability.lost(e)));
  }
  // Fail fast when the server is unreachable: the caller decides whether to wait for it.
  try {
    for (const p of [pool, readPool]) (await p.connect()).release();
  } catch (e) {
    await Promise.allSettled([pool.end(), readPool.end()]);
    throw asUnavailable(e);
  }

  const base = wrap(pool, availability);
  const reader = wrap(readPool, availability);
  const take = async (): Promise<PoolClient> => {
    try {
      return await pool.connect();
    } catch (e) {
      if (isConnectionFailure(e)) availability.lost(e);
      throw asUnavailable(e);
    }
  };
  const listeners = new Set<PoolClient>();
  let closed = false;
  return {
    kind: 'postgresql',
    query: base.query,
    exec: base.exec,
    get reachable() {
      return availability.reachable;
    },
    async transaction(fn, opts = {}) {
      const client = await take();
      const tx = wrap(client, availability);
      // A client whose connection broke is given back with the error, so the pool ends it.
      let broken: Error | undefined;
      try {
        // One round trip: BEGIN and the timeout go together (simple protocol, no parameters).
        const begin = opts.readOnly ? 'BEGIN READ ONLY' : 'BEGIN';
        const timeout = opts.statementTimeoutMs
          ? `; SET LOCAL statement_timeout = ${Math.floor(opts.statementTimeoutMs)}`
          : '';
        await tx.exec(begin + timeout);
        const result = await fn(tx);
        await tx.exec('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw e;
      } finally {
        client.release(broken);
      }
    },
    read(fn) {
      return fn(reader);
    },
    async listen(channel, onMessage, onLost) {
      const client = await take();
      listeners.add(client);
      let lost = false;
      // A listening connection that breaks delivers nothing more: say so once, and let the pool
      // drop the connection instead of handing it out again.
      const loseConnection = (err?: unknown) => {
        if (lost || closed) return;
        lost = true;
        listeners.delete(client);
        client.release(err instanceof Error ? err : new Error('listening connection ended'));
        onLost?.();
      };
      client.on('error', loseConnection);
      client.on('end', () => loseConnection());
      client.on('notification', (n) => {
        if (n.channel === channel) onMessage(n.payload ?? '');
      });
      try {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        availability.back();
      } catch (e) {
        if (!lost) {
          lost = true;
          listeners.delete(client);
          client.release(e instanceof Error ? e : new Error(String(e)));
        }
        if (isConnectionFailure(e)) availability.lost(e);
        throw asUnavailable(e);
      }
      return async () => {
        if (lost) return;
        lost = true;
        listeners.delete(client);
        let failed: Error | undefined;
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch((e: unknown) => {
          failed = e instanceof Error ? e : new Error(String(e));
        });
        client.release(failed);
      };
    },
    stats: () => ({
      total: pool.totalCount + readPool.totalCount,
      idle: pool.idleCount + readPool.idleCount,
      waiting: pool.waitingCount + readPool.waitingCount,
    }),
    async close() {
      if (closed) return;
      closed = true;
      for (const c of listeners) c.release();
      listeners.clear();
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}
