import { mysqlCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { isConnectionReference } from '../../connections/index.js';
import { parseMysqlTarget } from '../../net/mysql-target.js';
import { connectMysql } from '../../net/outbound-mysql.js';
import { credentialsOf } from './credentials.js';
import { untilAborted as abortable } from '../../lib/abort.js';
import { redactSqlUrl } from './redact-sql-url.js';
import { type CheckRunner, fail, pass, redactUrl, type RunContext, type RunOutcome } from './types.js';

type SqlSpec = z.infer<typeof mysqlCheckSchema>;

/** Rows kept in the result: `count` still says how many there were. */
const MAX_ROWS = 100;

/** canary-checker: a `connection` that is not a `connection://` reference is the URL itself. */
export function sqlUrlOf(spec: SqlSpec): string | undefined {
  if (spec.url) return spec.url;
  return spec.connection && !isConnectionReference(spec.connection) ? spec.connection : undefined;
}

/** Values JSON and CEL can hold: dates as ISO text, bytes as UTF-8 text. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[k] = v instanceof Date ? v.toISOString() : Buffer.isBuffer(v) ? v.toString('utf8') : v;
  }
  return out;
}

/**
 * The row-count test of canary-checker's SQL checks: at least `results` rows (none asked, any
 * count passes). data: `results` (rows), `count`.
 */
export function sqlOutcome(
  rows: Record<string, unknown>[],
  count: number,
  spec: { results?: number },
): RunOutcome {
  const data = { results: rows.slice(0, MAX_ROWS).map(plain), count };
  const expected = spec.results ?? 0;
  if (count < expected) return fail(`query returned ${count} rows, expected at least ${expected}`, data);
  return pass(`${count} rows`, data);
}

/**
 * Runs the query on MySQL/MariaDB through the one MySQL connection builder (net/), as Test
 * Connection and the sql action do: the URL's TLS spelling, `skipTLSVerify` (the connection's
 * insecure_tls) and the outbound policy.
 */
export async function runMysql(raw: string, spec: SqlSpec, ctx: RunContext): Promise<RunOutcome> {
  const target = parseMysqlTarget(raw, { ...credentialsOf(spec), insecureTls: spec.skipTLSVerify === true });
  const client = await connectMysql(target, ctx.outbound, {
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
    // One statement per check: a `;` cannot smuggle in a second one.
    options: { multipleStatements: false },
  });
  const onAbort = () => client.destroy();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const [result] = await abortable(
      client.query({ sql: spec.query || 'SELECT 1', timeout: ctx.timeoutMs }),
      ctx.signal,
    );
    // A statement without rows (UPDATE…) answers a header: it counts its affected rows.
    const rows = Array.isArray(result) ? (result as Record<string, unknown>[]) : [];
    const count = Array.isArray(result)
      ? rows.length
      : ((result as { affectedRows?: number }).affectedRows ?? 0);
    return sqlOutcome(rows, count, spec);
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    client.destroy();
  }
}

/** MySQL and MariaDB: connects, runs the query (default `SELECT 1`), tests the row count. */
export const mysqlRunner: CheckRunner<SqlSpec> = {
  type: 'mysql',
  schema: mysqlCheckSchema,
  endpoint: (s) => redactSqlUrl(sqlUrlOf(s) ?? s.connection ?? '', redactUrl),
  async run(spec, ctx) {
    const raw = sqlUrlOf(spec);
    if (!raw) return fail('url is required (mysql://user:password@host:3306/database), or connection');
    return runMysql(raw, spec, ctx);
  },
};
