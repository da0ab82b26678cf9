import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './lock.js';
import { PgliteThread, sendable } from './pglite-thread.js';
import type { Db, QueryResult, Queryable } from './types.js';

/** The statements of the database, or of one open transaction (`tx`), on the PGlite thread. */
function queryable(thread: PgliteThread, tx?: number): Queryable {
  return {
    query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      return thread.call<QueryResult<T>>({ type: 'query', sql, params: params.map(sendable), tx });
    },
    async exec(sql: string) {
      await thread.call({ type: 'exec', sql, tx });
    },
  };
}

/**
 * PostgreSQL's buffer pool inside PGlite. PGlite zeroes the whole of its emulated shared memory
 * in WebAssembly when it opens a database: with PostgreSQL's default of 128 MB that was about
 * 40 % of a restart (1.1 s of 1.2 s to open the demo's database on a quiet machine, 0.4 s with
 * 32 MB; docs/benchmarks.md, Start-up). The pages it no longer holds are read from the data
 * folder's files, which the operating system caches anyway. PostgreSQL servers keep their own
 * configuration.
 */
const SHARED_BUFFERS = '32MB';

/**
 * Embedded PostgreSQL persisted in `<dataDir>/pgdata`. PGlite is one connection: it
 * serialises statements itself and holds other queries while a transaction runs.
 * It cannot cancel a running statement, so statement timeouts do not apply here.
 */
export async function openPglite(
  dataDir: string | null,
  options: { migrationsDir?: string; ownAssets?: boolean } = {},
): Promise<Db> {
  if (early && early.dataDir === dataDir && !options.migrationsDir) {
    const started = early.db;
    early = undefined;
    return started;
  }
  let unlock = () => {};
  let pgdata: string | null = null;
  if (dataDir) {
    unlock = lockDataDir(dataDir);
    pgdata = path.join(dataDir, 'pgdata');
    fs.mkdirSync(pgdata, { recursive: true });
  }
  const thread = new PgliteThread(
    {
      pgdata,
      migrationsDir: options.migrationsDir,
      startParams: ['-c', `shared_buffers=${SHARED_BUFFERS}`],
    },
    options.ownAssets,
  );
  try {
    await thread.opened;
  } catch (e) {
    await thread.terminate();
    unlock();
    throw e;
  }
  const base = queryable(thread);
  let nextTx = 1;
  /**
   * The transaction's `begin` is sent without waiting for it: its statements follow it to the
   * thread, which runs them once it is open. A read's `end` is not waited for either (a read-only
   * commit has nothing to fail on), so a one-statement read costs the request one round trip to
   * the thread instead of three, and holds the connection for one fewer.
   */
  async function inTransaction<T>(fn: (tx: Queryable) => Promise<T>, readOnly: boolean): Promise<T> {
    const tx = nextTx++;
    const begun = thread.call({ type: 'begin', tx, readOnly });
    begun.catch(() => {}); // awaited below
    let result: T;
    try {
      result = await fn(queryable(thread, tx));
      await begun;
    } catch (e) {
      await thread.call({ type: 'end', tx, commit: false }).catch(() => {});
      // A transaction that did not open explains why its statements failed.
      throw await begun.then(
        () => e,
        (beginError: unknown) => beginError,
      );
    }
    const ended = thread.call({ type: 'end', tx, commit: true });
    if (readOnly) ended.catch(() => {});
    else await ended;
    return result;
  }
  let closed = false;
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => inTransaction(fn, false),
    read: (fn) => inTransaction(fn, true),
    listen: (channel, onMessage) => thread.listen(channel, onMessage),
    dumpDataDir: async () => Buffer.from(await thread.call<ArrayBuffer>({ type: 'dump' })),
    reachable: true,
    stats: () => ({ total: 1, idle: 1, waiting: 0 }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await thread.close();
      } finally {
        unlock();
      }
    },
  };
}

/** The database `serve` opens, started before the server's code loads (main.ts). */
let early: { dataDir: string; db: Promise<Db> } | undefined;

/**
 * Starts opening the data folder's database on its thread at once; the server's `openPglite`
 * of the same folder takes it. The open (about a second of WebAssembly) so runs while the
 * server's modules load and its routes are built.
 */
export function openPgliteEarly(dataDir: string): void {
  const db = openPglite(dataDir, { ownAssets: true });
  db.catch(() => {}); // the error is the taker's
  early = { dataDir, db };
}
