import type { ServerContext } from '../context.js';
import { expressionVars, permalink, type EventResource } from './event-resource.js';
import { matchingSilence, pickSilence } from './silences.js';

/** What one event means to the pipeline: its resource, variables, and lazily its silence. */
export type EventScope = {
  name: string;
  resource: EventResource;
  vars: Record<string, unknown>;
  silence(): Promise<string | undefined>;
};

/** The scope of one event; `silences` are the candidate rows when already read (eventFacts in pipeline.ts). */
export function eventScope(
  ctx: ServerContext,
  name: string,
  resource: EventResource,
  silences?: readonly unknown[],
): EventScope {
  const vars = expressionVars(resource, name, { permalink: permalink(ctx.publicBaseUrl(), resource) });
  let silence: Promise<string | undefined> | undefined;
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
  };
}
