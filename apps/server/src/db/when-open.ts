import type { Db, DriverKind } from './types.js';

/**
 * The database while it is still opening: every statement waits for `opening` (the open, the
 * migrations, the secret-key check) and then runs on the database it gave. A start so builds
 * the app while the database opens, instead of one after the other (server.ts); if the open
 * fails, so does every statement, with its error.
 */
export function whenOpen(kind: DriverKind, opening: Promise<Db>): Db {
  let open: Db | undefined;
  opening.then(
    (db) => (open = db),
    () => {},
  );
  const db = async (): Promise<Db> => open ?? opening;
  const copy = async () => {
    const d = await db();
    if (!d.dumpDataDir) throw new Error('this database cannot be copied');
    return d.dumpDataDir();
  };
  return {
    kind,
    query: async (sql, params) => (await db()).query(sql, params),
    exec: async (sql) => (await db()).exec(sql),
    transaction: async (fn, options) => (await db()).transaction(fn, options),
    read: async (fn) => (await db()).read(fn),
    listen: async (channel, onMessage, onLost) => (await db()).listen(channel, onMessage, onLost),
    // PGlite's only, as on the database itself.
    dumpDataDir: kind === 'pglite' ? copy : undefined,
    get reachable() {
      return open?.reachable ?? true;
    },
    stats: () => open?.stats() ?? { total: 0, idle: 0, waiting: 0 },
    close: async () => (await db()).close(),
  };
}
