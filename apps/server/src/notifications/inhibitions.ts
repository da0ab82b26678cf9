import type { Inhibition } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import type { EventResource } from './event-resource.js';

/** How far an inhibition looks when it names no depth (Mission Control's default). */
const DEFAULT_DEPTH = 5;

/**
 * The `sent` row of this rule, within `windowMs`, about a config related to `resource` (by the
 * parent/child tree, and catalog relationships when `soft`) of the inhibition's `from` type.
 * An inhibition's direction is said from `from`: `outgoing` (`from` is a parent of the
 * notified config) is looked up through the notified config's parents, `incoming` through its
 * children, `all` (the default) both ways, each way on its own.
 */
const INHIBITOR_SQL = `
WITH RECURSIVE walk (id, dir, depth, trail) AS (
  SELECT $1::uuid, d.dir, 0, ARRAY[$1::uuid]
  FROM (VALUES ('up'), ('down')) AS d (dir)
  WHERE $2::text = 'all' OR d.dir = $2::text
  UNION ALL
  SELECT n.id, w.dir, w.depth + 1, w.trail || n.id
  FROM walk w
  CROSS JOIN LATERAL (
    SELECT me.parent_id AS id FROM config_items me
    WHERE w.dir = 'up' AND me.id = w.id AND me.parent_id IS NOT NULL
    UNION ALL
    SELECT ch.id FROM config_items ch WHERE w.dir = 'down' AND ch.parent_id = w.id
    UNION ALL
    SELECT r.config_id FROM config_relationships r
    WHERE $3::boolean AND w.dir = 'up' AND r.related_id = w.id AND r.deleted_at IS NULL
    UNION ALL
    SELECT r.related_id FROM config_relationships r
    WHERE $3::boolean AND w.dir = 'down' AND r.config_id = w.id AND r.deleted_at IS NULL
  ) n
  WHERE w.depth < $4::int AND NOT n.id = ANY (w.trail)
)
SELECT h.id FROM notification_send_history h
WHERE h.notification_id = $5::uuid AND h.status = 'sent'
  AND h.created_at > now() - make_interval(secs => $6::float8 / 1000)
  AND h.resource_id IN (
    SELECT w.id FROM walk w JOIN config_items c ON c.id = w.id
    WHERE w.depth > 0 AND w.id <> $1::uuid AND c.type = $7::text
  )
ORDER BY h.created_at DESC LIMIT 1`;

const WALK: Readonly<Record<NonNullable<Inhibition['direction']>, 'up' | 'down' | 'all'>> = {
  outgoing: 'up',
  incoming: 'down',
  all: 'all',
};

/**
 * The `sent` row that inhibits this notification, if any (docs/notifications.md,
 * "Inhibitions"): only for configs, whose type is in an inhibition's `to`; the window is the
 * rule's repeat interval, as in Mission Control.
 */
export async function inhibitingSend(
  db: Queryable,
  ruleId: string,
  inhibitions: readonly Inhibition[],
  resource: EventResource,
  windowMs: number,
): Promise<string | undefined> {
  if (resource.type !== 'config') return undefined;
  const type = resource.summary.type ?? '';
  for (const inhibition of inhibitions) {
    if (!inhibition.to.includes(type)) continue;
    const { rows } = await db.query<{ id: string }>(INHIBITOR_SQL, [
      resource.id,
      WALK[inhibition.direction ?? 'all'],
      inhibition.soft === true,
      inhibition.depth ?? DEFAULT_DEPTH,
      ruleId,
      windowMs,
      inhibition.from,
    ]);
    if (rows[0]) return rows[0].id;
  }
  return undefined;
}
