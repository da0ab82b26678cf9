import { silencePreviewItemSchema, type SilencePreviewItem } from '@opsdeck/shared';
import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { HttpError } from '../../../api/errors.js';
import { http } from '../../../api/http.js';
import { db, page, rows } from '../../../api/postgrest.js';

/** A row of `notification_silences`. */
export const silenceRowSchema = z.object({
  id: z.string(),
  namespace: z.string().nullable(),
  description: z.string().nullable(),
  from: z.string().nullable(),
  until: z.string().nullable(),
  recursive: z.boolean().nullable(),
  source: z.string().nullable(),
  config_id: z.string().nullable(),
  component_id: z.string().nullable(),
  check_id: z.string().nullable(),
  canary_id: z.string().nullable(),
  filter: z.string().nullable(),
  error: z.string().nullable().optional(),
  created_by: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type SilenceRow = z.infer<typeof silenceRowSchema>;

export const SILENCE_SORTABLE = ['from', 'until', 'source', 'description', 'created_at'] as const;
export const SILENCES_DEFAULT_SORT = { id: 'created_at', desc: true } as const;

/** One page of live silences, expired ones included (they are shown struck through). */
export async function fetchSilences(
  pageIndex: number,
  pageSize: number,
  sorting: SortingState,
  signal?: AbortSignal,
): Promise<{ data: SilenceRow[]; totalEntries: number | undefined }> {
  const asked = sorting[0];
  const sort =
    asked && (SILENCE_SORTABLE as readonly string[]).includes(asked.id) ? asked : SILENCES_DEFAULT_SORT;
  const q = db
    .from('notification_silences')
    .select('*', { count: 'exact' })
    .is('deleted_at', null)
    .order(sort.id, { ascending: !sort.desc })
    .range(pageIndex * pageSize, (pageIndex + 1) * pageSize - 1);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(silenceRowSchema).parse(res.data), totalEntries: res.totalEntries };
}

export async function fetchSilence(id: string, signal?: AbortSignal): Promise<SilenceRow> {
  const q = db.from('notification_silences').select('*').eq('id', id);
  const [row] = z.array(silenceRowSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
  if (!row) throw new HttpError('No resources found', 404);
  return row;
}

/** What the silence form sends: one resource id, the window, the reason. */
export type SilenceBody = {
  from: string;
  until: string;
  description: string;
  recursive: boolean;
  namespace: string;
  source: string;
  config_id?: string;
  component_id?: string;
  check_id?: string;
  canary_id?: string;
};

/** POST /api/notification/silence: the created silence's id (the form needs no more of the row). */
export async function createSilence(body: SilenceBody): Promise<string> {
  return z.object({ id: z.string() }).parse(await http('/api/notification/silence', { method: 'POST', body }))
    .id;
}

/** Update sends the id and updated_at now. */
export async function updateSilence(id: string, body: Partial<SilenceBody>): Promise<void> {
  await rows(
    db
      .from('notification_silences')
      .update({ ...body, id, updated_at: new Date().toISOString() })
      .eq('id', id)
      .select('id'),
  );
}

export async function deleteSilence(id: string): Promise<void> {
  await rows(
    db
      .from('notification_silences')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id)
      .select('id'),
  );
}

/** GET /api/notification/silence_preview: what the silence would match before it is saved. */
export async function previewSilence(
  type: string,
  id: string,
  recursive: boolean,
  signal?: AbortSignal,
): Promise<SilencePreviewItem[]> {
  const body = await http('/api/notification/silence_preview', {
    query: { id, type, recursive, limit: 20 },
    ...(signal ? { signal } : {}),
  });
  return z.array(silencePreviewItemSchema).parse(body);
}
