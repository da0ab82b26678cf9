import crypto from 'node:crypto';
import {
  CANARY_TRIGGER_EVENTS,
  COMPONENT_TRIGGER_EVENTS,
  CONFIG_TRIGGER_EVENTS,
  type PlaybookSpec,
} from '@opsdeck/shared';
import type { ServerContext } from '../../context.js';
import { evalCelBool } from '../../expr/index.js';
import type { DomainEvent, EventHandler } from '../../platform/domain.js';
import { globMatch } from '../../selectors.js';
import { createRun } from '../create-run.js';
import { loadRunResource } from '../template-env.js';
import { isPlaybookProblem, recordTriggerFailure } from './failure.js';
import { secretBox } from '../../lib/secrets/index.js';

type ResourceKind = 'check' | 'config' | 'component';
/** The `spec.on` key of each resource kind (checks trigger `on.canary`). */
const TRIGGER_KEY = { check: 'canary', config: 'config', component: 'component' } as const;
const ID_KEY = { check: 'check_id', config: 'config_id', component: 'component_id' } as const;

type EventTrigger = { event: string; filter?: string; labels?: Record<string, string> };
type Row = Record<string, unknown>;

function labelsOf(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
}

/**
 * Mission Control's matchResource: the CEL `filter` must give the boolean true (anything else
 * throws "… didn't evaluate to a boolean value"), and every `labels` key must be on the
 * resource with a value matching one of its comma-separated glob patterns.
 */
export function triggerMatches(
  trigger: EventTrigger,
  vars: Record<string, unknown>,
  labels: Record<string, string>,
): boolean {
  if (trigger.filter && !evalCelBool(trigger.filter, vars)) return false;
  for (const [key, patterns] of Object.entries(trigger.labels ?? {})) {
    if (!Object.hasOwn(labels, key)) return false;
    const value = labels[key] ?? '';
    if (!patterns.split(',').some((p) => globMatch(p.trim(), value))) return false;
  }
  return true;
}

/**
 * The run's event key: the queue row's id with its properties, so a second delivery of one
 * event maps to the same key (and inserts nothing) while a newer event that replaced a queued
 * one (same row, new properties) still creates its run.
 */
export function runEventId(event: DomainEvent): string {
  const h = crypto
    .createHash('sha256')
    .update(event.id)
    .update(JSON.stringify(event.properties))
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function resourceIdOf(kind: ResourceKind, p: Row): string {
  const id = p[ID_KEY[kind]] ?? p.id;
  return typeof id === 'string' ? id : '';
}

/** One handler for `<kind>.<event>`: each live playbook with a matching trigger entry gets one run. */
function handlerFor(kind: ResourceKind, name: string): EventHandler {
  return async (event: DomainEvent, ctx: ServerContext) => {
    const key = TRIGGER_KEY[kind];
    const { rows: playbooks } = await ctx.db.query<{ id: string; name: string; spec: PlaybookSpec }>(
      `SELECT id, name, spec FROM playbooks WHERE deleted_at IS NULL
         AND spec -> 'on' -> $1::text @> jsonb_build_array(jsonb_build_object('event', $2::text))`,
      [key, name],
    );
    if (playbooks.length === 0) return;
    const id = resourceIdOf(kind, event.properties);
    if (!/^[0-9a-f-]{36}$/i.test(id)) return;
    const loaded = (await loadRunResource(ctx.db, { [ID_KEY[kind]]: id }))[kind];
    const resource: Row = { ...event.properties, ...(loaded ?? {}) };
    const vars = { ...event.properties, [kind]: resource };
    const labels =
      kind === 'config'
        ? { ...labelsOf(resource.labels), ...labelsOf(resource.tags) }
        : labelsOf(resource.labels);
    for (const playbook of playbooks) {
      const triggers = (playbook.spec.on?.[key] ?? []).filter((t) => t.event === name);
      try {
        if (!triggers.some((t) => triggerMatches(t, vars, labels))) continue;
        await createRun(ctx.db, {
          playbookId: playbook.id,
          [ID_KEY[kind]]: id,
          trigger: key,
          createdBy: null,
          eventId: runEventId(event),
          secrets: secretBox(ctx.config),
        });
      } catch (e) {
        if (!isPlaybookProblem(e)) throw e;
        await recordTriggerFailure(ctx.db, playbook.id, e.message, {
          playbook: playbook.name,
          event: event.name,
          resource_id: id,
        });
      }
    }
  };
}

/** The event handlers of `on.canary`, `on.config` and `on.component`, by event name. */
export function eventTriggerHandlers(): Record<string, EventHandler> {
  const entries: [string, EventHandler][] = [
    ...CANARY_TRIGGER_EVENTS.map((e): [string, EventHandler] => [`check.${e}`, handlerFor('check', e)]),
    ...CONFIG_TRIGGER_EVENTS.map((e): [string, EventHandler] => [`config.${e}`, handlerFor('config', e)]),
    ...COMPONENT_TRIGGER_EVENTS.map((e): [string, EventHandler] => [
      `component.${e}`,
      handlerFor('component', e),
    ]),
  ];
  return Object.fromEntries(entries);
}
