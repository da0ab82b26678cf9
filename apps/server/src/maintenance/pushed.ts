import type { Queryable } from '../db/types.js';

/**
 * Marks results an agent pushed for these checks that were taken during one of their
 * occurrences still in `maintenance_resources` (the current and next ones), as a local run's
 * results are marked when recorded, so uptime leaves them out too. Called in the push's
 * transaction before the checks' stats are refreshed.
 */
export async function markPushedResults(tx: Queryable, checkIds: readonly string[]): Promise<void> {
  if (!checkIds.length) return;
  await tx.query(
    `UPDATE check_statuses s SET maintenance = true
     FROM maintenance_resources m
     WHERE m.resource_id = ANY ($1::uuid[]) AND s.check_id = m.resource_id
       AND s.time >= m.starts_at AND s.time < m.ends_at AND NOT s.maintenance`,
    [checkIds],
  );
}
