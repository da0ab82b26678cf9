import {
  LOCAL_AGENT_ID,
  MAINTENANCE_RESOURCE_TYPES,
  type MaintenanceResourceType,
  type MaintenanceSelector,
} from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { containment, globMatch, likePattern, matchesLabels, parseLabelSelector } from '../selectors.js';

/**
 * The resources a window's selectors cover, with the label, name and agent matching silences
 * and incident rules use (selectors.ts): the database narrows by name pattern, namespace,
 * types, label equality and agent; the remaining label terms are checked here.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** At most this many resources of one kind per selector. */
const MAX_PER_SELECTOR = 10_000;

const SOURCES: Readonly<Record<MaintenanceResourceType, string>> = {
  check: `SELECT id, name, namespace, type, labels, '{}'::jsonb AS tags, agent_id FROM checks WHERE deleted_at IS NULL`,
  component: `SELECT id, name, namespace, type, labels, '{}'::jsonb AS tags, agent_id FROM components WHERE deleted_at IS NULL`,
  config: `SELECT id, coalesce(name, '') AS name, namespace, type, labels, tags, agent_id FROM config_items WHERE deleted_at IS NULL`,
};

type Found = {
  id: string;
  name: string;
  labels: Record<string, string> | null;
  tags: Record<string, string> | null;
};

export type CoveredResource = { type: MaintenanceResourceType; id: string };

/** The agent a selector names: local, an id, or a name (looked up). */
const AGENT_SQL = `($6::text IS NULL OR agent_id::text = $6 OR agent_id IN (SELECT id FROM agents WHERE name = $6))`;

async function selectKind(
  db: Queryable,
  type: MaintenanceResourceType,
  s: MaintenanceSelector,
): Promise<CoveredResource[]> {
  if (s.id !== undefined && !UUID.test(s.id)) return [];
  const labels = parseLabelSelector(s.labelSelector);
  const tags = parseLabelSelector(s.tagSelector);
  const agent = s.agent === 'local' || s.agent === 'self' ? LOCAL_AGENT_ID : (s.agent ?? null);
  const { rows } = await db.query<Found>(
    `SELECT id, name, labels, tags FROM (${SOURCES[type]}) r
     WHERE ($1::uuid IS NULL OR id = $1::uuid)
       AND ($2::text IS NULL OR name LIKE $2)
       AND ($3::text IS NULL OR namespace LIKE $3)
       AND (cardinality($4::text[]) = 0 OR type = ANY ($4::text[]))
       AND ($5::jsonb IS NULL OR labels @> $5::jsonb)
       AND ${AGENT_SQL}
       AND ($7::jsonb IS NULL OR tags @> $7::jsonb)
     LIMIT ${MAX_PER_SELECTOR}`,
    [
      s.id ?? null,
      s.name ? likePattern(s.name) : null,
      s.namespace ? likePattern(s.namespace) : null,
      s.types ?? [],
      containment(labels),
      agent,
      containment(tags),
    ],
  );
  return rows
    .filter(
      (r) =>
        (!s.name || globMatch(s.name, r.name)) &&
        matchesLabels(r.labels, labels) &&
        matchesLabels(r.tags, tags),
    )
    .map((r) => ({ type, id: r.id }));
}

/** Every live resource any of the selectors covers, each once. */
export async function coveredResources(
  db: Queryable,
  selectors: readonly MaintenanceSelector[],
): Promise<CoveredResource[]> {
  const seen = new Map<string, CoveredResource>();
  for (const s of selectors) {
    for (const type of s.resourceTypes ?? MAINTENANCE_RESOURCE_TYPES) {
      for (const r of await selectKind(db, type, s)) seen.set(r.id, r);
    }
  }
  return [...seen.values()];
}
