import { SECRET_PROPERTY_PATTERN, type ConnectionTypeDef, type FieldTarget } from './fields.js';
import { CLOUD_KINDS, DATABASE_KINDS, OBSERVABILITY_KINDS, STORAGE_KINDS, VCS_KINDS } from './kinds.js';
import { NOTIFICATION_KINDS } from './notification-kinds.js';
import { TICKETING_KINDS } from './ticketing-kinds.js';

export * from './fields.js';
export { teamsSenderUrl } from './notification-kinds.js';
export { GRAPH_DEFAULT_URL } from './ticketing-kinds.js';

/** Every connection type, sorted by title as the type picker shows them. */
export const CONNECTION_TYPES: readonly ConnectionTypeDef[] = [
  ...DATABASE_KINDS,
  ...OBSERVABILITY_KINDS,
  ...CLOUD_KINDS,
  ...VCS_KINDS,
  ...STORAGE_KINDS,
  ...TICKETING_KINDS,
  ...NOTIFICATION_KINDS,
].sort((a, b) => a.title.localeCompare(b.title));

const BY_TYPE = new Map(CONNECTION_TYPES.map((t) => [t.type, t]));

export function connectionType(type: string): ConnectionTypeDef | undefined {
  return BY_TYPE.get(type);
}

export const CONNECTION_TYPE_NAMES = CONNECTION_TYPES.map((t) => t.type);

/**
 * Why Test Connection cannot run for a type, as one sentence ("Opsdeck cannot test SQL Server
 * connections: it has no SQL Server driver"), or undefined when it can. The server answers 501
 * with it and the connection dialog shows it instead of the Test Connection button.
 */
export function connectionTestRefusal(type: string): string | undefined {
  const def = connectionType(type);
  if (!def) return `Opsdeck cannot test ${type} connections: it does not know that connection type`;
  return def.untestable ? `Opsdeck cannot test ${def.title} connections: ${def.untestable}` : undefined;
}

/**
 * Whether a field of a connection holds a secret (encrypted at rest, read back as `***`):
 * password and certificate always; a property when its field is a `secret` input, or, for a
 * property no field of the type describes, when its name looks like one.
 */
export function isSecretTarget(type: string, key: FieldTarget): boolean {
  if (key === 'password' || key === 'certificate') return true;
  if (!key.startsWith('properties.')) return false;
  const field = connectionType(type)?.fields.find((f) => f.key === key);
  if (field) return field.input === 'secret';
  return SECRET_PROPERTY_PATTERN.test(key.slice('properties.'.length));
}
