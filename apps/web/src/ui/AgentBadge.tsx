import { LOCAL_AGENT_ID } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { db, rows } from '../api/postgrest.js';
import { CACHE } from '../api/queryClient.js';
import { cn } from '../lib/cn.js';
import { Badge } from './Badge.js';

type AgentRef = { id?: string | null; name?: string | null } | null | undefined;

const agentNames = z.array(z.object({ id: z.string(), name: z.string() }));

/** Every agent's name by id: one small query, shared by every badge and cached 5 minutes. */
export function useAgentNames(enabled = true): Map<string, string> | undefined {
  const q = useQuery({
    queryKey: ['agents', 'names'],
    queryFn: async ({ signal }) =>
      new Map(
        agentNames
          .parse(await rows(db.from('agents').select('id,name').abortSignal(signal)))
          .map((a) => [a.id, a.name] as const),
      ),
    enabled,
    meta: { silent: true },
    ...CACHE.agentsAndLabels,
  });
  return q.data;
}

/** Whether a row came from a remote agent (the all-zero id is this console: no badge). */
export function isRemoteAgent(agentId: string | null | undefined): agentId is string {
  return !!agentId && agentId !== LOCAL_AGENT_ID;
}

/** How a filter or tab names an agent id: 'local' for this console, else its name when known. */
export function agentLabel(id: string, names: Map<string, string> | undefined): string {
  if (id === LOCAL_AGENT_ID) return 'local';
  return names?.get(id) ?? id;
}

/**
 * The agent a row was pushed by, as a small badge; nothing for local rows. The name comes
 * from an embedded `agent:agents(id,name)` when the row has one, else from the agents lookup.
 */
export function AgentBadge({
  agentId,
  agent,
  className,
}: {
  agentId?: string | null | undefined;
  agent?: AgentRef;
  className?: string;
}) {
  const id = agentId ?? agent?.id;
  const remote = isRemoteAgent(id);
  const names = useAgentNames(remote && !agent?.name);
  if (!remote) return null;
  const name = agent?.name ?? names?.get(id) ?? id.slice(0, 8);
  return (
    <Badge tone="blue" className={cn('shrink-0', className)}>
      <span title={`Agent: ${name}`}>{name}</span>
    </Badge>
  );
}
