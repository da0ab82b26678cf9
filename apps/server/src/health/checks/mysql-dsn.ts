/** Where and how to reach a MySQL/MariaDB server, from a URL or a Go driver DSN. */
export type MysqlTarget = {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string | undefined;
  tls: false | 'verify' | 'skip-verify';
};

const DEFAULT_PORT = 3306;

/** Fills canary-checker's `$(username)` / `$(password)` placeholders. */
export function fillCredentials(
  raw: string,
  creds: { username?: string; password?: string },
  encode: (s: string) => string = (s) => s,
): string {
  return raw
    .replace(/\$\(\s*username\s*\)/g, () => encode(creds.username ?? ''))
    .replace(/\$\(\s*password\s*\)/g, () => encode(creds.password ?? ''));
}

function tlsOf(value: string | null | undefined): MysqlTarget['tls'] {
  const v = (value ?? '').toLowerCase();
  if (v === 'skip-verify' || v === 'preferred') return 'skip-verify';
  if (['true', '1', 'required', 'require', 'verify_ca', 'verify_identity', 'verify-full'].includes(v))
    return 'verify';
  return false;
}

function splitHostPort(address: string): { host: string; port: number } {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(address) ?? /^([^:]*)(?::(\d+))?$/.exec(address);
  if (!m) throw new Error('the MySQL address is not host:port');
  return { host: m[1] || '127.0.0.1', port: m[2] ? Number(m[2]) : DEFAULT_PORT };
}

/**
 * Reads `mysql://user:pass@host:3306/db?tls=true` (also `mariadb://`) or the Go driver's
 * `user:pass@tcp(host:3306)/db?tls=true`, optionally after `mysql://` as canary-checker's
 * fixtures write it. Unix sockets are refused: a spec must not reach the server's own files.
 * Errors never echo the string (it usually holds a password).
 */
export function parseMysqlTarget(raw: string, creds: { username?: string; password?: string }): MysqlTarget {
  const rest = raw.trim().replace(/^(mysql|mariadb):\/\//i, '');
  const slash = rest.lastIndexOf('/');
  const head = slash >= 0 ? rest.slice(0, slash) : rest;
  // The Go DSN names a protocol with the address in parentheses: `@tcp(host:3306)`.
  if (/^[a-z0-9]*\(/i.test(head.slice(head.lastIndexOf('@') + 1)))
    return parseDsn(fillCredentials(rest, creds), creds);
  let url: URL;
  try {
    url = new URL(`mysql://${fillCredentials(rest, creds, encodeURIComponent)}`);
  } catch {
    throw new Error('the MySQL url is not valid (expected mysql://user:password@host:3306/database)');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new Error('the MySQL url names no host');
  return {
    host,
    port: url.port ? Number(url.port) : DEFAULT_PORT,
    user: decodeURIComponent(url.username) || (creds.username ?? ''),
    password: decodeURIComponent(url.password) || (creds.password ?? ''),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
    tls: tlsOf(
      url.searchParams.get('tls') ?? url.searchParams.get('ssl') ?? url.searchParams.get('ssl-mode'),
    ),
  };
}

/** `[user[:password]@][protocol[(address)]]/dbname[?params]` */
function parseDsn(dsn: string, creds: { username?: string; password?: string }): MysqlTarget {
  const slash = dsn.lastIndexOf('/');
  if (slash < 0)
    throw new Error('the MySQL DSN has no /database part (expected user:pass@tcp(host:3306)/db)');
  const head = dsn.slice(0, slash);
  const [dbPart = '', query = ''] = dsn.slice(slash + 1).split('?', 2);
  const at = head.lastIndexOf('@');
  const userinfo = at >= 0 ? head.slice(0, at) : '';
  const netPart = at >= 0 ? head.slice(at + 1) : head;
  const colon = userinfo.indexOf(':');
  const user = colon >= 0 ? userinfo.slice(0, colon) : userinfo;
  const password = colon >= 0 ? userinfo.slice(colon + 1) : '';
  const m = /^([a-z0-9]*)(?:\((.*)\))?$/i.exec(netPart);
  if (!m) throw new Error('the MySQL DSN address is not protocol(address)');
  const protocol = (m[1] || 'tcp').toLowerCase();
  if (protocol === 'unix') throw new Error('unix-socket MySQL connections are not allowed');
  if (protocol !== 'tcp' && protocol !== 'tcp6' && protocol !== 'tcp4')
    throw new Error(`the MySQL DSN protocol ${protocol} is not supported (use tcp)`);
  const { host, port } = splitHostPort(m[2] ?? '');
  return {
    host,
    port,
    user: user || (creds.username ?? ''),
    password: password || (creds.password ?? ''),
    database: dbPart || undefined,
    tls: tlsOf(new URLSearchParams(query).get('tls')),
  };
}

/**
 * A SQL url fit to show: the password of a URL, a Go DSN (`user:****@tcp(…)`) or an ADO-style
 * string (`password=****`) hidden.
 */
export function redactSqlUrl(raw: string, redactUrl: (s: string) => string): string {
  const dsn = /^((?:[a-z]+:\/\/)?[^:@/]*):.*@([a-z0-9]*\()/i;
  if (dsn.test(raw)) return raw.replace(dsn, '$1:****@$2');
  if (/(^|;)\s*(password|pwd)\s*=/i.test(raw))
    return raw.replace(/((?:^|;)\s*(?:password|pwd)\s*=)[^;]*/gi, '$1****');
  return redactUrl(raw);
}
