import type { AgentRow } from '../api/agents.js';

/** An agent is Online when it was seen within this window. */
export const ONLINE_WINDOW_MS = 60_000;

/**
 * Online or Offline: the server's `status` when it sends one, else from last_seen (the
 * view computes the same rule; this keeps the page right on servers without the column).
 */
export function agentStatus(
  row: Pick<AgentRow, 'status' | 'last_seen'>,
  now = Date.now(),
): 'Online' | 'Offline' {
  if (row.status) return row.status === 'online' ? 'Online' : 'Offline';
  if (!row.last_seen) return 'Offline';
  return now - Date.parse(row.last_seen) <= ONLINE_WINDOW_MS ? 'Online' : 'Offline';
}
