import { scheduleSchema } from '@opsdeck/shared';
import { documentSpec, specResourceWriteHook } from '../platform/spec-resource-hook.js';
import { parseTopologySpec, TopologySpecError } from './spec.js';

/**
 * Writes to /api/db/topologies: validates and normalises the spec before anything is stored
 * (a Mission Control document is unwrapped: metadata fills name, namespace and labels),
 * copies its schedule, and asks the reconciliation job to build the topology soon. A
 * soft-deleted topology's components are retired in the same transaction.
 */
export const topologyWriteHook = specResourceWriteHook({
  scheduleSchema,
  specError: TopologySpecError,
  parseSpec: documentSpec(parseTopologySpec),
  async sync(tx, ids, w) {
    if (w.method === 'DELETE') return;
    await tx.query('UPDATE topologies SET next_runtime = NULL WHERE id = ANY ($1::uuid[])', [ids]);
    // A topology soft-deleted through PATCH takes its components with it.
    await tx.query(
      `UPDATE components SET deleted_at = now(), updated_at = now()
       WHERE deleted_at IS NULL AND topology_id IN (
         SELECT id FROM topologies WHERE id = ANY ($1::uuid[]) AND deleted_at IS NOT NULL)`,
      [ids],
    );
  },
});
