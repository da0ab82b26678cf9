import { z } from 'zod';
import { labelSelectorSchema } from '../selectors.js';

/**
 * Where a canary's checks run, and how many places must agree before a check fails
 * (docs/health.md, "Locations and quorum"). `local` is this server; `{agent}` one agent by
 * name; `{agentSelector}` every live agent whose properties match a label selector.
 */
export const LOCAL_LOCATION = 'local';

export const checkLocationSchema = z.union([
  z.literal(LOCAL_LOCATION),
  z.object({ agent: z.string().trim().min(1, 'names an agent') }).strict(),
  z.object({ agentSelector: labelSelectorSchema.pipe(z.string().trim().min(1)) }).strict(),
]);
export type CheckLocation = z.infer<typeof checkLocationSchema>;

export const locationsSchema = z.array(checkLocationSchema).min(1, 'names at least one location');

export const failureThresholdSchema = z.number().int().positive();

/** The default k of n: a strict majority of the locations (a tie does not fail the check). */
export function defaultFailureThreshold(n: number): number {
  return Math.floor(n / 2) + 1;
}

/** One key per location entry, to find duplicates and to name it in messages. */
export function locationKey(location: CheckLocation): string {
  if (location === LOCAL_LOCATION) return LOCAL_LOCATION;
  if ('agent' in location) return `agent:${location.agent}`;
  return `agentSelector:${location.agentSelector}`;
}

type LocatedFields = { locations?: CheckLocation[] | undefined; failureThreshold?: number | undefined };

/**
 * The rules between the two fields: no location twice, failureThreshold only with locations,
 * and (when every location is fixed, no selector) at most the number of locations.
 */
export function locatedProblems(spec: LocatedFields): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const { locations, failureThreshold } = spec;
  if (failureThreshold !== undefined && !locations)
    problems.push({ path: 'failureThreshold', message: 'needs locations' });
  if (!locations) return problems;
  const seen = new Set<string>();
  locations.forEach((l, i) => {
    const key = locationKey(l);
    if (seen.has(key)) problems.push({ path: `locations.${i}`, message: `${key} is named twice` });
    seen.add(key);
  });
  const fixed = locations.every((l) => l === LOCAL_LOCATION || 'agent' in l);
  if (failureThreshold !== undefined && fixed && failureThreshold > locations.length)
    problems.push({
      path: 'failureThreshold',
      message: `is ${failureThreshold} but only ${locations.length} location(s) are named`,
    });
  return problems;
}

/** One location of a located check as the check panel shows it (GET /api/canary/check/:id/locations). */
export const checkLocationRowSchema = z.object({
  /** The agent's id, the all-zero UUID for this server, null for an agent name nobody has. */
  id: z.string().nullable(),
  name: z.string(),
  state: z.enum(['passing', 'failing', 'unknown']),
  /** Why an unknown location is unknown. */
  reason: z.enum(['no result yet', 'stale', 'agent offline', 'agent not found']).optional(),
  time: z.string().nullable(),
  duration: z.number().nullable(),
  message: z.string().nullable(),
  error: z.string().nullable(),
});
export type CheckLocationRow = z.infer<typeof checkLocationRowSchema>;

export const checkLocationsAnswerSchema = z.union([
  z.object({ located: z.literal(false) }),
  z.object({
    located: z.literal(true),
    verdict: z.enum(['healthy', 'unhealthy', 'undecided']),
    k: z.number(),
    n: z.number(),
    failing: z.number(),
    passing: z.number(),
    unknown: z.number(),
    locations: z.array(checkLocationRowSchema),
  }),
]);
export type CheckLocationsAnswer = z.infer<typeof checkLocationsAnswerSchema>;
