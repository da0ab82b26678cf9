import type { Db } from '../../db/types.js';
import type { AgentActionResult } from './wire.js';

export type AgentResultsOutcome = { saved: number; refused: { id: string; reason: string }[] };

/**
 * Stores the outcomes an agent pushed back. Only an attempt of this agent that it claimed and
 * that is still running takes one (not one that timed out, was cancelled or is another agent's);
 * its run is then scheduled again, so the engine goes on with the next action, here or on an
 * agent. One transaction per outcome: a refused one does not hold the others back.
 */
export async function acceptAgentResults(
  db: Db,
  agentId: string,
  results: readonly AgentActionResult[],
): Promise<AgentResultsOutcome> {
  const out: AgentResultsOutcome = { saved: 0, refused: [] };
  for (const r of results) {
    const stored = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ playbook_run_id: string }>(
        `UPDATE playbook_run_actions SET status = $3, result = $4::jsonb, error = $5,
           start_time = coalesce($6::timestamptz, start_time), end_time = coalesce($7::timestamptz, now())
         WHERE id = $1 AND agent_id = $2 AND status = 'running'
         RETURNING playbook_run_id`,
        [
          r.id,
          agentId,
          r.status,
          r.result === undefined ? null : JSON.stringify(r.result),
          r.error ?? null,
          r.start_time ?? null,
          r.end_time ?? null,
        ],
      );
      const runId = rows[0]?.playbook_run_id;
      if (!runId) return false;
      await tx.query(
        `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now() WHERE id = $1 AND status = 'waiting'`,
        [runId],
      );
      return true;
    });
    if (stored) {
      out.saved++;
      continue;
    }
    const { rows } = await db.query<{ agent_id: string; status: string; error: string | null }>(
      'SELECT agent_id, status, error FROM playbook_run_actions WHERE id = $1',
      [r.id],
    );
    const row = rows[0];
    const reason = !row
      ? 'no such playbook action'
      : row.agent_id !== agentId
        ? 'belongs to another agent'
        : row.status === 'waiting'
          ? 'was not handed out to this agent yet'
          : `is no longer running (${row.status}${row.error ? `: ${row.error}` : ''})`;
    out.refused.push({ id: r.id, reason });
  }
  return out;
}
