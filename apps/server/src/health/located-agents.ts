import { LOCAL_AGENT_ID } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { liveAgents, locatedOf, resolveLocations } from './locations.js';

type CanaryRow = {
  id: string;
  name: string;
  namespace: string | null;
  labels: Record<string, string> | null;
  spec: unknown;
  schedule: string | null;
  updated_at: string;
};

/** A located canary as an agent pulls it: the spec, and the ids its results must name. */
export type LocatedCanary = CanaryRow & { checks: { id: string; type: string; name: string }[] };

/** This server's live located canaries whose locations resolve to `agentId`. */
async function canariesNaming(db: Queryable, agentId: string, ids?: readonly string[]): Promise<CanaryRow[]> {
  const { rows } = await db.query<CanaryRow>(
    `SELECT id, name, namespace, labels, spec, schedule, to_json(updated_at) #>> '{}' AS updated_at
     FROM canaries WHERE deleted_at IS NULL AND agent_id = $1 AND spec ? 'locations'
       AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
     ORDER BY name, id`,
    [LOCAL_AGENT_ID, ids ?? null],
  );
  if (!rows.length) return [];
  const agents = await liveAgents(db);
  return rows.filter((c) => {
    const located = locatedOf(c.spec);
    return !!located && resolveLocations(located.locations, agents).some((l) => l.id === agentId);
  });
}

/**
 * What an agent runs as one of the locations of this server's checks: every located canary
 * naming it (by name or selector), all of them at each pull (there are few, and a canary that
 * stops naming the agent must leave it), with the ids of their checks here.
 */
export async function locatedCanariesFor(db: Queryable, agentId: string): Promise<LocatedCanary[]> {
  const canaries = await canariesNaming(db, agentId);
  if (!canaries.length) return [];
  const { rows } = await db.query<{ canary_id: string; id: string; type: string; name: string }>(
    `SELECT canary_id, id, type, name FROM checks
     WHERE canary_id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY name`,
    [canaries.map((c) => c.id)],
  );
  return canaries.map((c) => ({
    ...c,
    checks: rows.filter((r) => r.canary_id === c.id).map(({ id, type, name }) => ({ id, type, name })),
  }));
}

/** Of `checkIds`, the live checks of located canaries that name `agentId` among their locations. */
export async function checksLocatedAt(
  db: Queryable,
  agentId: string,
  checkIds: readonly string[],
): Promise<Set<string>> {
  if (!checkIds.length) return new Set();
  const { rows } = await db.query<{ id: string; canary_id: string }>(
    `SELECT k.id, k.canary_id FROM checks k JOIN canaries c ON c.id = k.canary_id
     WHERE k.id = ANY($1::uuid[]) AND k.deleted_at IS NULL AND c.spec ? 'locations'`,
    [checkIds],
  );
  if (!rows.length) return new Set();
  const naming = new Set(
    (await canariesNaming(db, agentId, [...new Set(rows.map((r) => r.canary_id))])).map((c) => c.id),
  );
  return new Set(rows.filter((r) => naming.has(r.canary_id)).map((r) => r.id));
}
