import type { QueryResult } from 'pg';
import { isMysqlConnectionString, parseMysqlTarget } from '../../net/mysql-target.js';
import { outboundPolicy, type OutboundPolicy } from '../../net/outbound.js';
import { connectMysql } from '../../net/outbound-mysql.js';
import { loadPg } from '../../lib/packages.js';
import { outboundPgConfig } from '../../net/outbound-postgres.js';
import type { HydratedConnection } from '../../connections/index.js';
import { untilAborted } from '../../lib/abort.js';
import { abortMessage, errorMessage, type ActionRunner, type Json } from './action.js';
import { actionConnection } from './connection.js';

type SqlBody = { connection?: unknown; url?: unknown; query?: unknown; driver?: unknown };
type Rows = { rows: Record<string, string | null>[]; columns: string[] };

// Rows are kept for the run page: a larger answer is cut (count still says how many there were).
const MAX_ROWS = 10_000;

/** Every value as text, as Mission Control stores them; NULL stays null. */
function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v as string | number | bigint | boolean);
}

function driverOf(url: string, driver: unknown): 'postgres' | 'mysql' | undefined {
  const d = typeof driver === 'string' ? driver.toLowerCase() : '';
  if (d === 'postgres' || d === 'postgresql' || d === 'pgx') return 'postgres';
  if (d === 'mysql' || d === 'mariadb') return 'mysql';
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  if (isMysqlConnectionString(url)) return 'mysql';
  return undefined;
}

/** A URL without credentials takes the connection's. */
function withCredentials(url: string, conn: HydratedConnection | undefined): string {
  if (!conn || (!conn.username && !conn.password)) return url;
  const u = new URL(url);
  if (!u.username && conn.username) u.username = encodeURIComponent(conn.username);
  if (!u.password && conn.password) u.password = encodeURIComponent(conn.password);
  return u.toString();
}

async function postgresRows(
  url: string,
  query: string,
  policy: OutboundPolicy,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Rows> {
  const config = await outboundPgConfig(url, policy);
  const pg = await loadPg();
  // Every value in its text form: no parsing into Dates or numbers that would change it.
  const client = new pg.Client({
    ...config,
    connectionTimeoutMillis: timeoutMs,
    types: { getTypeParser: () => (value: string) => value },
  });
  client.on('error', () => {}); // a dropped connection surfaces through the query instead
  await untilAborted(client.connect(), signal, () => void client.end().catch(() => {}));
  try {
    const res = await untilAborted(client.query(query), signal, () => void client.end().catch(() => {}));
    const last = Array.isArray(res) ? (res.at(-1) as QueryResult) : res;
    return {
      rows: (last.rows as Record<string, unknown>[]).map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, text(v)])),
      ),
      columns: (last.fields ?? []).map((f) => f.name),
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** MySQL/MariaDB through the one MySQL connection builder (net/), as the check and Test Connection. */
async function mysqlRows(
  raw: string,
  conn: HydratedConnection | undefined,
  query: string,
  policy: OutboundPolicy,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Rows> {
  const target = parseMysqlTarget(raw, {
    username: conn?.username,
    password: conn?.password,
    insecureTls: conn?.insecureTls,
  });
  const client = await connectMysql(target, policy, {
    timeoutMs,
    signal,
    options: { dateStrings: true, supportBigNumbers: true, bigNumberStrings: true },
  });
  try {
    const [rows, fields] = await untilAborted(client.query({ sql: query, timeout: timeoutMs }), signal, () =>
      client.destroy(),
    );
    const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    return {
      rows: list.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, text(v)]))),
      columns: (fields ?? []).map((f) => f.name),
    };
  } finally {
    client.destroy();
  }
}

/**
 * `sql`: one query against PostgreSQL (`pg`) or MySQL/MariaDB (`mysql2`), by `connection://`
 * or URL, through the outbound policy. Result {query, rows (values as text), count, columns};
 * an SQL error fails the action with the database's message.
 */
export const sqlAction: ActionRunner = async (body, a) => {
  const b = (body ?? {}) as SqlBody;
  const query = typeof b.query === 'string' ? b.query : '';
  if (!query.trim()) return { result: null, error: 'a sql action needs a query' };
  try {
    const conn = await actionConnection(a.ctx, b.connection);
    const raw = (typeof b.url === 'string' && b.url.trim()) || conn?.url || '';
    if (!raw) return { result: null, error: 'must specify a connection or a URL' };
    const driver = driverOf(raw, b.driver ?? conn?.type);
    if (!driver)
      return {
        result: null,
        error:
          'unsupported database: use a postgres:// or mysql:// URL, or a MySQL DSN user:pass@tcp(host:3306)/db',
      };
    const policy = outboundPolicy(a.ctx.config.outbound);
    const { rows, columns } =
      driver === 'postgres'
        ? await postgresRows(withCredentials(raw, conn), query, policy, a.signal, a.timeoutMs)
        : await mysqlRows(raw, conn, query, policy, a.signal, a.timeoutMs);
    const result: Json = { query, rows: rows.slice(0, MAX_ROWS), count: rows.length, columns };
    return { result };
  } catch (e) {
    return { result: { query }, error: abortMessage(a.signal) ?? errorMessage(e) };
  }
};
