import {
  type CheckLocation,
  LOCAL_AGENT_ID,
  LOCAL_LOCATION,
  locationsSchema,
  failureThresholdSchema,
  nextRunAfter,
} from '@opsdeck/shared';
import { z } from 'zod';
import type { Queryable } from '../db/types.js';
import { matchesLabels, parseLabelSelector } from '../selectors.js';
import { DEFAULT_SCHEDULE } from './schedule.js';

/** An agent is online when it was seen within this (the agents list's rule, docs/agents.md). */
export const AGENT_ONLINE_MS = 60_000;

/** The location fields of a canary spec, when it names locations. */
export type Located = { locations: CheckLocation[]; failureThreshold: number | undefined };

const locatedFields = z.object({
  locations: locationsSchema,
  failureThreshold: failureThresholdSchema.optional(),
});

/** The spec's locations and threshold, or undefined for a canary that runs in one place. */
export function locatedOf(spec: unknown): Located | undefined {
  if (!spec || typeof spec !== 'object' || !('locations' in spec)) return undefined;
  const parsed = locatedFields.safeParse(spec);
  if (!parsed.success) return undefined;
  return { locations: parsed.data.locations, failureThreshold: parsed.data.failureThreshold };
}

export const runsLocally = (located: Located): boolean => located.locations.includes(LOCAL_LOCATION);

/** A location the spec names, resolved to this server or one agent. */
export type ResolvedLocation = { id: string | null; name: string; online: boolean };

type AgentRow = { id: string; name: string; properties: Record<string, unknown> | null; online: boolean };

/** The live agents (not this server), with whether each is online now. */
export async function liveAgents(db: Queryable): Promise<AgentRow[]> {
  const { rows } = await db.query<AgentRow>(
    `SELECT id, name, properties, coalesce(last_seen > now() - $2 * interval '1 millisecond', false) AS online
     FROM agents WHERE deleted_at IS NULL AND id <> $1`,
    [LOCAL_AGENT_ID, AGENT_ONLINE_MS],
  );
  return rows;
}

const asLabels = (p: Record<string, unknown> | null): Record<string, string> =>
  Object.fromEntries(
    Object.entries(p ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );

/**
 * The places a spec's locations stand for, each once (an agent named and also selected counts
 * once): `local` is this server; `{agent}` one agent by name, or an unknown place when no live
 * agent has that name (it counts in n, never as a failure); `{agentSelector}` every live agent
 * whose properties match (none matching adds nothing).
 */
export function resolveLocations(
  locations: readonly CheckLocation[],
  agents: readonly AgentRow[],
): ResolvedLocation[] {
  const out: ResolvedLocation[] = [];
  const seen = new Set<string>();
  const add = (l: ResolvedLocation) => {
    const key = l.id ?? `name:${l.name}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(l);
  };
  for (const l of locations) {
    if (l === LOCAL_LOCATION) add({ id: LOCAL_AGENT_ID, name: LOCAL_LOCATION, online: true });
    else if ('agent' in l) {
      const a = agents.find((x) => x.name === l.agent);
      add(a ? { id: a.id, name: a.name, online: a.online } : { id: null, name: l.agent, online: false });
    } else {
      const terms = parseLabelSelector(l.agentSelector);
      for (const a of agents)
        if (matchesLabels(asLabels(a.properties), terms)) add({ id: a.id, name: a.name, online: a.online });
    }
  }
  return out;
}

/**
 * How late an agent's result may arrive: it runs located checks on a 5 s tick and pushes on
 * another 5 s tick, so a result is up to 10 s old when it lands (seen at 19 s on a 10 s schedule).
 */
export const RESULT_TRANSIT_MS = 10_000;

/**
 * A result older than twice the schedule's interval, plus its time in transit, says nothing
 * about now. Without the transit an agent's results on a short schedule came close to stale on
 * arrival, and a quorum could flip for want of them.
 */
export function staleAfterMs(schedule: string | null, now: Date): number {
  const first = nextRunAfter(schedule, now, DEFAULT_SCHEDULE);
  const second = nextRunAfter(schedule, first, DEFAULT_SCHEDULE);
  return 2 * Math.max(1000, second.getTime() - first.getTime()) + RESULT_TRANSIT_MS;
}
