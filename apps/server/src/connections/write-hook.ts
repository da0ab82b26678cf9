import {
  connectionType,
  isSecretTarget,
  SECRET_MASK,
  type ConnectionFormValues,
  type ConnectionTypeDef,
  type FieldTarget,
} from '@opsdeck/shared';
import { z } from 'zod';
import type { Queryable } from '../db/types.js';
import { secretBox, type SecretBox } from '../lib/secrets/index.js';
import type { DataRow, DataWriteContext, DataWriteHook } from '../platform/data-write-hook.js';
import { DEFAULT_NAMESPACE } from './references.js';
import { isSealed, seal } from './sealed.js';
import { keepStoredUrlPassword, sealUrlPassword } from './url-password.js';
import { CONNECTION_COLUMNS, connectionRowSchema, type ConnectionRow } from './types.js';

/** A refused connection write: 400 with a PostgREST-style `{code, message}` body. */
class ConnectionWriteError extends Error {
  readonly statusCode = 400;
  readonly code = 'OPSDECK_INVALID_CONNECTION';
}

const nullableText = z.string().nullish();
const propertyValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The columns a client may write; anything else is left to the data API (unknown column → 400). */
const writeSchema = z.looseObject({
  name: z.string().optional(),
  namespace: z.string().optional(),
  type: z.string().optional(),
  url: nullableText,
  username: nullableText,
  password: nullableText,
  certificate: nullableText,
  properties: z
    .record(z.string(), propertyValue, { error: 'properties must map names to strings, numbers or booleans' })
    .nullish(),
  insecure_tls: z.boolean().nullish(),
  source: nullableText,
});
type WriteRow = z.infer<typeof writeSchema>;

type Properties = Record<string, string>;
const SECRET_COLUMNS = ['password', 'certificate'] as const;
const SECRET_KEYS = new Set<string>([...SECRET_COLUMNS, 'properties', 'url']);

/** A value the client left as it was shown: absent, or the mask. */
const untouched = (value: unknown) => value === undefined || value === SECRET_MASK;

