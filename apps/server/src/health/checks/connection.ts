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
    case 'mysql':
    case 'sql':
      fill('url', urlWithCredentials(conn));
      // A Go DSN is no URL: its missing user and password come from these fields.
      fill('username', conn.username ? { value: conn.username } : undefined);
      fill('password', conn.password ? { value: conn.password } : undefined);
      if (conn.insecureTls) fill('skipTLSVerify', true);
      break;
    case 'postgres':
    case 'mssql':
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
    case 'ldap':
      fill('url', conn.url);
      fill('username', conn.username);
      fill('password', conn.password);
      if (conn.insecureTls) fill('skipTLSVerify', true);
      break;
    case 'sftp': {
      // The SFTP connection keeps host and port as properties (Mission Control's form).
      const fromUrl = hostPortOf(conn.url, 22)?.split(':');
      fill('host', conn.properties.host ?? fromUrl?.[0]);
      const port = Number(conn.properties.port ?? fromUrl?.[1]);
      if (Number.isInteger(port) && port > 0) fill('port', port);
      fill('username', conn.username);
      fill('password', conn.password);
      // A private key, when the connection has one, is kept in `certificate`.
      fill('privateKey', conn.certificate);
      break;
    }
    case 'smb': {
      fill('server', conn.properties.server ?? conn.url);
      const port = Number(conn.properties.port);
      if (Number.isInteger(port) && port > 0) fill('port', port);
      fill('sharename', conn.properties.share);
      fill('domain', conn.properties.domain);
      fill('username', conn.username);
      fill('password', conn.password);
      break;
    }
    case 'kubernetes':
    case 'pod':
    case 'namespace':
    case 'kubernetesResource':
      // A Kubernetes connection keeps its kubeconfig in `certificate` (as the log backend reads it).
      if (!isSet(out.kubeconfig) && !out.inCluster) fill('kubeconfig', conn.certificate);
      delete out.connection;
      break;
    case 's3':
      fill('endpoint', conn.url);
      fill('accessKey', conn.username);
      fill('secretKey', conn.password);
      if (typeof conn.properties.region === 'string') fill('region', conn.properties.region);
      if (!isSet(out.bucket)) fill('bucketName', conn.properties.bucket);
      if (conn.insecureTls) fill('skipTLSVerify', true);
      break;
    case 'gcs': {
      // A Google Cloud Storage connection: endpoint, service-account JSON and the bucket.
      const gcp = { ...((out.gcpConnection ?? {}) as Spec) };
      if (!isSet(gcp.endpoint) && isSet(conn.url)) gcp.endpoint = conn.url;
      if (!isSet(gcp.credentials) && isSet(conn.certificate)) gcp.credentials = conn.certificate;
      out.gcpConnection = gcp;
      if (conn.properties.bucket) fill('path', `gcs://${conn.properties.bucket}`);
      break;
    }
    default:
      fill('url', conn.url);
  }
  return out;
}

/** Folder checks name their SFTP or SMB connection inside `sftpConnection` / `smbConnection`. */
export const NESTED_CONNECTIONS: Readonly<Record<string, readonly { key: string; type: string }[]>> = {
  folder: [
    { key: 'sftpConnection', type: 'sftp' },
    { key: 'smbConnection', type: 'smb' },
  ],
};
