import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './lock.js';
import { pgliteAssets, type PgliteAssets } from './pglite-assets.js';
import { findTemplate } from './template.js';
import { unpackTemplate } from './template-unpack.js';
import type { Db, QueryResult, Queryable } from './types.js';

type PGliteLike = Pick<PGlite, 'query' | 'exec'>;

function wrap(conn: PGliteLike): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await conn.query<T>(sql, params as unknown[]);
      return {
        rows: r.rows,
        fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: r.affectedRows ?? 0,
      };
    },
    async exec(sql: string) {
      await conn.exec(sql);
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

/** The compiled module and file bundle (db/pglite-assets.ts); PGlite loads them itself without. */
const prebuilt = async () => ({
  ...(await pgliteAssets().catch((): Partial<PgliteAssets> => ({}))),
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
});

/**
 * A new data folder starts from the build's migrated template when there is one for these
 * migrations (db/template.ts): seconds faster than PostgreSQL's initdb. The template's
 * migrations were recorded at build time; their dates are set to now, when this database
 * got them.
 */
async function createPglite(pgdata: string, migrationsDir?: string): Promise<PGlite> {
  // Only into an empty folder: anything there is a database (or what is left of one).
  const template = fs.readdirSync(pgdata).length === 0 ? findTemplate(migrationsDir) : undefined;
  if (template) unpackTemplate(template, pgdata);
  const pg = await PGlite.create(pgdata, await prebuilt());
  if (!template) return pg;
  await pg.query('UPDATE schema_migrations SET applied_at = now()');
  return pg;
}

/**
 * Embedded PostgreSQL persisted in `<dataDir>/pgdata`. PGlite is one connection: it
 * serialises statements itself and holds other queries while a transaction runs.
 * It cannot cancel a running statement, so statement timeouts do not apply here.
 */
export async function openPglite(
  dataDir: string | null,
  options: { migrationsDir?: string } = {},
): Promise<Db> {
  let unlock = () => {};
  let pg: PGlite;
  if (dataDir) {
    unlock = lockDataDir(dataDir);
    const pgdata = path.join(dataDir, 'pgdata');
    fs.mkdirSync(pgdata, { recursive: true });
    try {
      pg = await createPglite(pgdata, options.migrationsDir);
    } catch (e) {
      unlock();
      throw e;
    }
  } else {
    pg = await PGlite.create(await prebuilt()); // in memory, for tests
  }
  const base = wrap(pg);
  let closed = false;
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    read(fn) {
      return pg.transaction(async (tx) => {
        await tx.query('SET TRANSACTION READ ONLY');
        return fn(wrap(tx));
      });
    },
    async listen(channel, onMessage) {
      const stop = await pg.listen(channel, onMessage);
      return async () => stop();
    },
    // Inside a transaction of its own: no other transaction is half done in the copy.
    dumpDataDir: () =>
      pg.transaction(async () => Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer())),
    reachable: true,
    stats: () => ({ total: 1, idle: 1, waiting: 0 }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        unlock();
      }
    },
  };
}
