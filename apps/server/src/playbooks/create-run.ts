import { DEFAULT_PLAYBOOK_TIMEOUT, parseDuration, type PlaybookSpec } from '@opsdeck/shared';
import type { Db, Queryable } from '../db/types.js';
import { evalCel } from '../expr/index.js';
import { badRequest, HttpError } from '../platform/http-error.js';
import { approveRun, approverRole, needsApproval, resolveApprovers } from './approvals.js';
import type { SecretBox } from '../lib/secrets/index.js';
import { renderParameters, resolveParameterValues } from './params.js';
import { sealSecretParams } from './secret-params.js';
import {
  LOCAL_AGENT,
  loadRunResource,
  loadUser,
  resolveParams,
  type PlaybookTemplateEnv,
  type RunResource,
} from './template-env.js';

/** What started a run (playbook_runs.trigger). */
export type RunTrigger =
  'api' | 'rerun' | 'webhook' | 'schedule' | 'canary' | 'config' | 'component' | 'notification';

/** The webhook request a run keeps and its templates see as `.request`. */
export type WebhookRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  params: Record<string, string>;
  content: string;
  json: unknown;
};

export type RunInput = RunResource & {
  /** The playbook's id. */
  playbookId: string;
  params?: Readonly<Record<string, string>>;
  trigger: RunTrigger;
  /** The person the run acts for; null for the system (webhook, schedule, events). */
  createdBy: string | null;
  request?: WebhookRequest;
  /** The event that triggered it: a second delivery of that event creates nothing. */
  eventId?: string;
  /**
   * The server's secret store, which seals the values of `secret` parameters; without it a run
   * given such a value is refused (only the demo seed, whose playbooks have none, omits it).
   */
  secrets?: SecretBox;
  /** The notification send (history row) a playbook recipient's run is for. */
  notificationSendId?: string;
};

export type CreatedRun = { run_id: string; starts_at: string; status: string };

export type PlaybookRow = {
  id: string;
  namespace: string;
  name: string;
  title: string;
  category: string;
  icon: string | null;
  description: string | null;
  spec: PlaybookSpec;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The live playbook of that id; 404 "playbook 'X' not found" otherwise. */
export async function loadPlaybook(q: Queryable, id: string): Promise<PlaybookRow> {
  const rows = UUID.test(id)
    ? (
        await q.query<PlaybookRow>(
          `SELECT id, namespace, name, title, category, icon, description, spec FROM playbooks
           WHERE id = $1 AND deleted_at IS NULL`,
          [id],
        )
      ).rows
    : [];
  if (!rows[0]) throw new HttpError(404, `playbook '${id}' not found`);
  return rows[0];
}

const RESOURCE_KINDS = [
  ['config_id', 'config'],
  ['component_id', 'component'],
  ['check_id', 'check'],
] as const;

/** At most one of config_id, component_id and check_id, and it must exist. */
export async function loadResource(
  q: Queryable,
  ids: RunResource,
): Promise<{ ids: RunResource; env: Pick<PlaybookTemplateEnv, 'config' | 'component' | 'check'> }> {
  const given = RESOURCE_KINDS.filter(([key]) => ids[key]);
  if (given.length > 1) throw badRequest('at most one of config_id, component_id and check_id may be given');
  const [entry] = given;
  if (!entry) return { ids: {}, env: {} };
  const [key, kind] = entry;
  const id = ids[key] ?? '';
  const env = UUID.test(id) ? await loadRunResource(q, { [key]: id }) : {};
  if (!env[kind]) throw new HttpError(404, `${kind} '${id}' not found`);
  return { ids: { [key]: id }, env };
}

/** The environment parameter defaults and filters are evaluated against, before the run exists. */
export async function runEnvironment(
  q: Queryable,
  playbook: PlaybookRow,
  resource: Pick<PlaybookTemplateEnv, 'config' | 'component' | 'check'>,
  createdBy: string | null,
  request?: WebhookRequest,
): Promise<PlaybookTemplateEnv> {
  const user = await loadUser(q, createdBy);
  const { spec, ...rest } = playbook;
  return {
    ...resource,
    params: {},
    playbook: { ...rest, spec },
    ...(user ? { user } : {}),
    ...(request ? { request } : {}),
    env: plainEnv(playbook.spec),
    agent: { ...LOCAL_AGENT },
  };
}

/** `spec.env` entries with a plain value; secrets resolve only when an action runs. */
function plainEnv(spec: PlaybookSpec): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of spec.env ?? []) {
    if (typeof e !== 'object') continue;
    const name: unknown = e.name;
    if (typeof name === 'string' && typeof e.value === 'string') out[name] = e.value;
  }
  return out;
}

