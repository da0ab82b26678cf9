import { REDACTED_PARAMETER, resolveTimeRange, type TimeRange } from '@opsdeck/shared';
import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { HttpError } from '../../../api/errors.js';
import { http } from '../../../api/http.js';
import { db, page, rows } from '../../../api/postgrest.js';
import {
  runActionDetailSchema,
  runActionSchema,
  runRowSchema,
  type RunAction,
  type RunActionDetail,
  type RunRow,
} from './types.js';

/** The Status filter's choices; 'pending' means waiting for approval. */
export const RUN_STATUS_FILTERS = [
  'pending',
  'running',
  'scheduled',
  'completed',
  'failed',
  'cancelled',
] as const;
const STATUS_QUERY: Record<string, string> = { pending: 'pending_approval' };

export const RUN_LIST_SELECT =
  '*,playbooks(id,name,title,icon),component:components(id,name,icon),check:checks(id,name,icon),config:config_items(id,name,type,config_class),created_by(id,name,avatar)';
const RUN_DETAIL_SELECT =
  '*,playbooks(id,name,title,icon,spec),created_by(id,name,avatar),playbook_approvals(*)';

/** Columns the runs table may sort on (server side). */
export const SORTABLE_RUN_COLUMNS = ['status', 'start_time', 'created_at'] as const;

export type RunFilters = { playbookId: string; status: string; range: TimeRange };

/** The time filter: started within the range, or (not started yet) created within it. */
export function rangeFilter(range: TimeRange, now = new Date()): string {
  const { from, to } = resolveTimeRange(range, now);
  const s = from.toISOString();
  const e = to.toISOString();
  return `and(start_time.gte.${s},start_time.lte.${e}),and(created_at.gte.${s},created_at.lte.${e})`;
}

/** One page of top-level runs, newest first unless sorted otherwise, with the exact total. */
export async function fetchRuns(
  filters: RunFilters,
  pageIndex: number,
  pageSize: number,
  sorting: SortingState,
  signal?: AbortSignal,
): Promise<{ data: RunRow[]; totalEntries: number | undefined }> {
  const first = sorting[0];
  const sort =
    first && (SORTABLE_RUN_COLUMNS as readonly string[]).includes(first.id)
      ? first
      : { id: 'created_at', desc: true };
  let q = db.from('playbook_runs').select(RUN_LIST_SELECT, { count: 'exact' }).is('parent_id', null);
  if (filters.playbookId) q = q.eq('playbook_id', filters.playbookId);
  if ((RUN_STATUS_FILTERS as readonly string[]).includes(filters.status))
    q = q.eq('status', STATUS_QUERY[filters.status] ?? filters.status);
  q = q.or(rangeFilter(filters.range));
  const ordered = q
    .order(sort.id, { ascending: !sort.desc })
    .range(pageIndex * pageSize, (pageIndex + 1) * pageSize - 1);
  const res = await page(signal ? ordered.abortSignal(signal) : ordered);
  return { data: z.array(runRowSchema).parse(res.data), totalEntries: res.totalEntries };
}

/** One run with its playbook (and spec), who started it and its approvals. */
export async function fetchRun(id: string, signal?: AbortSignal): Promise<RunRow | undefined> {
  const q = db.from('playbook_runs').select(RUN_DETAIL_SELECT).eq('id', id);
  return z.array(runRowSchema).parse(await rows(signal ? q.abortSignal(signal) : q))[0];
}

/** The steps of a run and of its child runs, in start order. */
export async function fetchRunActions(runId: string, signal?: AbortSignal): Promise<RunAction[]> {
  const q = db.rpc('get_playbook_run_actions', { run_id: runId }, { get: true });
  const res = await (signal ? q.abortSignal(signal) : q);
  if (res.error) throw new HttpError(res.error.message, res.status, res.error);
  return z.array(runActionSchema).parse(res.data ?? []);
}

/** One step with its result. */
export async function fetchRunAction(id: string, signal?: AbortSignal): Promise<RunActionDetail | undefined> {
  const q = db.from('playbook_run_actions').select('*').eq('id', id);
  return z.array(runActionDetailSchema).parse(await rows(signal ? q.abortSignal(signal) : q))[0];
}

const runStarted = z.object({ run_id: z.string(), starts_at: z.string().nullable().optional() });
export type RunStarted = z.infer<typeof runStarted>;

/** What POST /api/playbook/run takes. */
export type RunRequest = {
  id: string;
  config_id?: string;
  check_id?: string;
  component_id?: string;
  params: Record<string, string>;
};

/** Starts a run; a 400 carries the reason (e.g. 'missing required parameter(s): a, b'). */
export async function runPlaybook(request: RunRequest): Promise<RunStarted> {
  return runStarted.parse(await http('/api/playbook/run', { method: 'POST', body: request }));
}

/**
 * The same playbook, resource and parameters again. A secret parameter's value was never
 * read back ([REDACTED]): it is left out, so its default applies (or the server says it is
 * required).
 */
export function rerunRequest(run: RunRow): RunRequest {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(run.parameters ?? {})) {
    if (v === REDACTED_PARAMETER) continue;
    params[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  const request: RunRequest = { id: run.playbook_id, params };
  if (run.config_id) request.config_id = run.config_id;
  if (run.check_id) request.check_id = run.check_id;
  if (run.component_id) request.component_id = run.component_id;
  return request;
}

export async function approveRun(id: string): Promise<void> {
  await http(`/api/playbook/run/approve/${encodeURIComponent(id)}`, { method: 'POST' });
}

export async function cancelRun(id: string): Promise<void> {
  await http(`/api/playbook/run/cancel/${encodeURIComponent(id)}`, { method: 'POST' });
}
