import type { ConnectionColumn, ConnectionField, ConnectionTypeDef, FieldTarget } from '@opsdeck/shared';
import type { ConnectionDetail } from '../api/connections.js';

/** How the server shows a stored secret; sent back (or left out) it keeps the stored value. */
export const MASK = '***';
const DEFAULT_NAMESPACE = 'default';

/** The connection form's values. Fields a type does not have stay empty and are not sent. */
export type ConnectionFormState = {
  name: string;
  namespace: string;
  url: string;
  username: string;
  password: string;
  certificate: string;
  insecure_tls: boolean;
  properties: Record<string, string>;
};

type TextColumn = Exclude<ConnectionColumn, 'insecure_tls'>;

/** What a stored connection's form starts from. */
export type StoredForm = {
  values: ConnectionFormState;
  /** Fields whose stored value is a secret the server masked: left empty, they keep it. */
  masked: ReadonlySet<FieldTarget>;
  /** Stored properties no form field shows; kept as they are on update. */
  otherProperties: Record<string, unknown>;
};

/** `properties.port` → `port`; a column → undefined. */
export function propertyName(key: FieldTarget): string | undefined {
  return key.startsWith('properties.') ? key.slice('properties.'.length) : undefined;
}

/** A field's current value as text ('' when unset). */
export function fieldText(values: ConnectionFormState, key: FieldTarget): string {
  const prop = propertyName(key);
  if (prop !== undefined) return values.properties[prop] ?? '';
  if (key === 'insecure_tls') return values.insecure_tls ? 'true' : '';
  return values[key as TextColumn];
}

function emptyForm(): ConnectionFormState {
  return {
    name: '',
    namespace: DEFAULT_NAMESPACE,
    url: '',
    username: '',
    password: '',
    certificate: '',
    insecure_tls: false,
    properties: {},
  };
}

function setField(values: ConnectionFormState, field: ConnectionField, value: string | boolean): void {
  const prop = propertyName(field.key);
  if (prop !== undefined) values.properties[prop] = String(value);
  else if (field.key === 'insecure_tls') values.insecure_tls = value === true || value === 'true';
  else values[field.key as TextColumn] = String(value);
}

/** A new connection: namespace `default` and the type's defaults prefilled. */
export function newConnectionForm(def: ConnectionTypeDef): ConnectionFormState {
  const values = emptyForm();
  for (const field of def.fields)
    setField(values, field, field.default ?? (field.input === 'checkbox' ? false : ''));
  return values;
}

function storedValue(row: ConnectionDetail, key: FieldTarget): unknown {
  const prop = propertyName(key);
  if (prop !== undefined) return row.properties?.[prop];
  return row[key as ConnectionColumn];
}

/** A stored connection as its form shows it: masked secrets become empty inputs with a `***` placeholder. */
export function storedConnectionForm(def: ConnectionTypeDef, row: ConnectionDetail): StoredForm {
  const values = emptyForm();
  values.name = row.name;
  values.namespace = row.namespace ?? DEFAULT_NAMESPACE;
  const masked = new Set<FieldTarget>();
  for (const field of def.fields) {
    const stored = storedValue(row, field.key);
    if (stored === MASK) masked.add(field.key);
    else if (stored !== null && stored !== undefined)
      setField(values, field, typeof stored === 'boolean' ? stored : String(stored));
  }
  const shown = new Set(def.fields.map((f) => propertyName(f.key)).filter((p) => p !== undefined));
  const otherProperties = Object.fromEntries(
    Object.entries(row.properties ?? {}).filter(([k]) => !shown.has(k)),
  );
  return { values, masked, otherProperties };
}

/** Secrets and certificates are taken as typed; everything else is trimmed. */
function cleaned(field: ConnectionField, text: string): string {
  return field.input === 'secret' || field.input === 'textarea' ? text : text.trim();
}

/**
 * The body of `POST` (new) or `PATCH` (stored) `/api/db/connections`. A masked secret left
 * empty keeps its stored value: a column is left out, a property is sent as `***`.
 * Name, namespace and type cannot change once stored, so an update does not send them.
 */
export function connectionWriteBody(
  def: ConnectionTypeDef,
  values: ConnectionFormState,
  stored?: Pick<StoredForm, 'masked' | 'otherProperties'>,
): Record<string, unknown> {
  const body: Record<string, unknown> = stored
    ? {}
    : { name: values.name.trim(), namespace: values.namespace.trim(), type: def.type };
  const properties: Record<string, unknown> = { ...stored?.otherProperties };
  for (const field of def.fields) {
    if (field.key === 'insecure_tls') {
      body.insecure_tls = values.insecure_tls;
      continue;
    }
    const text = cleaned(field, fieldText(values, field.key));
    const keep = text === '' && stored?.masked.has(field.key) === true;
    const prop = propertyName(field.key);
    if (prop !== undefined) {
      if (keep) properties[prop] = MASK;
      else if (text !== '') properties[prop] = text;
    } else if (!keep) {
      body[field.key] = text === '' ? null : text;
    }
  }
  body.properties = properties;
  return body;
}
