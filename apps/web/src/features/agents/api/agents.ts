import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { HttpError } from '../../../api/errors.js';
import { http } from '../../../api/http.js';
import { db, page, rows } from '../../../api/postgrest.js';

const count = z.coerce.number().nullable().optional();

/** A row of `agents_summary` (the local agent is not in it). */
const agentRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
  last_seen: z.string().nullable().optional(),
  last_received: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  config_count: count,
  checks_count: count,
  config_scrapper_count: count,
  playbook_runs_count: count,
  status: z.string().nullable().optional(),
});
export type AgentRow = z.infer<typeof agentRowSchema>;

/** Columns the list may be sorted by on the server; Status sorts by last_seen. */
const SORTABLE = [
  'name',
  'last_seen',
  'config_count',
  'checks_count',
  'config_scrapper_count',
  'playbook_runs_count',
  'created_at',
] as const;
export const DEFAULT_SORT = { id: 'name', desc: false } as const;

/** Agents page sizes (default 50). */
export const AGENT_PAGE_SIZES = [50, 100, 200] as const;

/** One page of live agents with the exact total, sorted and paged on the server. */
export async function fetchAgents(
  pageIndex: number,
  pageSize: number,
  sorting: SortingState,
  signal?: AbortSignal,
): Promise<{ data: AgentRow[]; totalEntries: number | undefined }> {
  const asked = sorting[0];
  const sort = asked && (SORTABLE as readonly string[]).includes(asked.id) ? asked : DEFAULT_SORT;
  const q = db
    .from('agents_summary')
    .select('*', { count: 'exact' })
    .is('deleted_at', null)
    .order(sort.id, { ascending: !sort.desc, nullsFirst: false })
    .range(pageIndex * pageSize, (pageIndex + 1) * pageSize - 1);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(agentRowSchema).parse(res.data), totalEntries: res.totalEntries };
}

export async function fetchAgent(id: string): Promise<AgentRow> {
  const [row] = z.array(agentRowSchema).parse(await rows(db.from('agents_summary').select('*').eq('id', id)));
  if (!row) throw new HttpError('Agent not found', 404);
  return row;
}

/** What `POST /api/agent/generate` takes. */
export type AgentInstallPayload = {
  name: string;
  description?: string;
  properties: Record<string, string>;
  kubernetes?: { enabled: boolean; interval: string; exclusions: string[] };
  pushTelemetry?: { enabled: boolean; topologyName: string };
};

const generatedSchema = z.object({ id: z.string(), username: z.string(), access_token: z.string() });
export type GeneratedAgent = z.infer<typeof generatedSchema>;

/** Registers an agent; the answer carries its access token, which is never shown again. */
export async function generateAgent(body: AgentInstallPayload): Promise<GeneratedAgent> {
  return generatedSchema.parse(await http('/api/agent/generate', { method: 'POST', body }));
}

/** Description and properties only: the name is fixed once the agent exists. */
export async function updateAgent(
  id: string,
  body: { description: string; properties: Record<string, string> },
): Promise<void> {
  await rows(db.from('agents').update(body).eq('id', id).select('id'));
}

/** Soft delete; `cleanup` also removes the rows the agent pushed. */
export async function deleteAgent(id: string, cleanup: boolean): Promise<void> {
  await http(`/api/agent/${encodeURIComponent(id)}`, { method: 'DELETE', query: { cleanup } });
}
