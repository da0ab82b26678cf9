import type { Config } from '../config.js';
import type { Queryable } from '../db/types.js';
import { secretBox, type SecretBox } from '../lib/secrets/index.js';
import { parseConnectionReference, isConnectionReference } from './references.js';
import { unseal } from './sealed.js';
import { openUrlPassword } from './url-password.js';
import {
  CONNECTION_COLUMNS,
  connectionRowSchema,
  type ConnectionRow,
  type HydratedConnection,
} from './types.js';

/** A reference that names no live connection: a 400 at save, a failed run afterwards. */
export class ConnectionNotFoundError extends Error {
  constructor(readonly reference: string) {
    super(`connection ${reference} not found`);
  }
}

export type ConnectionDeps = { db: Queryable; config: Config };

/**
 * The live row a reference names. `connection://type/name` (Mission Control's older form) is
 * tried after namespace/name finds nothing, as the original does.
 */
export async function findConnectionRow(
  db: Queryable,
  reference: string,
): Promise<ConnectionRow | undefined> {
  const ref = parseConnectionReference(reference);
  if (!ref) return undefined;
  const select = `SELECT ${CONNECTION_COLUMNS} FROM connections WHERE deleted_at IS NULL`;
  let rows: unknown[];
  if (ref.kind === 'id') {
    rows = (await db.query(`${select} AND id = $1`, [ref.id])).rows;
  } else {
    rows = (await db.query(`${select} AND namespace = $1 AND name = $2`, [ref.namespace, ref.name])).rows;
    if (rows.length === 0 && ref.explicitNamespace) {
      rows = (
        await db.query(`${select} AND type = $1 AND name = $2 ORDER BY namespace = 'default' DESC LIMIT 1`, [
          ref.namespace,
          ref.name,
        ])
      ).rows;
    }
  }
  return rows[0] === undefined ? undefined : connectionRowSchema.parse(rows[0]);
}

/** `$(username)`, `$(password)` (URL-escaped), `$(properties.x)`, `$(name)`, `$(namespace)`, `$(type)`. */
export function renderConnectionUrl(url: string, c: Omit<HydratedConnection, 'url'>): string {
  return url.replace(/\$\(\s*([\w.-]+)\s*\)/g, (whole, key: string) => {
    if (key === 'username') return encodeURIComponent(c.username);
    if (key === 'password') return encodeURIComponent(c.password);
    if (key === 'name') return c.name;
    if (key === 'namespace') return c.namespace;
    if (key === 'type') return c.type;
    if (key.startsWith('properties.')) return c.properties[key.slice('properties.'.length)] ?? '';
    return whole;
  });
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/** Decrypts a stored row and renders its URL; values are trimmed as Mission Control does. */
export function hydrateConnection(row: ConnectionRow, box: SecretBox): HydratedConnection {
  const what = (field: string) => `connection ${row.namespace}/${row.name}: ${field}`;
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(row.properties ?? {})) {
    properties[key] = unseal(box, text(value), what(`properties.${key}`)).trim();
  }
  const base = {
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    type: row.type,
    username: text(row.username).trim(),
    password: unseal(box, text(row.password), what('password')).trim(),
    certificate: unseal(box, text(row.certificate), what('certificate')).trim(),
    properties,
    insecureTls: row.insecure_tls ?? false,
  };
  const url = openUrlPassword(text(row.url).trim(), box, what('url'));
  return { ...base, url: renderConnectionUrl(url, base) };
}

/** The hydrated connection a reference names; ConnectionNotFoundError when none is live. */
export async function resolveConnection(
  deps: ConnectionDeps,
  reference: string,
): Promise<HydratedConnection> {
  const row = await findConnectionRow(deps.db, reference);
  if (!row) throw new ConnectionNotFoundError(reference.trim());
  return hydrateConnection(row, secretBox(deps.config));
}

/** A resolver bound to one server, as checks and scrapers take it. */
export type ConnectionResolver = (reference: string) => Promise<HydratedConnection>;

export function connectionResolver(deps: ConnectionDeps): ConnectionResolver {
  return (reference) => resolveConnection(deps, reference);
}

/** A spec value that names a connection, and where in the spec it stands (`spec.http.0.connection`). */
export type SpecReference = { path: string; value: unknown };

/**
 * The save-time check of a spec's references: one "path: connection X not found" per value
 * that is a reference and names no live connection. Values that are not references (plain
 * URLs) are left to the spec's own validation.
 */
export async function connectionReferenceProblems(db: Queryable, refs: SpecReference[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { path, value } of refs) {
    if (!isConnectionReference(value)) continue;
    if (!(await findConnectionRow(db, value))) problems.push(`${path}: connection ${value.trim()} not found`);
  }
  return problems;
}
