import type { Config } from '../config.js';

/** The database as people may read it in a log line: host, port and name, never credentials. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  try {
    const u = new URL(config.databaseUrl);
    const host = u.hostname || new URLSearchParams(u.search).get('host') || 'localhost';
    return `PostgreSQL at ${host}:${u.port || '5432'}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
