import {
  canonicalNotificationEvent,
  TEST_MESSAGE_NOUNS,
  type TestMessageAnswer,
  type TestMessageRequest,
} from '@opsdeck/shared';
import type { ServerContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import { HttpError } from '../platform/http-error.js';
import { compileCel, evalCelBool } from '../expr/index.js';
import { eventResource } from './event-resource.js';
import { eventScope, type EventScope } from './event-scope.js';
import { recipientsOf } from './recipients.js';
import { renderMessage } from './render.js';
import { renderAndDeliver } from './send.js';

/** How many of the latest resources are tried against the rule's filter. */
const CANDIDATES = 50;

/**
 * The latest resources an event could be about, with the properties its trigger would have sent
 * (migration 060: the check's object is the check trigger's; configs and components have
 * functions of their own; incidents theirs, migration 080). Resources in the event's state come
 * first: a check.failed test is written about a failing check when there is one.
 */
const SAMPLE_SQL: Record<string, string> = {
  check: `SELECT jsonb_build_object(
      'id', k.id, 'check_id', k.id, 'canary_id', k.canary_id, 'canary_name', c.name, 'name', k.name,
      'type', k.type, 'namespace', k.namespace, 'description', k.description, 'icon', k.icon,
      'endpoint', k.endpoint, 'labels', k.labels, 'severity', k.severity, 'agent_id', k.agent_id,
      'status', k.status, 'previous_status', NULL, 'message', s.message, 'error', s.error,
      'time', coalesce(s.time, k.last_runtime)) AS properties
    FROM checks k JOIN canaries c ON c.id = k.canary_id
    LEFT JOIN LATERAL (
      SELECT message, error, time FROM check_statuses WHERE check_id = k.id ORDER BY time DESC LIMIT 1
    ) s ON true
    WHERE k.deleted_at IS NULL
    ORDER BY (k.status = $1) DESC NULLS LAST, k.last_runtime DESC NULLS LAST LIMIT ${CANDIDATES}`,
  config: `SELECT config_event_properties(i) AS properties FROM config_items i
    WHERE i.deleted_at IS NULL ORDER BY (i.health = $1) DESC NULLS LAST, i.updated_at DESC LIMIT ${CANDIDATES}`,
  component: `SELECT component_event_properties(c) AS properties FROM components c
    WHERE c.deleted_at IS NULL ORDER BY (c.status = $1) DESC NULLS LAST, c.updated_at DESC LIMIT ${CANDIDATES}`,
  incident: `SELECT incident_event_payload(i.id) AS properties FROM incidents i ORDER BY i.created_at DESC LIMIT ${CANDIDATES}`,
};

/** The state an event's name says its resource is in (check.failed → unhealthy), if any. */
function wantedState(kind: string, suffix: string): string | null {
  if (kind === 'check') return suffix === 'failed' ? 'unhealthy' : suffix === 'passed' ? 'healthy' : null;
  if (kind === 'config' || kind === 'component')
    return ['healthy', 'unhealthy', 'warning', 'unknown', 'error'].includes(suffix) ? suffix : null;
  return null;
}

/**
 * The latest resource the event could be about that the rule's filter lets through (among the
 * latest CANDIDATES), else the latest one.
 */
async function sampleScope(
  ctx: ServerContext,
  db: Queryable,
  event: string,
  filter: string | null | undefined,
): Promise<{ scope: EventScope; passesFilter: boolean }> {
  const [kind = '', suffix = ''] = event.split('.', 2);
  const sql = SAMPLE_SQL[kind];
  if (!sql)
    throw new HttpError(
      400,
      'A test message is written about a health check, catalog item, component or incident: choose one of their events first',
      ['events'],
    );
  const params = sql.includes('$1') ? [wantedState(kind, suffix)] : [];
  const { rows } = await db.query<{ properties: Record<string, unknown> }>(sql, params);
  const scopeOf = (properties: Record<string, unknown>) => {
    const resource = eventResource(event, properties);
    return resource ? eventScope(ctx, event, resource) : undefined;
  };
  const latest = rows[0] ? scopeOf(rows[0].properties) : undefined;
  if (!latest)
    throw new HttpError(
      409,
      `There is no ${TEST_MESSAGE_NOUNS[kind] ?? kind} yet to write a test message about`,
    );
  if (!filter?.trim()) return { scope: latest, passesFilter: true };
  // As in the pipeline (filter.ts), a filter that fails on a resource does not let it through.
  const passes = (s: EventScope) => {
    try {
      return evalCelBool(filter, s.vars);
    } catch {
      return false;
    }
  };
  for (const [i, r] of rows.entries()) {
    const scope = i === 0 ? latest : scopeOf(r.properties);
    if (scope && passes(scope)) return { scope, passesFilter: true };
  }
  return { scope: latest, passesFilter: false };
}

/** `render()`, or a 400 naming the rule's field it failed on. */
function rendered<T>(render: () => T, field: 'title' | 'template' | 'filter'): T {
  try {
    return render();
  } catch (e) {
    throw new HttpError(400, `${field}: ${e instanceof Error ? e.message : String(e)}`, [field]);
  }
}

/**
 * Sends the message a rule not yet saved would send for its first event, about the latest
 * resource that event could be about and its filter lets through, to the rule's recipients
 * now — through the same templates, recipients and delivery (outbound policy, system SMTP) as
 * a saved rule, and storing nothing: no history row, no repeat interval started.
 */
export async function sendTestMessage(
  ctx: ServerContext,
  rule: TestMessageRequest,
): Promise<TestMessageAnswer> {
  const event = canonicalNotificationEvent(rule.events[0] ?? '');
  // What the form can fix is said next to its field before anything is read or sent.
  if (rule.filter?.trim()) rendered(() => compileCel(rule.filter ?? ''), 'filter');
  const { scope, passesFilter } = await ctx.db.read((db) => sampleScope(ctx, db, event, rule.filter));
  const { resource } = scope;
  const shape = {
    title: rule.title ?? null,
    template: rule.template ?? null,
    person_id: rule.person_id ?? null,
    team_id: rule.team_id ?? null,
    custom_services: rule.custom_services ?? null,
    properties: rule.properties ?? null,
  };
  const recipients = await recipientsOf(ctx.db, shape);
  if (recipients.length === 0)
    throw new HttpError(
      400,
      'No recipient to send the test to: choose a person with an email, a team with notification settings, or an address',
    );
  // A template that does not render is said next to its field, before anything is sent.
  const title = rendered(() => renderMessage({ title: shape.title, template: null }, scope).title, 'title');
  rendered(() => renderMessage(shape, scope), 'template');
  const results: TestMessageAnswer['results'] = [];
  for (const recipient of recipients) {
    const outcome = await renderAndDeliver(ctx, shape, scope, recipient);
    results.push({
      recipient: recipient.label,
      status: outcome.status === 'sent' ? 'sent' : 'error',
      ...(outcome.error ? { error: outcome.error } : {}),
    });
  }
  return {
    event,
    resource: { type: resource.type, id: resource.id, name: resource.summary.name || resource.id },
    passesFilter,
    title,
    results,
  };
}
