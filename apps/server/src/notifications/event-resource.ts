import type { HistoryResource, NotificationResourceType } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import type { DomainEvent } from '../platform/domain.js';

/**
 * The kinds of resource an event is about. `playbook` (a run) is in NOTIFICATION_RESOURCE_TYPES
 * too; it is named here as well so this compiles against a shared package without it.
 */
export type EventResourceType = NotificationResourceType | 'playbook';

/** The resource an event is about, and what templates and filters see of it. */
export type EventResource = {
  type: EventResourceType;
  id: string;
  summary: HistoryResource;
  /** The event's properties (what the producer trigger wrote). */
  properties: Record<string, unknown>;
  /** Ancestor ids (config and component `path`), for recursive silences. */
  path: string;
  /** The health the event reports (check.failed → unhealthy), undefined for non-health events. */
  health: string | undefined;
};

const HEALTH_OF_SUFFIX: Readonly<Record<string, string>> = {
  passed: 'healthy',
  healthy: 'healthy',
  failed: 'unhealthy',
  unhealthy: 'unhealthy',
  warning: 'warning',
  degraded: 'warning',
  unknown: 'unknown',
  error: 'error',
};

const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);

/** An incident event's resource: the incident (its triggers put the incident's columns in the payload). */
function incidentResource(properties: Record<string, unknown>): EventResource | undefined {
  const id = str(properties.id);
  if (!id) return undefined;
  return {
    type: 'incident',
    id,
    summary: {
      id,
      name: `${str(properties.incident_id)} ${str(properties.title)}`.trim(),
      type: str(properties.type) || null,
    },
    properties,
    path: '',
    health: undefined,
  };
}

/**
 * A playbook run event's resource: the run (playbook.run.completed / failed carry the run's
 * columns and its playbook's name and title), summarised as its playbook's title and status.
 */
function playbookRunResource(properties: Record<string, unknown>): EventResource | undefined {
  const id = str(properties.id);
  if (!id) return undefined;
  const title = str(properties.playbook_title) || str(properties.playbook_name);
  return {
    type: 'playbook',
    id,
    summary: { id, name: title, type: str(properties.status) || null },
    properties,
    path: '',
    health: undefined,
  };
}

/** The resource of a check.*, config.*, component.*, incident.* or playbook.run.* event; undefined for any other. */
export function eventResource(name: string, properties: Record<string, unknown>): EventResource | undefined {
  const [kind, suffix = ''] = name.split('.', 2);
  if (kind === 'incident') return incidentResource(properties);
  if (kind === 'playbook') return suffix === 'run' ? playbookRunResource(properties) : undefined;
  if (kind !== 'check' && kind !== 'config' && kind !== 'component') return undefined;
  const id = str(properties.id);
  if (!id) return undefined;
  // config.updated / config.changed are about a change; the item is config_id.
  const resourceId = kind === 'config' ? str(properties.config_id) || id : id;
  return {
    type: kind,
    id: resourceId,
    summary: {
      id: resourceId,
      name: str(properties.name),
      type: str(properties.type) || null,
      ...(typeof properties.icon === 'string' && properties.icon ? { icon: properties.icon } : {}),
    },
    properties,
    path: str(properties.path),
    health: HEALTH_OF_SUFFIX[suffix],
  };
}

export const resourceOfEvent = (event: DomainEvent) => eventResource(event.name, event.properties);

/** The console page of a resource, for links in messages. */
export function permalink(base: string, r: Pick<EventResource, 'type' | 'id'>): string {
  const id = encodeURIComponent(r.id);
  if (r.type === 'check') return `${base}/health?layout=table&checkId=${id}&timeRange=1h`;
  if (r.type === 'config') return `${base}/catalog/${id}`;
  if (r.type === 'component') return `${base}/topology/${id}`;
  if (r.type === 'incident') return `${base}/incidents/${id}`;
  if (r.type === 'playbook') return `${base}/playbooks/runs/${id}`;
  return `${base}/health?canary=${id}`;
}

/** The variables filters and templates see (Mission Control's names). */
export function expressionVars(
  r: EventResource,
  sourceEvent: string,
  links: { permalink: string },
): Record<string, unknown> {
  const p = r.properties;
  const vars: Record<string, unknown> = {
    source_event: sourceEvent,
    event_time: str(p.time) || str(p.changed_at) || str(p.updated_at) || new Date().toISOString(),
    permalink: links.permalink,
    agent: { id: str(p.agent_id) },
  };
  if (r.type === 'check') {
    vars.check = { ...p, labels: p.labels ?? {} };
    vars.canary = { id: str(p.canary_id), name: str(p.canary_name) };
    vars.check_status = {
      status: str(p.status),
      message: str(p.message),
      error: str(p.error),
      time: str(p.time),
    };
  } else if (r.type === 'config') {
    vars.config = { ...p, id: r.id, labels: p.labels ?? {}, tags: p.tags ?? {} };
    vars.new_state = str(p.health);
  } else if (r.type === 'incident') {
    vars.incident = { ...p };
    vars.new_state = str(p.status);
  } else if (r.type === 'playbook') {
    vars.playbook = { id: str(p.playbook_id), name: str(p.playbook_name), title: r.summary.name };
    vars.run = { ...p };
    vars.new_state = str(p.status);
  } else {
    vars.component = { ...p, labels: p.labels ?? {} };
    vars.new_state = str(p.status);
  }
  return vars;
}

/** The resource's health now as a scalar subquery of $1 (its id); NULL when it no longer exists. */
export const CURRENT_HEALTH_SQL: Readonly<Record<EventResourceType, string>> = {
  check: `SELECT coalesce(status, 'unknown') FROM checks WHERE id = $1::uuid AND deleted_at IS NULL`,
  config: `SELECT coalesce(health, 'unknown') FROM config_items WHERE id = $1::uuid AND deleted_at IS NULL`,
  component: `SELECT coalesce(status, 'unknown') FROM components WHERE id = $1::uuid AND deleted_at IS NULL`,
  canary: `SELECT 'unknown'::text FROM canaries WHERE id = $1::uuid AND deleted_at IS NULL`,
  incident: `SELECT status FROM incidents WHERE id = $1::uuid`,
  playbook: `SELECT status FROM playbook_runs WHERE id = $1::uuid`,
};

/** The resource's health now; null when it no longer exists (deleted, or never was). */
export async function currentHealth(
  db: Queryable,
  r: Pick<EventResource, 'type' | 'id'>,
): Promise<string | null> {
  const { rows } = await db.query<{ health: string | null }>(
    `SELECT (${CURRENT_HEALTH_SQL[r.type]}) AS health`,
    [r.id],
  );
  return rows[0]?.health ?? null;
}
