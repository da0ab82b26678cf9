import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { outboundPgConfig } from '../../net/outbound-postgres.js';
import {
  outboundPolicy,
  resolveOutboundAddress,
  tlsServerName,
  type OutboundPolicy,
} from '../../net/outbound.js';
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
  if (/^(mysql|mariadb):\/\//i.test(url)) return 'mysql';
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
  // Every value in its text form: no parsing into Dates or numbers that would change it.
  const client = new pg.Client({
    ...config,
    connectionTimeoutMillis: timeoutMs,
    types: { getTypeParser: () => (value: string) => value },
  });
  await untilAborted(client.connect(), signal, () => void client.end().catch(() => {}));
  try {
    const res = await untilAborted(client.query(query), signal, () => void client.end().catch(() => {}));
    const last = Array.isArray(res) ? (res.at(-1) as pg.QueryResult) : res;
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

async function mysqlRows(
  url: string,
  query: string,
  policy: OutboundPolicy,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Rows> {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  // mysql2 gets the address the policy checked, never the name.
  const target = await resolveOutboundAddress(host, policy);
  const tls = ['ssl', 'tls'].some((p) => ['true', '1', 'required'].includes(u.searchParams.get(p) ?? ''));
  const client = await untilAborted(
    createConnection({
      host: target.address,
      port: u.port ? Number(u.port) : 3306,
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      database: decodeURIComponent(u.pathname.replace(/^\//, '')) || undefined,
      connectTimeout: timeoutMs,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      // The checked address is dialled: TLS verifies the certificate against the original name.
      ...(tls ? { ssl: { rejectUnauthorized: true, ...serverName(host) } } : {}),
    }),
    signal,
  );
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

function serverName(host: string): Record<string, string> {
  const name = tlsServerName(host);
  return name ? { servername: name } : {};
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
    if (!driver) return { result: null, error: 'unsupported database: use a postgres:// or mysql:// URL' };
    const url = withCredentials(raw, conn);
    const policy = outboundPolicy(a.ctx.config.outbound);
    const run = driver === 'postgres' ? postgresRows : mysqlRows;
    const { rows, columns } = await run(url, query, policy, a.signal, a.timeoutMs);
    const result: Json = { query, rows: rows.slice(0, MAX_ROWS), count: rows.length, columns };
    return { result };
  } catch (e) {
    return { result: { query }, error: abortMessage(a.signal) ?? errorMessage(e) };
  }
};
