import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { http } from '../../../api/http.js';
import { db, rows } from '../../../api/postgrest.js';

/** The resource kind's name in toasts ('{name} deleted successfully'). */
export const RESOURCE_NAME = 'Health Check';

export const canaryRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  labels: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  spec: z.unknown(),
  source: z.string().nullable(),
  schedule: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  last_runtime: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  checks_count: z.number().nullable().optional(),
});
export type CanaryRow = z.infer<typeof canaryRowSchema>;

/** Most rows a generic settings list reads. */
export const LIST_LIMIT = 100;
const SORTABLE = new Set(['name', 'source', 'schedule', 'last_runtime', 'created_at', 'updated_at']);

/** Canaries for the settings list, sorted by the server. */
export async function fetchCanaries(sorting: SortingState, signal?: AbortSignal): Promise<CanaryRow[]> {
  const sort = sorting[0] && SORTABLE.has(sorting[0].id) ? sorting[0] : { id: 'name', desc: false };
  const q = db
    .from('canaries_with_status')
    .select('*')
    .is('deleted_at', null)
    .order(sort.id, { ascending: !sort.desc })
    .limit(LIST_LIMIT);
  return z.array(canaryRowSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}

export async function fetchCanary(id: string, signal?: AbortSignal): Promise<CanaryRow | null> {
  const q = db.from('canaries_with_status').select('*').eq('id', id).is('deleted_at', null);
  const list = z.array(canaryRowSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
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
export type CanaryJob = z.infer<typeof jobSchema>;

/** Recent runs of these canaries, newest first (for Job Status, Last Failed and the Job History tab). */
export async function fetchCanaryJobs(
  ids: string[],
  limit: number,
  signal?: AbortSignal,
): Promise<CanaryJob[]> {
  if (ids.length === 0) return [];
  const q = db
    .from('job_histories')
    .select('id,resource_id,status,created_at,duration_millis,success_count,error_count')
    .eq('resource_type', 'canary')
    .in('resource_id', ids)
    .order('created_at', { ascending: false })
    .limit(limit);
  return z.array(jobSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}

const personSchema = z.object({ id: z.string(), name: z.string().nullable() });

export async function fetchPeople(ids: string[], signal?: AbortSignal): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const q = db.from('people').select('id,name').in('id', unique);
  const list = z.array(personSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
  return new Map(list.map((p) => [p.id, p.name ?? p.id]));
}

export type CanaryInput = {
  name?: string;
  namespace?: string;
  labels: Record<string, unknown>;
  schedule: string | null;
  spec: Record<string, unknown>;
};

const idRow = z.array(z.object({ id: z.string() }));

export async function createCanary(input: CanaryInput): Promise<string> {
  const list = idRow.parse(
    await rows(
      db
        .from('canaries')
        .insert({ ...input, source: 'UI' })
        .select('id'),
    ),
  );
  const id = list[0]?.id;
  if (!id) throw new Error('The server did not return the new canary');
  return id;
}

export async function updateCanary(id: string, input: CanaryInput): Promise<void> {
  await rows(db.from('canaries').update(input).eq('id', id).select('id'));
}

/** Soft delete: deleted_at is set, nothing is removed. */
export async function deleteCanary(id: string): Promise<void> {
  await rows(db.from('canaries').update({ deleted_at: new Date().toISOString() }).eq('id', id).select('id'));
}

export const CANARY_SCHEMA_URL = '/api/schemas/canary.schema.json';
/** Outside healthKeys.all: refreshing the health data has no reason to refetch the schema. */
export const CANARY_SCHEMA_KEY = ['json-schema', CANARY_SCHEMA_URL] as const;

/** The canary spec's JSON Schema, read once per session to build the guided form. */
export async function fetchCanarySchema(signal?: AbortSignal): Promise<unknown> {
  return http<unknown>(CANARY_SCHEMA_URL, signal ? { signal } : {});
}
