import type { PaginationState, SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { db, page, rows } from '../../api/postgrest.js';
import { settingsRowSchema, type SettingsRow } from './row.js';
import type { SettingsColumnId, SettingsTable } from './types.js';

/** Columns the server sorts by; Tags, Created By and the job columns are not sortable. */
export const SORTABLE_COLUMNS: ReadonlySet<SettingsColumnId> = new Set([
  'name',
  'source',
  'schedule',
  'namespace',
  'last_runtime',
  'created_at',
  'updated_at',
]);

function selectOf(t: SettingsTable): string {
  return t.hasAgent ? '*,created_by(id,name),agent:agent_id(id,name)' : '*,created_by(id,name)';
}

/** One page of a table's live rows, sorted by the server (name by default). */
export async function fetchSettingsPage(
  t: SettingsTable,
  sorting: SortingState,
  pagination: PaginationState,
  signal?: AbortSignal,
): Promise<{ data: SettingsRow[]; totalEntries: number | undefined }> {
  const first = sorting[0];
  const sort =
    first &&
    SORTABLE_COLUMNS.has(first.id as SettingsColumnId) &&
    t.columns.includes(first.id as SettingsColumnId)
      ? first
      : { id: 'name', desc: false };
  const from = pagination.pageIndex * pagination.pageSize;
  const extra = (t.extraColumns ?? []).map((e) => `,${e.select}`).join('');
  const q = db
    .from(t.table)
    .select(selectOf(t) + extra, { count: 'exact' })
    .is('deleted_at', null)
    .order(sort.id, { ascending: !sort.desc })
    .range(from, from + pagination.pageSize - 1);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(settingsRowSchema).parse(res.data), totalEntries: res.totalEntries };
}

/** A live row by id; null when there is none (the page says 'No resources found'). */
export async function fetchSettingsRow(
  t: SettingsTable,
  id: string,
  signal?: AbortSignal,
): Promise<SettingsRow | null> {
  const q = db.from(t.table).select(selectOf(t)).eq('id', id).is('deleted_at', null);
  const list = z.array(settingsRowSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
  return list[0] ?? null;
}

const jobSchema = z.object({
  id: z.string(),
  resource_id: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
  duration_millis: z.number().nullable(),
  success_count: z.number().nullable(),
  error_count: z.number().nullable(),
});
export type SettingsJob = z.infer<typeof jobSchema>;

/** Recent runs of these rows, newest first (Job Status, Last Failed, the Job History tab). */
export async function fetchSettingsJobs(
  resourceType: string,
  ids: string[],
  limit: number,
  signal?: AbortSignal,
): Promise<SettingsJob[]> {
  if (ids.length === 0) return [];
  const q = db
    .from('job_histories')
    .select('id,resource_id,status,created_at,duration_millis,success_count,error_count')
    .eq('resource_type', resourceType)
    .in('resource_id', ids)
    .order('created_at', { ascending: false })
    .limit(limit);
  return z.array(jobSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}

/** The last run and the last failed run of each row. */
export function latestJobs(jobs: readonly SettingsJob[]): {
  latest: Map<string, SettingsJob>;
  lastFailed: Map<string, string>;
} {
  const latest = new Map<string, SettingsJob>();
  const lastFailed = new Map<string, string>();
  for (const j of jobs) {
    if (!j.resource_id) continue;
    if (!latest.has(j.resource_id)) latest.set(j.resource_id, j);
    if (j.status === 'FAILED' && !lastFailed.has(j.resource_id)) lastFailed.set(j.resource_id, j.created_at);
  }
  return { latest, lastFailed };
}

export type SettingsInput = Record<string, unknown>;

const idRow = z.array(z.object({ id: z.string() }));

/** Creates a row (source 'UI') and returns its id. */
export async function createSettingsRow(t: SettingsTable, input: SettingsInput): Promise<string> {
  const list = idRow.parse(
    await rows(
      db
        .from(t.table)
        .insert({ ...input, source: 'UI' })
        .select('id'),
    ),
  );
  const id = list[0]?.id;
  if (!id) throw new Error(`The server did not return the new ${t.resourceName}`);
  return id;
}

export async function updateSettingsRow(t: SettingsTable, id: string, input: SettingsInput): Promise<void> {
  await rows(db.from(t.table).update(input).eq('id', id).select('id'));
}

/** Soft delete: deleted_at is set, nothing is removed. */
export async function deleteSettingsRow(t: SettingsTable, id: string): Promise<void> {
  await rows(db.from(t.table).update({ deleted_at: new Date().toISOString() }).eq('id', id).select('id'));
}
