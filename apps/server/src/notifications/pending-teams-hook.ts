import type { DataWriteHook } from '../platform/data-write-hook.js';
import { resolvePendingTeams } from './recipient-ref.js';

/**
 * Writes to /api/db/teams: rules that name a team before it existed (`to.team: sre`, applied in
 * any order) send to it from the moment it is written (docs/specs-as-code.md).
 */
export const pendingTeamsHook: DataWriteHook = {
  async afterWrite(tx, rows, w) {
    if (w.method === 'DELETE') return;
    const ids = rows.map((r) => r.id).filter((id): id is string => typeof id === 'string');
    if (ids.length) await resolvePendingTeams(tx, ids);
  },
};
