import type { HydratedConnection } from '../../connections/index.js';

type Spec = Record<string, unknown>;

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The connection's URL with its user and password in it, unless the URL names its own. */
function urlWithCredentials(conn: HydratedConnection): string {
  if (!conn.username && !conn.password) return conn.url;
  try {
    const u = new URL(conn.url);
    if (u.username || u.password) return conn.url;
    u.username = encodeURIComponent(conn.username);
    u.password = encodeURIComponent(conn.password);
    return u.toString();
  } catch {
    return conn.url;
  }
}

/** `host:port` of a URL (the redis check's `addr`). */
export function hostPortOf(raw: string, defaultPort: number): string | undefined {
  try {
    const u = new URL(raw);
    return `${u.hostname}:${u.port || defaultPort}`;
  } catch {
    return undefined;
  }
}

/**
 * Fills what a check leaves out from the connection it names (canary-checker's behaviour):
 * fields the spec sets win. Per check type, the fields its runner reads.
 */
export function applyConnection(type: string, spec: Spec, conn: HydratedConnection): Spec {
  const out: Spec = { ...spec };
  const fill = (key: string, value: unknown) => {
    if (!isSet(out[key]) && isSet(value)) out[key] = value;
  };
  switch (type) {
    case 'http':
      if (!isSet(out.endpoint)) fill('url', conn.url);
      fill('username', conn.username);
      fill('password', conn.password);
      if (conn.insecureTls) {
        const tls = (out.tlsConfig ?? {}) as Spec;
        out.tlsConfig = { insecureSkipVerify: true, ...tls };
      }
      break;
    case 'postgres':
    case 'mysql':
    case 'prometheus':
    case 'elasticsearch':
    case 'opensearch':
    case 'alertmanager':
      fill('url', urlWithCredentials(conn));
      break;
    case 'dynatrace':
      fill('host', conn.url);
      fill('apiKey', conn.password);
      break;
    case 'github':
      fill('githubToken', conn.password);
      fill('url', conn.url);
      break;
    case 'redis': {
      if (!isSet(out.addr)) fill('url', conn.url);
      fill('username', conn.username);
      fill('password', conn.password);
      const db = Number(conn.properties.db);
      if (conn.properties.db && Number.isInteger(db) && db >= 0) fill('db', db);
      break;
    }
    default:
      fill('url', conn.url);
  }
  return out;
}
