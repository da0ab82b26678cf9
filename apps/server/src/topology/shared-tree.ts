import { SharedResults } from '../db/shared-results.js';
import type { Db } from '../db/types.js';
import { topologyTreeJson } from './tree.js';
import type { TreeQuery } from './tree-query.js';

/** Both counters the tree depends on: components and incidents (206), check statuses (205). */
const trees = new SharedResults<string>(
  `SELECT (SELECT n FROM topology_changes) || '.' || (SELECT n FROM health_changes) AS version`,
);

/**
 * The tree, shared between requests asking the same question while it is built and for
 * `shareMs` after (SUMMARY_SHARE), never after a change a user would see in it
 * (db/shared-results.ts). Callers who may not write topologies get credentials redacted: that
 * is part of the question, so they never receive a tree built for someone who may.
 */
export function sharedTopologyTreeJson(
  db: Db,
  q: TreeQuery,
  access: { redactProperties: boolean },
  shareMs: number,
): Promise<string> {
  const key = JSON.stringify([q, access.redactProperties]);
  return trees.get(db, key, shareMs, () => topologyTreeJson(db, q, access));
}
