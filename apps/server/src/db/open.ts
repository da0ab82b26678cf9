import type { Config } from '../config.js';
import { isDatabaseUnavailable, type OutageLog } from './availability.js';
import { describeDatabase } from './describe.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './pg.js';
import type { Db } from './types.js';

type DbConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'db'>;

/** The database the configuration names: a PostgreSQL server, or PGlite in DATA_DIR. */
export function openDb(config: DbConfig, log?: OutageLog): Promise<Db> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, {
      poolSize: config.db.poolSize,
      statementTimeoutMs: config.db.statementTimeoutMs,
      log,
    });
  }
  return openPglite(config.dataDir);
}

/** Waits between start-up attempts: 1 s, doubling, at most 5 s. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 5_000;
/** While the wait goes on, it is logged again this often (and whenever the reason changes). */
const REMIND_EVERY_MS = 60_000;

export type WaitHooks = {
  /** Called before each wait with what the server waits for (the first call may start a holding server). */
  waiting(reason: string): Promise<void>;
  log: OutageLog & { info(msg: string): void };
};

/**
 * Opens the database and applies the migrations, waiting for a PostgreSQL server that is not
 * reachable yet (still starting, failing over, its address not resolvable yet) with back-off,
 * instead of exiting: orchestrators start the console and its database side by side. Other
 * failures (a wrong password, a migration that fails) end the start at once.
 */
export async function openAndMigrate(config: DbConfig, hooks: WaitHooks): Promise<Db> {
  const where = describeDatabase(config);
  let delay = RETRY_FIRST_MS;
  let said: { reason: string; at: number } | undefined;
  for (;;) {
    let db: Db | undefined;
    try {
      db = await openDb(config, hooks.log);
      await migrate(db, undefined, { log: hooks.log });
      if (said) hooks.log.info(`${where} is reachable: starting`);
      return db;
    } catch (e) {
      await db?.close().catch(() => {});
      if (!isDatabaseUnavailable(e)) throw e;
      const reason = `waiting for ${where}: ${e.cause instanceof Error ? e.cause.message : e.message}`;
      if (!said || said.reason !== reason || Date.now() - said.at >= REMIND_EVERY_MS) {
        hooks.log.warn(`${reason}; trying again every few seconds (/readyz answers 503 until then)`);
        said = { reason, at: Date.now() };
      }
      await hooks.waiting(reason);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    }
  }
}
