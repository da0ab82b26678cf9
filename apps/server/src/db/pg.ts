import pg from 'pg';
import type { Db, QueryResult, Queryable } from './types.js';

// Return int8 (counts, sums) as numbers like PGlite does, so both drivers give one shape.
pg.types.setTypeParser(20, (v) => Number(v));

type PgClientLike = Pick<pg.PoolClient, 'query'> | Pick<pg.Pool, 'query'>;

function wrap(conn: PgClientLike): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await conn.query({ text: sql, values: params as unknown[] });
      return {
        rows: r.rows as T[],
        fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: r.rowCount ?? 0,
      };
    },
    async exec(sql: string) {
      await conn.query(sql); // no values: the simple protocol, which allows several statements
    },
  };
}

/** A `pg` pool against a PostgreSQL 15+ server. */
export async function openPostgres(
  url: string,
  options: { poolSize: number; statementTimeoutMs: number },
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    // A default for every connection; data API requests tighten it per transaction.
    statement_timeout: options.statementTimeoutMs * 4,
    application_name: 'opsdeck',
  });
  // Data API reads: sessions that refuse writes and carry the request timeout, so a read is
  // one round trip instead of BEGIN, statement, COMMIT.
  const readPool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    statement_timeout: options.statementTimeoutMs,
    options: '-c default_transaction_read_only=on',
    application_name: 'opsdeck-read',
  });
  for (const p of [pool, readPool]) {
    p.on('error', () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
  }
  // Fail fast with a clear message when the server is unreachable.
  for (const p of [pool, readPool]) (await p.connect()).release();

  const base = wrap(pool);
  const reader = wrap(readPool);
  const listeners = new Set<pg.PoolClient>();
  let closed = false;
  return {
    kind: 'postgresql',
    query: base.query,
    exec: base.exec,
    async transaction(fn, opts = {}) {
      const client = await pool.connect();
      try {
        // One round trip: BEGIN and the timeout go together (simple protocol, no parameters).
        const begin = opts.readOnly ? 'BEGIN READ ONLY' : 'BEGIN';
        const timeout = opts.statementTimeoutMs
          ? `; SET LOCAL statement_timeout = ${Math.floor(opts.statementTimeoutMs)}`
          : '';
        await client.query(begin + timeout);
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    read(fn) {
      return fn(reader);
    },
    async listen(channel, onMessage, onLost) {
      const client = await pool.connect();
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
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        if (lost) return;
        lost = true;
        listeners.delete(client);
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
        client.release();
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
