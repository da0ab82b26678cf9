import type { Config } from '../config.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './pg.js';
import type { Db } from './types.js';

/** The database the configuration names: a PostgreSQL server, or PGlite in DATA_DIR. */
export function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'db'>): Promise<Db> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, {
      poolSize: config.db.poolSize,
      statementTimeoutMs: config.db.statementTimeoutMs,
    });
  }
  return openPglite(config.dataDir);
}
