import type { PlaybookParameter } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { resolveValueRefs, type ValueSources } from '../health/index.js';
import type { SecretBox } from '../lib/secrets/index.js';
import { namedValues } from './actions/values.js';
import { openSecretParams } from './secret-params.js';

/**
 * What a playbook's templates and CEL expressions see (Mission Control's TemplateEnv): the
 * resource the run is about (`config`, `component` or `check`), `params`, `playbook`, `run`,
 * `user`, `request` (webhook runs), `env` and `agent`. Parameter defaults, `filters`, action
 * fields and `if`/`delay` are all evaluated against one of these.
 */
export type PlaybookTemplateEnv = {
  config?: Row;
  component?: Row;
  check?: Row;
  params: Record<string, unknown>;
  playbook: Row;
  run?: Row;
  user?: { id: string; name: string; email: string | null };
  request?: Row;
  env: Record<string, string>;
  agent: { id: string; name: string };
};

type Row = Record<string, unknown>;

/** The resource a run is about: at most one of the three. */
export type RunResource = {
  config_id?: string | null;
  component_id?: string | null;
  check_id?: string | null;
};

export const LOCAL_AGENT = { id: '00000000-0000-0000-0000-000000000000', name: 'local' } as const;

const CONFIG_SQL = `SELECT id, name, namespace, type, config_class, status, health, description, labels, tags,
  properties, config, path, parent_id, agent_id, created_at, updated_at, deleted_at FROM config_items WHERE id = $1`;
const COMPONENT_SQL = `SELECT id, name, namespace, type, icon, status, status_reason, health, labels, properties,
  path, parent_id, topology_id, agent_id, created_at, updated_at, deleted_at FROM components WHERE id = $1`;
const CHECK_SQL = `SELECT c.id, c.name, c.namespace, c.type, c.icon, c.canary_id, c.agent_id, c.description,
  c.labels, c.severity, c.status, c.last_runtime, c.created_at, c.updated_at, c.deleted_at,
  cn.name AS canary_name
  FROM checks c JOIN canaries cn ON cn.id = c.canary_id WHERE c.id = $1`;

async function one(q: Queryable, sql: string, id: string | null | undefined): Promise<Row | undefined> {
  if (!id) return undefined;
  const { rows } = await q.query<Row>(sql, [id]);
  return rows[0];
}

/** Loads the run's resource rows; an id that matches nothing leaves that key out. */
export async function loadRunResource(
  q: Queryable,
  ids: RunResource,
): Promise<Pick<PlaybookTemplateEnv, 'config' | 'component' | 'check'>> {
  const [config, component, check] = await Promise.all([
    one(q, CONFIG_SQL, ids.config_id),
    one(q, COMPONENT_SQL, ids.component_id),
    one(q, CHECK_SQL, ids.check_id),
  ]);
  return {
    ...(config ? { config } : {}),
    ...(component ? { component } : {}),
    ...(check ? { check } : {}),
  };
}

/** The person a run acts for, as `.user`; undefined for the system (webhooks, schedules, events). */
export async function loadUser(
  q: Queryable,
  personId: string | null | undefined,
): Promise<PlaybookTemplateEnv['user']> {
  if (!personId) return undefined;
  const { rows } = await q.query<{ id: string; name: string; email: string | null }>(
    'SELECT id, name, email FROM people WHERE id = $1',
    [personId],
  );
  return rows[0];
}

/**
 * Parameter values as templates see them: strings as given, except `config` and `component`
 * parameters, which become the whole item (`{{.params.my_config.config_class}}`), and
 * `checkbox`, which stays the string "true"/"false" as Mission Control keeps it.
 */
export async function resolveParams(
  q: Queryable,
  parameters: readonly PlaybookParameter[] | undefined,
  values: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...values };
  for (const p of parameters ?? []) {
    const value = values[p.name];
    if (!value) continue;
    if (p.type === 'config') out[p.name] = (await one(q, CONFIG_SQL, uuidOrNull(value))) ?? value;
    else if (p.type === 'component') out[p.name] = (await one(q, COMPONENT_SQL, uuidOrNull(value))) ?? value;
    else if (p.type === 'check') out[p.name] = (await one(q, CHECK_SQL, uuidOrNull(value))) ?? value;
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value that is not a uuid cannot name a row; it stays the string it was. */
function uuidOrNull(value: string): string | null {
  return UUID.test(value) ? value : null;
}

/** The columns of a run that its template environment is built from. */
export type RunForEnv = RunResource & {
  id: string;
  playbook_id: string;
  status: string;
  created_at: Date | string;
  start_time: Date | string | null;
  created_by: string | null;
  parameters: Record<string, string> | null;
  /** The sealed values of its `secret` parameters (secret-params.ts). */
  secret_parameters?: unknown;
  request: Row | null;
  trigger?: string | null;
  parent_id?: string | null;
};

/**
 * Everything a run's action templates and `if`/`delay` expressions see, loaded once when an
 * engine takes the run: its resource, `params` (resolved), `playbook`, `run`, `user` (who
 * started it), `request` (webhook runs), `env` (the spec's `env`) and `agent` (local).
 */
export async function loadRunTemplateEnv(
  q: Queryable,
  run: RunForEnv,
  spec: { parameters?: readonly PlaybookParameter[]; env?: readonly unknown[] },
  from: {
    /** Opens the run's `secret` parameters (secret-params.ts). */
    secrets?: SecretBox;
    /** Reads the spec env's `valueFrom` references (value-refs.ts), in the playbook's namespace. */
    values?: (namespace: string) => ValueSources;
  } = {},
): Promise<PlaybookTemplateEnv> {
  // Actions get the clear values of `secret` parameters; the run's row keeps [REDACTED].
  const values = openSecretParams(run.parameters, run.secret_parameters, from.secrets);
  const [resource, user, params, playbook] = await Promise.all([
    loadRunResource(q, run),
    loadUser(q, run.created_by),
    resolveParams(q, spec.parameters, values),
    q.query<Row>(
      'SELECT id, name, namespace, title, icon, category, description, source FROM playbooks WHERE id = $1',
      [run.playbook_id],
    ),
  ]);
  return {
    ...resource,
    params,
    playbook: playbook.rows[0] ?? { id: run.playbook_id },
    run: {
      id: run.id,
      playbook_id: run.playbook_id,
      status: run.status,
      created_at: run.created_at,
      start_time: run.start_time,
      parameters: values,
      trigger: run.trigger ?? null,
      parent_id: run.parent_id ?? null,
    },
    ...(user ? { user } : {}),
    ...(run.request ? { request: run.request } : {}),
    // valueFrom is read from where checks read it; without sources it is refused, naming the entry.
    env: namedValues(
      from.values && spec.env
        ? await resolveValueRefs(
            spec.env,
            from.values(String(playbook.rows[0]?.namespace ?? 'default')),
            'env',
          )
        : spec.env,
      'env',
    ),
    agent: { ...LOCAL_AGENT },
  };
}
