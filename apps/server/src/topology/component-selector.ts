import { LOCAL_AGENT_ID } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { likePattern, matchesLabels, parseLabelSelector } from '../selectors.js';
import type { ComponentSelector } from './build.js';

/**
 * A component's `selectors` entry, canary-checker's ResourceSelector object, matched against
 * live components of any topology: id, name (`*` wildcards, `a,b` alternatives), namespace,
 * types/type, statuses, health (`healthy,warning`, `!unhealthy`), labelSelector, fieldSelector
 * (owner, topology_id, parent_id, type, namespace, name), scope (a topology id) and agent
 * (`local`/`self`, `all`, or an agent id). docs/topology.md lists what is kept but not applied.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIELDS = ['owner', 'topology_id', 'parent_id', 'type', 'namespace', 'name'] as const;

type Found = {
  id: string;
  labels: Record<string, string> | null;
  status: string | null;
  health: string | null;
} & Record<(typeof FIELDS)[number], string | null>;

const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `healthy,warning` any of; `!unhealthy` none of. */
function healthMatches(value: string | null, spec: string | undefined): boolean {
  const terms = list(spec);
  if (!terms.length) return true;
  const excluded = terms.filter((t) => t.startsWith('!')).map((t) => t.slice(1));
  const wanted = terms.filter((t) => !t.startsWith('!'));
  const v = value ?? 'unknown';
  return !excluded.includes(v) && (wanted.length === 0 || wanted.includes(v));
}

function agentId(agent: string | undefined): string | null | undefined {
  if (agent === undefined || agent === 'all') return null;
  if (agent === 'local' || agent === 'self') return LOCAL_AGENT_ID;
  return UUID.test(agent) ? agent : undefined;
}

/** Live components (other than `self`) the selector matches, at most 1000 read. */
export async function selectComponents(
  tx: Queryable,
  self: string,
  selector: ComponentSelector,
): Promise<string[]> {
  const agent = agentId(selector.agent);
  // An id, scope or agent that cannot be one matches nothing.
  if ((selector.id && !UUID.test(selector.id)) || (selector.scope && !UUID.test(selector.scope))) return [];
  if (agent === undefined) return [];
  const names = list(selector.name).map(likePattern);
  const types = [...(selector.types ?? []), ...(selector.type ? [selector.type] : [])];
  const { rows } = await tx.query<Found>(
    `SELECT id, labels, status, health, owner, topology_id::text, parent_id::text, type, namespace, name
     FROM components
     WHERE deleted_at IS NULL AND id <> $1
       AND ($2::uuid IS NULL OR id = $2::uuid)
       AND (cardinality($3::text[]) = 0 OR name LIKE ANY ($3::text[]))
       AND (cardinality($4::text[]) = 0 OR type = ANY ($4::text[]))
       AND ($5::text IS NULL OR namespace = $5)
       AND ($6::uuid IS NULL OR topology_id = $6::uuid)
       AND ($7::uuid IS NULL OR agent_id = $7::uuid)
       AND (cardinality($8::text[]) = 0 OR status = ANY ($8::text[]))
     LIMIT 1000`,
    [
      self,
      selector.id ?? null,
      names,
      types,
      selector.namespace ?? null,
      selector.scope ?? null,
      agent,
      selector.statuses ?? [],
    ],
  );
  const labels = parseLabelSelector(selector.labelSelector);
  const fields = parseLabelSelector(selector.fieldSelector);
  return rows
    .filter((r) => matchesLabels(r.labels, labels))
    .filter((r) => healthMatches(r.health ?? r.status, selector.health))
    .filter((r) => {
      const values: Record<string, string> = {};
      for (const f of FIELDS) if (r[f] !== null) values[f] = r[f];
      return matchesLabels(values, fields);
    })
    .map((r) => r.id);
}
