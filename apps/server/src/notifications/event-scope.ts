import type { ServerContext } from '../context.js';
import { expressionVars, permalink, type EventResource } from './event-resource.js';
import { holdable, maintenanceHold, type MaintenanceHold } from './maintenance-hold.js';
import { matchingSilence, pickSilence } from './silences.js';

/** What one event means to the pipeline: its resource, variables, and lazily its silence. */
export type EventScope = {
  name: string;
  resource: EventResource;
  vars: Record<string, unknown>;
  silence(): Promise<string | undefined>;
  /** The maintenance window the resource is in now, if any. */
  maintenance(): Promise<MaintenanceHold | undefined>;
};

/**
 * The scope of one event; `silences` are the candidate rows and `hold` the maintenance window
 * when already read (eventFacts in pipeline.ts; null: none).
 */
export function eventScope(
  ctx: ServerContext,
  name: string,
  resource: EventResource,
  silences?: readonly unknown[],
  hold?: MaintenanceHold | null,
): EventScope {
  const vars = expressionVars(resource, name, { permalink: permalink(ctx.publicBaseUrl(), resource) });
  let silence: Promise<string | undefined> | undefined;
  let maintenance: Promise<MaintenanceHold | undefined> | undefined;
  return {
    name,
    resource,
    vars,
    // Silences name checks, configs and components; incident and playbook events are never silenced.
    silence: () =>
      (silence ??=
        resource.type === 'incident' || resource.type === 'playbook'
          ? Promise.resolve(undefined)
          : silences
            ? pickSilence(ctx.db, silences, resource, vars)
            : matchingSilence(ctx.db, resource, vars)),
    maintenance: () =>
      (maintenance ??=
        hold !== undefined || !holdable(resource)
          ? Promise.resolve(hold ?? undefined)
          : maintenanceHold(ctx.db, resource)),
  };
}
