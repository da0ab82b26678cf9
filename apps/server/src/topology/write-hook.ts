import { scheduleSchema } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import type { DataWriteHook } from '../rest-hooks.js';
import { parseTopologySpec, TopologySpecError } from './spec.js';

/** A refused topology write: 400 with a PostgREST-style `{code, message}` body. */
export class TopologyWriteError extends Error {
  readonly statusCode = 400;
  readonly code = 'OPSDECK_INVALID_SPEC';
}

/**
 * Writes to /api/db/topologies: validates and normalises the spec before anything is stored
 * (a Mission Control document is unwrapped: metadata fills name, namespace and labels),
 * copies its schedule, and asks the reconciliation job to build the topology soon. A
 * soft-deleted topology's components are retired in the same transaction.
 */
export const topologyWriteHook: DataWriteHook = {
  async beforeWrite(rows, w) {
    return rows.map((input) => {
      const row = { ...input };
      if (row.schedule !== undefined && row.schedule !== null) {
        const s = scheduleSchema.safeParse(row.schedule);
        if (!s.success) throw new TopologyWriteError(`schedule: ${s.error.issues[0]?.message ?? 'invalid'}`);
      }
      if ('spec' in row || w.method === 'POST') {
        let parsed: ReturnType<typeof parseTopologySpec>;
        try {
          parsed = parseTopologySpec(row.spec ?? {});
        } catch (e) {
          if (e instanceof TopologySpecError) throw new TopologyWriteError(e.message);
          throw e;
        }
        row.spec = parsed.spec;
        if (parsed.metadata.name && row.name === undefined) row.name = parsed.metadata.name;
        if (parsed.metadata.namespace && row.namespace === undefined)
          row.namespace = parsed.metadata.namespace;
        if (parsed.metadata.labels && row.labels === undefined) row.labels = parsed.metadata.labels;
        if (parsed.spec.schedule) row.schedule = parsed.spec.schedule;
        if (w.method === 'POST' && (typeof row.name !== 'string' || row.name.trim() === '')) {
          throw new TopologyWriteError('name: This field is required');
        }
      }
      if (w.method === 'PATCH') row.updated_at = new Date().toISOString();
      return row;
    });
  },
  async afterWrite(tx: Queryable, rows, w) {
    const ids = rows.map((r) => r.id).filter((id): id is string => typeof id === 'string');
    if (ids.length === 0 || w.method === 'DELETE') return;
    await tx.query('UPDATE topologies SET next_runtime = NULL WHERE id = ANY ($1::uuid[])', [ids]);
    // A topology soft-deleted through PATCH takes its components with it.
    await tx.query(
      `UPDATE components SET deleted_at = now(), updated_at = now()
       WHERE deleted_at IS NULL AND topology_id IN (
         SELECT id FROM topologies WHERE id = ANY ($1::uuid[]) AND deleted_at IS NOT NULL)`,
      [ids],
    );
  },
};