function parseRow(input: DataRow): WriteRow {
  const parsed = writeSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConnectionWriteError(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function typeDef(type: string | undefined): ConnectionTypeDef {
  if (!type?.trim()) throw new ConnectionWriteError('type: This field is required');
  const def = connectionType(type.trim());
  if (!def) throw new ConnectionWriteError(`type: unknown connection type "${type}"`);
  return def;
}

function propertyText(value: z.infer<typeof propertyValue> | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? value : String(value);
}

/**
 * The properties to store: new secret values sealed, a mask (or a secret left out) keeps the
 * stored value, plain values as given, empty ones dropped.
 */
function storedProperties(
  type: string,
  given: Record<string, z.infer<typeof propertyValue>> | null | undefined,
  stored: Record<string, unknown>,
  box: SecretBox,
): Properties {
  const out: Properties = {};
  for (const [key, raw] of Object.entries(given ?? {})) {
    const value = propertyText(raw);
    const secret = isSecretTarget(type, `properties.${key}`);
    if (value === SECRET_MASK) {
      if (isSealed(stored[key])) out[key] = stored[key];
    } else if (value !== undefined && value !== '') {
      out[key] = secret ? seal(box, value) : value;
    }
  }
  // A secret the form did not send back is kept, like the password.
  for (const [key, value] of Object.entries(stored)) {
    if (!(key in (given ?? {})) && isSealed(value)) out[key] = value;
  }
  return out;
}

/** The form values a sender URL is built from, with placeholders where the secrets go. */
function senderValues(def: ConnectionTypeDef, row: ConnectionRow): ConnectionFormValues {
  const values: ConnectionFormValues = {};
  for (const field of def.fields) {
    const key = field.key;
    const stored = key.startsWith('properties.')
      ? row.properties?.[key.slice('properties.'.length)]
      : row[key as 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls'];
    if (stored === null || stored === undefined || stored === '') continue;
    values[key] = isSecretTarget(def.type, key) ? `$(${key})` : String(stored);
  }
  return values;
}

function present(row: ConnectionRow, key: FieldTarget): boolean {
  const value = key.startsWith('properties.')
    ? row.properties?.[key.slice('properties.'.length)]
    : row[key as keyof ConnectionRow];
  return value !== null && value !== undefined && String(value).trim() !== '';
}

/** Name, namespace and the type's required fields, as the stored row will hold them. */
function checkRequired(def: ConnectionTypeDef, row: ConnectionRow): void {
  if (!row.name.trim()) throw new ConnectionWriteError('name: This field is required');
  if (!row.namespace.trim()) throw new ConnectionWriteError('namespace: This field is required');
  for (const field of def.fields) {
    if (field.required && !present(row, field.key)) {
      throw new ConnectionWriteError(`${field.key}: This field is required (${field.label})`);
    }
  }
}

/** Field defaults (SFTP port 22, Email port 587, …) for values the write leaves out. */
function withDefaults(def: ConnectionTypeDef, row: WriteRow): WriteRow {
  const out: WriteRow = { ...row, properties: { ...(row.properties ?? {}) } };
  for (const field of def.fields) {
    if (field.default === undefined) continue;
    if (field.key.startsWith('properties.')) {
      const key = field.key.slice('properties.'.length);
      const props = out.properties ?? {};
      if (props[key] === undefined || props[key] === null || props[key] === '') props[key] = field.default;
    } else if (field.key === 'url' && !out.url) {
      out.url = field.default;
    }
  }
  return out;
}

/** What a write is: a new row (POST) or a change to a stored one (PATCH), and by whom. */
type WriteKind = { method: 'POST' | 'PATCH'; personId?: string | undefined };

/** The stored row this write produces, and the columns to write for it. */
function prepare(
  input: WriteRow,
  stored: ConnectionRow | undefined,
  box: SecretBox,
  w: WriteKind,
): { columns: DataRow; row: ConnectionRow } {
  const def = typeDef(input.type ?? stored?.type);
  const given = w.method === 'POST' ? withDefaults(def, input) : input;
  const columns: DataRow = { ...given };
  delete columns.created_by;
  columns.type = def.type;
  if (w.method === 'POST') {
    columns.name = (given.name ?? '').trim();
    columns.namespace = given.namespace?.trim() || DEFAULT_NAMESPACE;
    columns.source = given.source ?? 'UI';
    if (w.personId) columns.created_by = w.personId;
  } else {
    if (given.name !== undefined) columns.name = given.name.trim();
    if (given.namespace !== undefined) columns.namespace = given.namespace.trim() || DEFAULT_NAMESPACE;
    columns.updated_at = new Date().toISOString();
  }
  for (const column of SECRET_COLUMNS) {
    const value = given[column];
    if (untouched(value)) delete columns[column];
    else columns[column] = value ? seal(box, value) : null;
  }
  if (given.username === SECRET_MASK) delete columns.username;
  if ('properties' in given && given.properties !== undefined) {
    columns.properties = storedProperties(def.type, given.properties, stored?.properties ?? {}, box);
  }
  if (typeof given.url === 'string')
    columns.url = sealUrlPassword(keepStoredUrlPassword(given.url, stored?.url ?? null), box);

  const row = connectionRowSchema.parse({
    id: stored?.id ?? '',
    name: stored?.name ?? '',
    namespace: stored?.namespace ?? DEFAULT_NAMESPACE,
    url: null,
    username: null,
    password: null,
    certificate: null,
    properties: {},
    insecure_tls: false,
    ...stored,
    ...pick(columns),
  });
  checkRequired(def, row);
  // Notification kinds are stored as the sender URL, its secrets as placeholders.
  if (def.senderUrl) columns.url = row.url = def.senderUrl(senderValues(def, row));
  return { columns, row };
}

/** The connection columns of a write, for the merged view of the row. */
function pick(columns: DataRow): Partial<ConnectionRow> {
  const out: DataRow = {};
  for (const key of CONNECTION_COLUMNS.split(', ')) if (key in columns) out[key] = columns[key];
  return out as Partial<ConnectionRow>;
}

const ID_FILTER = /^eq\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** A PATCH names one connection by id: its stored secrets and type decide what the patch means. */
async function patchTarget(db: Queryable, w: DataWriteContext): Promise<ConnectionRow | undefined> {
  const query = (w.req.query ?? {}) as Record<string, unknown>;
  const match = typeof query.id === 'string' ? ID_FILTER.exec(query.id) : null;
  if (!match?.[1]) throw new ConnectionWriteError('PATCH a connection by its id: ?id=eq.<id>');
  const { rows } = await db.query(`SELECT ${CONNECTION_COLUMNS} FROM connections WHERE id = $1`, [match[1]]);
  return rows[0] === undefined ? undefined : connectionRowSchema.parse(rows[0]);
}

/** Only these change on a soft delete or restore: the row need not be valid again. */
const LIFECYCLE_ONLY = new Set(['deleted_at', 'updated_at']);

/**
 * Writes to /api/db/connections: the type's required fields must be there (400 naming the
 * field), created_by is the caller, notification kinds get their sender URL, and password,
 * certificate, secret-like properties and a password written inside the URL are sealed before
 * anything reaches the database — a `***` (or a secret left out) keeps what is stored. A PATCH
 * names its row by id.
 */
export const connectionWriteHook: DataWriteHook = {
  async beforeWrite(rows, w) {
    const box = secretBox(w.ctx.config);
    if (w.method === 'PATCH') {
      const stored = await patchTarget(w.ctx.db, w);
      return rows.map((input) => {
        if (Object.keys(input).every((k) => LIFECYCLE_ONLY.has(k))) return input;
        // No row: the update matches nothing; still never pass a secret on in the clear.
        if (!stored) return Object.fromEntries(Object.entries(input).filter(([k]) => !SECRET_KEYS.has(k)));
        return prepare(parseRow(input), stored, box, { method: 'PATCH' }).columns;
      });
    }
    const personId = w.req.principal?.personId;
    return rows.map(
      (input) => prepare(parseRow(input), undefined, box, { method: 'POST', personId }).columns,
    );
  },
};

/**
 * The row a connection form's values would be stored as — a new connection's, or `stored`
 * changed by them (a `***` keeps its stored secret) — with the same defaults, required fields
 * and sender URL as saving it; secrets are sealed as they would be, in memory only. For Test
 * Connection before saving: nothing is written. Throws a 400 naming the field when saving
 * would be refused.
 */
export function unsavedConnectionRow(
  input: DataRow,
  stored: ConnectionRow | undefined,
  box: SecretBox,
): ConnectionRow {
  return prepare(parseRow(input), stored, box, { method: stored ? 'PATCH' : 'POST' }).row;
}
