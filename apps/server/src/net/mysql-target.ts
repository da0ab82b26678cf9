import { fillCredentials } from '../lib/credential-placeholders.js';

/**
 * Where and how to reach a MySQL/MariaDB server, read from what users write: a URL
 * (`mysql://user:pass@host:3306/db?…`, also `mariadb://`) or the Go driver's DSN
 * (`user:pass@tcp(host:3306)/db?tls=true`, as canary-checker and Mission Control users write
 * it, with or without `mysql://` in front), with every TLS spelling those ecosystems use. The
 * health check, Test Connection and the playbook sql action all read it here and connect
 * through net/outbound-mysql.ts, so they agree on TLS.
 */

/**
 * - `disabled`: plain text;
 * - `preferred`: TLS when the server offers it, plain text otherwise (never verified);
 * - `required`: TLS or no connection, never plain text.
 */
export type MysqlTlsMode = 'disabled' | 'preferred' | 'required';
/** `ca`: the chain is checked, not the name; `identity`: both. */
export type MysqlTlsVerify = 'none' | 'ca' | 'identity';
export type MysqlTls = { mode: MysqlTlsMode; verify: MysqlTlsVerify };

export type MysqlTarget = {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string | undefined;
  tls: MysqlTls;
};

/** A connection string that cannot be used as written: the message says what is accepted. */
export class MysqlSettingsError extends Error {}

/** What the caller adds: the connection's (or check's) credentials and insecure_tls. */
export type MysqlDefaults = { username?: string; password?: string; insecureTls?: boolean };

const DEFAULT_PORT = 3306;
const PLAIN: MysqlTls = { mode: 'disabled', verify: 'none' };
const VERIFIED: MysqlTls = { mode: 'required', verify: 'identity' };
const UNVERIFIED: MysqlTls = { mode: 'required', verify: 'none' };
const PREFERRED: MysqlTls = { mode: 'preferred', verify: 'none' };

/**
 * Each TLS parameter, by lower-case name: its values (lower case) and the accepted list for
 * the error. `tls` is the Go driver's (a named `custom` config becomes verified TLS: the Go
 * program's registered config cannot come along); `ssl` the Node drivers'; `ssl-mode` and
 * `sslmode` MySQL's client names (with PostgreSQL's spellings, which users carry over).
 */
const SSL_MODES: Readonly<Record<string, MysqlTls>> = {
  disabled: PLAIN,
  disable: PLAIN,
  preferred: PREFERRED,
  prefer: PREFERRED,
  required: UNVERIFIED,
  require: UNVERIFIED,
  verify_ca: { mode: 'required', verify: 'ca' },
  'verify-ca': { mode: 'required', verify: 'ca' },
  verify_identity: VERIFIED,
  'verify-identity': VERIFIED,
  'verify-full': VERIFIED,
};
const SSL_MODE_LIST = 'DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY';

const TLS_PARAMS: Readonly<Record<string, { values: Readonly<Record<string, MysqlTls>>; list: string }>> = {
  tls: {
    values: {
      true: VERIFIED,
      false: PLAIN,
      'skip-verify': UNVERIFIED,
      preferred: PREFERRED,
      custom: VERIFIED,
    },
    list: 'true, false, skip-verify, preferred or custom',
  },
  ssl: {
    values: { true: VERIFIED, '1': VERIFIED, required: VERIFIED, false: PLAIN, '0': PLAIN },
    list: 'true, 1, required, false or 0',
  },
  'ssl-mode': { values: SSL_MODES, list: SSL_MODE_LIST },
  sslmode: { values: SSL_MODES, list: SSL_MODE_LIST },
};

const sameTls = (a: MysqlTls, b: MysqlTls) => a.mode === b.mode && a.verify === b.verify;

/** The TLS the query asks for; parameters that disagree, or unknown values, are errors. */
export function mysqlTlsOf(query: URLSearchParams, insecureTls = false): MysqlTls {
  let found: { tls: MysqlTls; said: string } | undefined;
  for (const [key, value] of query) {
    const param = TLS_PARAMS[key.toLowerCase()];
    if (!param) continue;
    const tls = param.values[value.trim().toLowerCase()];
    if (!tls) throw new MysqlSettingsError(`unknown ${key} value "${value}" (use ${param.list})`);
    const said = `${key}=${value}`;
    if (found && !sameTls(found.tls, tls))
      throw new MysqlSettingsError(
        `the MySQL connection asks for TLS twice, differently: ${found.said} and ${said}`,
      );
    found = { tls, said };
  }
  const tls = found?.tls ?? PLAIN;
  // insecure_tls: encryption as asked, without checking the certificate.
  return insecureTls && tls.mode !== 'disabled' ? { ...tls, verify: 'none' } : tls;
}

