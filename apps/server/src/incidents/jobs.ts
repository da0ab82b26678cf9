import type { ServerContext } from '../context.js';
import type { JobDefinition } from '../jobs/scheduler.js';
import type { DomainEvent } from '../platform/domain.js';
import { evaluateDefinitionsOfDone, incidentsOfResource } from './definition-of-done.js';
import { runIncidentRules, type WatchedKind } from './rules.js';

/** Mission Control's `Evaluate Evidence`: every definition of done, every five minutes. */
export const evaluateEvidenceJob: JobDefinition = {
  name: 'EvaluateEvidence',
  intervalSeconds: 300,
  recordEmptyRuns: false,
  async run(ctx) {
    const outcome = await evaluateDefinitionsOfDone(ctx.db);
    return { success: outcome.changed + outcome.resolved.length + outcome.reopened.length };
  },
};

/** The incident rules, every five minutes and shortly after start-up. */
export const incidentRulesJob: JobDefinition = {
  name: 'IncidentRules',
  intervalSeconds: 300,
  runOnStart: true,
  recordEmptyRuns: false,
  async run(ctx) {
    const outcome = await runIncidentRules(ctx.db);
    return { success: outcome.opened.length + outcome.autoResolved + outcome.autoClosed };
  },
};

/** The check, component or catalog item a health event is about (config.* name the item as config_id). */
function resourceOf(event: DomainEvent): { kind: WatchedKind; id: string } | undefined {
  const kind = event.name.split('.')[0];
  if (kind !== 'component' && kind !== 'check' && kind !== 'config') return undefined;
  const p = event.properties;
  const id = String((kind === 'config' ? p.config_id || p.id : p.id) ?? '');
  return /^[0-9a-f-]{36}$/i.test(id) ? { kind, id } : undefined;
}

/**
 * A check, component or catalog item changed health: the incidents whose evidence points at
 * it evaluate their definition of done now rather than at the next job run.
 */
export async function reevaluateForResource(event: DomainEvent, ctx: ServerContext): Promise<void> {
  const resource = resourceOf(event);
  if (!resource) return;
  const incidents = await incidentsOfResource(ctx.db, resource.id);
  if (incidents.length > 0) await evaluateDefinitionsOfDone(ctx.db, incidents);
}

/** A check, component or catalog item changed health: the incident rules run now for it. */
export async function rulesOnHealthEvent(event: DomainEvent, ctx: ServerContext): Promise<void> {
  const resource = resourceOf(event);
  if (resource) await runIncidentRules(ctx.db, { only: resource });
}
