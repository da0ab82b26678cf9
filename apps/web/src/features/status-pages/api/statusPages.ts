import {
  publicStatusPageSchema,
  statusPageGroupSchema,
  type PublicStatusPage,
  type StatusPageGroup,
  type StatusPageInput,
} from '@opsdeck/shared';
import type { PaginationState, SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { http } from '../../../api/http.js';
import { db, page, rows } from '../../../api/postgrest.js';

export const statusPageRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  logo: z.string().nullable(),
  description: z.string(),
  groups: z.array(statusPageGroupSchema.or(z.object({ name: z.string(), selectors: z.array(z.unknown()) }))),
  custom_domain: z.string().nullable(),
  source: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
});
export type StatusPageRow = z.infer<typeof statusPageRowSchema>;

/** Columns the server sorts the list by. */
export const SORTABLE = new Set(['slug', 'title', 'custom_domain', 'source', 'created_at', 'updated_at']);
const SELECT = '*,created_by(id,name)';

/** One page of the live status pages, sorted and paged by the server. */
export async function fetchStatusPages(
  sorting: SortingState,
  pagination: PaginationState,
  signal?: AbortSignal,
): Promise<{ data: StatusPageRow[]; totalEntries: number | undefined }> {
  const first = sorting[0];
  const sort = first && SORTABLE.has(first.id) ? first : { id: 'slug', desc: false };
  const from = pagination.pageIndex * pagination.pageSize;
  const q = db
    .from('status_pages')
    .select(SELECT, { count: 'exact' })
    .is('deleted_at', null)
    .order(sort.id, { ascending: !sort.desc })
    .range(from, from + pagination.pageSize - 1);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(statusPageRowSchema).parse(res.data), totalEntries: res.totalEntries };
}

export async function fetchStatusPage(id: string, signal?: AbortSignal): Promise<StatusPageRow | null> {
  const q = db.from('status_pages').select(SELECT).eq('id', id).is('deleted_at', null);
  return z.array(statusPageRowSchema).parse(await rows(signal ? q.abortSignal(signal) : q))[0] ?? null;
}

const idRows = z.array(z.object({ id: z.string() }));

export async function createStatusPage(input: StatusPageInput): Promise<string> {
  const list = idRows.parse(
    await rows(
      db
        .from('status_pages')
        .insert({ ...input, source: 'UI' })
        .select('id'),
    ),
  );
  const id = list[0]?.id;
  if (!id) throw new Error('The server did not return the new status page');
  return id;
}

export async function updateStatusPage(id: string, input: StatusPageInput): Promise<void> {
  await rows(db.from('status_pages').update(input).eq('id', id).select('id'));
}

/** Soft delete: the public address answers 404 once the short cache expires. */
export async function deleteStatusPage(id: string): Promise<void> {
  await rows(
    db.from('status_pages').update({ deleted_at: new Date().toISOString() }).eq('id', id).select('id'),
  );
}

const previewSchema = z.array(
  z.object({
    name: z.string(),
    count: z.number(),
    members: z.array(z.object({ kind: z.enum(['check', 'component']), name: z.string(), state: z.string() })),
  }),
);
export type PreviewGroup = z.infer<typeof previewSchema>[number];

/** What each group would choose now (POST /api/status-pages/preview). */
export async function previewStatusPage(
  groups: StatusPageGroup[],
  signal?: AbortSignal,
): Promise<PreviewGroup[]> {
  return previewSchema.parse(
    await http('/api/status-pages/preview', { method: 'POST', body: { groups }, signal }),
  );
}

/** The public page, as anyone reads it (GET /api/status/{slug}, no sign-in). */
export async function fetchPublicStatusPage(slug: string, signal?: AbortSignal): Promise<PublicStatusPage> {
  return publicStatusPageSchema.parse(await http(`/api/status/${encodeURIComponent(slug)}`, { signal }));
}