/** A Go DSN names its protocol with the address in parentheses: `…@tcp(host:3306)/db`. */
export function isMysqlDsn(raw: string): boolean {
  const rest = raw.trim().replace(/^(mysql|mariadb):\/\//i, '');
  const slash = rest.lastIndexOf('/');
  const head = slash >= 0 ? rest.slice(0, slash) : rest;
  return /^[a-z0-9]*\(/i.test(head.slice(head.lastIndexOf('@') + 1));
}

/** Whether a connection string is MySQL's: a `mysql://`/`mariadb://` URL or a Go DSN. */
export function isMysqlConnectionString(raw: string): boolean {
  return /^(mysql|mariadb):\/\//i.test(raw.trim()) || isMysqlDsn(raw);
}

function splitHostPort(address: string): { host: string; port: number } {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(address) ?? /^([^:]*)(?::(\d+))?$/.exec(address);
  if (!m) throw new MysqlSettingsError('the MySQL address is not host:port');
  return { host: m[1] || '127.0.0.1', port: m[2] ? Number(m[2]) : DEFAULT_PORT };
}

/**
 * Reads a MySQL URL or Go DSN. `$(username)`/`$(password)` are filled from `defaults`, which
 * also give the user and password a string leaves out. Unix sockets are refused: a spec must
 * not reach the server's own files. Errors never echo the string (it usually holds a password).
 */
export function parseMysqlTarget(raw: string, defaults: MysqlDefaults = {}): MysqlTarget {
  const rest = raw.trim().replace(/^(mysql|mariadb):\/\//i, '');
  if (!rest)
    throw new MysqlSettingsError('no MySQL url given (expected mysql://user:password@host:3306/database)');
  if (isMysqlDsn(raw)) return parseDsn(fillCredentials(rest, defaults), defaults);
  let url: URL;
  try {
    url = new URL(`mysql://${fillCredentials(rest, defaults, encodeURIComponent)}`);
  } catch {
    throw new MysqlSettingsError(
      'the MySQL url is not valid (expected mysql://user:password@host:3306/database)',
    );
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new MysqlSettingsError('the MySQL url names no host');
  return {
    host,
    port: url.port ? Number(url.port) : DEFAULT_PORT,
    user: decodeURIComponent(url.username) || (defaults.username ?? ''),
    password: decodeURIComponent(url.password) || (defaults.password ?? ''),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
    tls: mysqlTlsOf(url.searchParams, defaults.insecureTls),
  };
}

/** `[user[:password]@][protocol[(address)]]/dbname[?params]` */
function parseDsn(dsn: string, defaults: MysqlDefaults): MysqlTarget {
  const slash = dsn.lastIndexOf('/');
  if (slash < 0)
    throw new MysqlSettingsError(
      'the MySQL DSN has no /database part (expected user:pass@tcp(host:3306)/db)',
    );
  const head = dsn.slice(0, slash);
  const [dbPart = '', query = ''] = dsn.slice(slash + 1).split('?', 2);
  const at = head.lastIndexOf('@');
  const userinfo = at >= 0 ? head.slice(0, at) : '';
  const netPart = at >= 0 ? head.slice(at + 1) : head;
  const colon = userinfo.indexOf(':');
  const user = colon >= 0 ? userinfo.slice(0, colon) : userinfo;
  const password = colon >= 0 ? userinfo.slice(colon + 1) : '';
  const m = /^([a-z0-9]*)(?:\((.*)\))?$/i.exec(netPart);
  if (!m) throw new MysqlSettingsError('the MySQL DSN address is not protocol(address)');
  const protocol = (m[1] || 'tcp').toLowerCase();
  if (protocol === 'unix') throw new MysqlSettingsError('unix-socket MySQL connections are not allowed');
  if (protocol !== 'tcp' && protocol !== 'tcp6' && protocol !== 'tcp4')
    throw new MysqlSettingsError(`the MySQL DSN protocol ${protocol} is not supported (use tcp)`);
  const { host, port } = splitHostPort(m[2] ?? '');
  return {
    host,
    port,
    user: user || (defaults.username ?? ''),
    password: password || (defaults.password ?? ''),
    database: dbPart || undefined,
    tls: mysqlTlsOf(new URLSearchParams(query), defaults.insecureTls),
  };
}
