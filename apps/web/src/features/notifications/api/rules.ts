import { notificationServiceSchema, testMessageAnswerSchema, type TestMessageAnswer } from '@opsdeck/shared';
import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { HttpError } from '../../../api/errors.js';
import { http } from '../../../api/http.js';
import { db, page, rows } from '../../../api/postgrest.js';

/** A row of `notifications_summary`: the rule's columns and what its sends did. */
export const ruleRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  events: z.array(z.string()),
  title: z.string().nullable(),
  template: z.string().nullable(),
  filter: z.string().nullable(),
  person_id: z.string().nullable(),
  team_id: z.string().nullable(),
  custom_services: z.array(notificationServiceSchema).nullable(),
  /** A playbook recipient (`namespace/name`); absent on servers without it. */
  playbook_ref: z.string().nullable().optional(),
  repeat_interval: z.string().nullable(),
  wait_for: z.union([z.number(), z.string()]).nullable(),
  source: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable().optional(),
  pending: z.number(),
  failed: z.number(),
  sent: z.number(),
  avg_duration_ms: z.number().nullable(),
  most_common_error: z.string().nullable(),
});
export type RuleRow = z.infer<typeof ruleRowSchema>;

/** Columns the server sorts by (the rest are lists or computed text). */
export const RULE_SORTABLE = [
  'name',
  'error',
  'filter',
  'pending',
  'failed',
  'sent',
  'avg_duration_ms',
  'repeat_interval',
  'wait_for',
  'created_at',
  'updated_at',
] as const;
export const RULES_DEFAULT_SORT = { id: 'name', desc: false } as const;

/** One page of rules with the exact total, sorted on the server. */
export async function fetchRules(
  pageIndex: number,
  pageSize: number,
  sorting: SortingState,
  signal?: AbortSignal,
): Promise<{ data: RuleRow[]; totalEntries: number | undefined }> {
  const asked = sorting[0];
  const sort = asked && (RULE_SORTABLE as readonly string[]).includes(asked.id) ? asked : RULES_DEFAULT_SORT;
  const q = db
    .from('notifications_summary')
    .select('*', { count: 'exact' })
    .is('deleted_at', null)
    .order(sort.id, { ascending: !sort.desc, nullsFirst: false })
    .range(pageIndex * pageSize, (pageIndex + 1) * pageSize - 1);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(ruleRowSchema).parse(res.data), totalEntries: res.totalEntries };
}

/** One rule, for its edit modal. */
export async function fetchRule(id: string, signal?: AbortSignal): Promise<RuleRow> {
  const q = db.from('notifications_summary').select('*').eq('id', id);
  const [row] = z.array(ruleRowSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
  if (!row) throw new HttpError('No resources found', 404);
  return row;
}

const idOnly = z.array(z.object({ id: z.string() }));

/** Creates (no id) or updates (id) a rule from its columns; returns its id. */
export async function saveRule(body: Record<string, unknown>, id: string | undefined): Promise<string> {
  const table = db.from('notifications');
  const query = id
    ? table
        .update({ ...body, updated_at: new Date().toISOString() })
        .eq('id', id)
        .select('id')
    : table.insert(body).select('id');
  const [saved] = idOnly.parse(await rows(query));
  if (!saved) throw new HttpError('The notification was not saved', 500);
  return saved.id;
}

/** Soft delete, as every settings resource. */
export async function deleteRule(id: string): Promise<void> {
  await rows(
    db.from('notifications').update({ deleted_at: new Date().toISOString() }).eq('id', id).select('id'),
  );
}

/**
 * Sends the message the rule being edited would send for its first event, about the latest
 * resource it could be about (that its filter lets through), to its recipients now; nothing is stored.
 */
export async function sendTestMessage(columns: Record<string, unknown>): Promise<TestMessageAnswer> {
  const { events, title, template, filter, person_id, team_id, custom_services } = columns;
  const body = { events, title, template, filter, person_id, team_id, custom_services };
  return testMessageAnswerSchema.parse(await http('/api/notification/test', { method: 'POST', body }));
}
