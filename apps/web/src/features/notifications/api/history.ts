import {
  NOTIFICATION_RESOURCE_TYPES,
  SEND_STATUSES,
  sendHistoryDetailSchema,
  sendHistoryRowSchema,
  type SendHistoryDetail,
  type SendHistoryRow,
} from '@opsdeck/shared';
import { z } from 'zod';
import { http } from '../../../api/http.js';
import { db, page, rows } from '../../../api/postgrest.js';

/** The history table's columns: everything of the summary view (it has no body). */
const HISTORY_COLUMNS = '*';

export type HistoryFilters = { status: string; resourceType: string };

const isStatus = (s: string) => (SEND_STATUSES as readonly string[]).includes(s);
const isResourceType = (s: string) => (NOTIFICATION_RESOURCE_TYPES as readonly string[]).includes(s);

/** One page of the send history, newest first, filtered by status and resource type. */
export async function fetchHistory(
  filters: HistoryFilters,
  pageIndex: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ data: SendHistoryRow[]; totalEntries: number | undefined }> {
  let q = db
    .from('notification_send_history_summary')
    .select(HISTORY_COLUMNS, { count: 'exact' })
    .order('created_at', { ascending: false })
    .range(pageIndex * pageSize, (pageIndex + 1) * pageSize - 1);
  // Values outside the known lists (a hand-edited URL) are ignored rather than sent.
  if (isStatus(filters.status)) q = q.eq('status', filters.status);
  if (isResourceType(filters.resourceType)) q = q.eq('resource_type', filters.resourceType);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(sendHistoryRowSchema).parse(res.data), totalEntries: res.totalEntries };
}

/** GET /api/notification/send_history/{id}: the entry with its body, error and rule. */
export async function fetchHistoryDetail(id: string, signal?: AbortSignal): Promise<SendHistoryDetail> {
  const body = await http(
    `/api/notification/send_history/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return sendHistoryDetailSchema.parse(body);
}

/** How far back the bell looks for failures. */
export const RECENT_FAILURE_WINDOW_MS = 24 * 3_600_000;
export const RECENT_FAILURE_LIMIT = 5;

/** The newest failed sends of the last day, for the top-bar bell. */
export async function fetchRecentFailures(signal?: AbortSignal): Promise<SendHistoryRow[]> {
  const since = new Date(Date.now() - RECENT_FAILURE_WINDOW_MS).toISOString();
  const q = db
    .from('notification_send_history_summary')
    .select(HISTORY_COLUMNS)
    .eq('status', 'error')
    .gte('created_at', since)
    .order('created_at', { ascending: false })
    .limit(RECENT_FAILURE_LIMIT);
  return z.array(sendHistoryRowSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}
