import { connectionType } from '@opsdeck/shared';
import { DocumentError } from './errors.js';
import type { Row, SpecDocument } from './types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Mission Control's Connection CRD block names that Opsdeck calls otherwise. */
const TYPE_ALIASES: Record<string, string> = {
  mssql: 'sql_server',
  sqlserver: 'sql_server',
  gcp: 'google_cloud',
  smtp: 'email',
  mongodb: 'mongo',
};

/** Fields of a block that are columns; the rest of its scalar fields become properties. */
const COLUMN_FIELDS: Record<string, string> = {
  url: 'url',
  username: 'username',
  password: 'password',
  certificate: 'certificate',
  insecureTLS: 'insecure_tls',
  insecure_tls: 'insecure_tls',
  insecureSkipVerify: 'insecure_tls',
};

/**
 * A value as the CRD gives it: a string, or an EnvVar `{value}`. `valueFrom` names a Kubernetes
 * secret Opsdeck does not read: refused, saying what to do instead.
 */
function valueOf(where: string, field: string, v: unknown): unknown {
  if (!isObj(v)) return v;
  if ('value' in v) return v.value;
  if ('valueFrom' in v) {
    throw new DocumentError(
      `${where}: ${field}.valueFrom reads a Kubernetes secret, which Opsdeck does not; ` +
        'give the value itself (a CI secret substituted into the file), or set it once in the UI ' +
        'and leave the field out of the file',
    );
  }
  return v;
}

/**
 * A `Connection` document as the connection's columns. Two shapes, as Mission Control takes
 * them: the flat one (`spec.type`, `url`, `username`, … `properties`) and one block per type
 * (`spec.postgres: {url | host + database, username, password}`); EnvVar values (`{value}`) are
 * unwrapped. A postgres or mysql block with `host` gets the URL Mission Control builds.
 */
export function connectionColumns(d: SpecDocument): Row {
  const where = `${d.file}: Connection ${d.name}`;
  const spec = d.document.spec;
  if (!isObj(spec)) throw new DocumentError(`${where}: spec is required`);
  const blocks = Object.keys(spec).filter((k) => isObj(spec[k]) && k !== 'properties');
  let type: string;
  let fields: Obj;
  if (typeof spec.type === 'string') {
    type = spec.type;
    fields = spec;
  } else if (blocks.length === 1 && blocks[0]) {
    type = blocks[0];
    fields = spec[blocks[0]] as Obj;
  } else {
    throw new DocumentError(`${where}: spec needs a type, or one block named after it (postgres: {…})`);
  }
  type = TYPE_ALIASES[type] ?? type;
  if (!connectionType(type)) throw new DocumentError(`${where}: unknown connection type "${type}"`);
  const row: Row = { type };
  const properties: Obj = isObj(fields.properties) ? { ...fields.properties } : {};
  for (const [key, raw] of Object.entries(fields)) {
    if (key === 'type' || key === 'properties') continue;
    const value = valueOf(where, key, raw);
    const column = COLUMN_FIELDS[key];
    if (column) row[column] = value;
    else if (['string', 'number', 'boolean'].includes(typeof value)) properties[key] = value;
  }
  if (row.url === undefined && typeof properties.host === 'string') {
    if (type === 'postgres')
      row.url = `postgres://$(username):$(password)@$(properties.host)/$(properties.database)`;
    if (type === 'mysql')
      row.url = `mysql://$(username):$(password)@$(properties.host)/$(properties.database)`;
  }
  row.properties = properties;
  return row;
}