/** Every `filters` expression must give true; otherwise the evaluated value is the 400's message. */
function checkFilters(spec: PlaybookSpec, env: PlaybookTemplateEnv): void {
  for (const filter of spec.filters ?? []) {
    let value: unknown;
    try {
      value = evalCel(filter, env);
    } catch (e) {
      throw badRequest((e as Error).message);
    }
    if (value === true || value === 'true') continue;
    throw badRequest(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
  }
}

/** Nanoseconds of the spec's timeout (30 minutes without one). */
function timeoutNs(spec: PlaybookSpec): number {
  const ms =
    parseDuration(spec.timeout ?? DEFAULT_PLAYBOOK_TIMEOUT) ?? parseDuration(DEFAULT_PLAYBOOK_TIMEOUT)!;
  return Math.max(1, Math.round(ms)) * 1_000_000;
}

/**
 * The one way a run is made — API, re-run, webhook, schedule and event triggers all come here:
 * the playbook and resource must exist, parameters are filled from rendered defaults and
 * validated, `filters` must hold; then the run is inserted with a copy of the spec, `scheduled`
 * or `pending_approval` (approved at once when its creator is an approver). Errors are 4xx.
 * Returns null when the event named by `eventId` already created a run of this playbook.
 */
export async function createRun(db: Db, input: RunInput): Promise<CreatedRun | null> {
  return db.transaction((tx) => createRunIn(tx, input));
}

/** createRun inside the caller's transaction (the scheduler advances its slot in the same one). */
export async function createRunIn(tx: Queryable, input: RunInput): Promise<CreatedRun | null> {
  const playbook = await loadPlaybook(tx, input.playbookId);
  const resource = await loadResource(tx, input);
  const env = await runEnvironment(tx, playbook, resource.env, input.createdBy, input.request);
  const params = renderParameters(playbook.spec, env);
  const values = resolveParameterValues(params, input.params ?? {});
  env.params = await resolveParams(tx, params, values);
  checkFilters(playbook.spec, env);
  const approval = needsApproval(playbook.spec);
  const stored = sealSecretParams(params, values, input.secrets);
  const { rows } = await tx.query<{ id: string; scheduled_time: Date | string; status: string }>(
    `INSERT INTO playbook_runs (playbook_id, spec, status, timeout, created_by, trigger, check_id, config_id,
       component_id, parameters, request, event_id, secret_parameters, notification_send_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (playbook_id, event_id) WHERE event_id IS NOT NULL DO NOTHING
     RETURNING id, scheduled_time, status`,
    [
      playbook.id,
      JSON.stringify(playbook.spec),
      approval ? 'pending_approval' : 'scheduled',
      timeoutNs(playbook.spec),
      input.createdBy,
      input.trigger,
      resource.ids.check_id ?? null,
      resource.ids.config_id ?? null,
      resource.ids.component_id ?? null,
      JSON.stringify(stored.parameters),
      input.request ? JSON.stringify(input.request) : null,
      input.eventId ?? null,
      stored.sealed ? JSON.stringify(stored.sealed) : null,
      input.notificationSendId ?? null,
    ],
  );
  const row = rows[0];
  if (!row) return null;
  let status = row.status;
  // Who may approve is fixed now, by person: the addresses the spec lists resolve to people here.
  if (approval) await resolveApprovers(tx, row.id, playbook.spec);
  if (approval && (await approverRole(tx, { id: row.id, spec: playbook.spec }, input.createdBy))) {
    await approveRun(tx, { id: row.id, spec: playbook.spec, status }, input.createdBy);
    const after = await tx.query<{ status: string; scheduled_time: Date | string }>(
      'SELECT status, scheduled_time FROM playbook_runs WHERE id = $1',
      [row.id],
    );
    status = after.rows[0]?.status ?? status;
    row.scheduled_time = after.rows[0]?.scheduled_time ?? row.scheduled_time;
  }
  return { run_id: row.id, starts_at: rfc3339(row.scheduled_time), status };
}

/** RFC 3339 in UTC, to the second, as Mission Control answers `starts_at`. */
export function rfc3339(t: Date | string): string {
  return new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
