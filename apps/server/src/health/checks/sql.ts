import { RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { z } from 'zod';
import { fillCredentials } from '../../lib/credential-placeholders.js';
import { isMysqlConnectionString } from '../../net/mysql-target.js';
import { credentialsOf } from './credentials.js';
import { redactSqlUrl } from './redact-sql-url.js';
import { runMysql, sqlUrlOf } from './mysql.js';
import { postgresRunner } from './postgres.js';
import { type CheckRunner, fail, redactUrl } from './types.js';

type SqlSpec = z.infer<typeof RUNNABLE_CHECK_SCHEMAS.sql>;

/** Which database a `sql` check talks to: its `driver`, else its URL's scheme or DSN form. */
export function sqlDriverOf(spec: SqlSpec, url: string): 'postgres' | 'mysql' | 'sqlserver' | undefined {
  switch (spec.driver) {
    case 'postgres':
    case 'postgresql':
    case 'pgx':
      return 'postgres';
    case 'mysql':
    case 'mariadb':
      return 'mysql';
    case 'sqlserver':
    case 'mssql':
      return 'sqlserver';
  }
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  if (isMysqlConnectionString(url)) return 'mysql';
  if (/^(sqlserver|mssql):\/\//i.test(url) || /(^|;)\s*server\s*=/i.test(url)) return 'sqlserver';
  return undefined;
}

/**
 * sql: the driver-by-URL SQL check. PostgreSQL and MySQL/MariaDB URLs run (as the postgres and
 * mysql checks do); SQL Server is accepted and fails clearly: there is no SQL Server here.
 */
export const sqlRunner: CheckRunner<SqlSpec> = {
  type: 'sql',
  schema: RUNNABLE_CHECK_SCHEMAS.sql,
  endpoint: (s) => redactSqlUrl(sqlUrlOf(s) ?? s.connection ?? '', redactUrl),
  async run(spec, ctx) {
    const raw = sqlUrlOf(spec);
    if (!raw) return fail('url is required (postgres://… or mysql://…), or connection');
    const driver = sqlDriverOf(spec, raw);
    if (driver === 'mysql') return runMysql(raw, spec, ctx);
    if (driver === 'postgres') {
      const creds = credentialsOf(spec);
      const url = fillCredentials(raw, creds, encodeURIComponent);
      return postgresRunner.run({ ...spec, url, connection: undefined }, ctx);
    }
    if (driver === 'sqlserver')
      return fail('SQL Server queries are not run by this server (no SQL Server driver)');
    return fail('cannot tell the database from the url: use postgres://… or mysql://…, or set driver');
  },
};
