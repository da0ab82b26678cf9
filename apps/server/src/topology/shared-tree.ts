import { SharedResults } from '../db/shared-results.js';
import type { Db } from '../db/types.js';
import { planTree, treeChunks, treeText, type TreePlan } from './tree.js';
import type { TreeQuery } from './tree-query.js';

/**
 * Above this many components the tree is written a chunk at a time instead of joined into one
 * string and shared: at 50k components the string is 62 MB and building it took the server from
 * 363 to 963 MiB (docs/benchmarks.md, ten times the scale).
 */
export const TREE_STREAM_FROM = 10_000;

/** A small tree's text, or a large tree's plan (each request then reads and writes its own chunks). */
type SharedTree = { text: string } | { plan: TreePlan };

/** Both counters the tree depends on: components and incidents (206), check statuses (205). */
const trees = new SharedResults<SharedTree>(
  `SELECT (SELECT n FROM topology_changes) || '.' || (SELECT n FROM health_changes) AS version`,
);

/**
 * The tree, shared between requests asking the same question while it is built and for
 * `shareMs` after (SUMMARY_SHARE), never after a change a user would see in it
 * (db/shared-results.ts): the whole text when small, else the plan, and the answer is then
 * written in chunks — its first chunk read before this returns, so a failing database is an
 * error status, not half an answer. Callers who may not write topologies get credentials
 * redacted: that is part of the question, so they never receive a tree built for someone who may.
 */
export async function sharedTopologyTree(
  db: Db,
  q: TreeQuery,
  access: { redactProperties: boolean },
  shareMs: number,
): Promise<string | AsyncIterable<string>> {
  const key = JSON.stringify([q, access.redactProperties]);
  const shared = await trees.get(db, key, shareMs, async () => {
    const plan = await planTree(db, q, access);
    return plan.size > TREE_STREAM_FROM ? { plan } : { text: await treeText(db, plan) };
  });
  if ('text' in shared) return shared.text;
  const parts = treeChunks(db, shared.plan);
  const first = await parts.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* parts;
  })();
}
