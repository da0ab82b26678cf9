import { z } from 'zod';

/** What the pipeline did with one event for one rule and recipient (notification_send_history.status). */
export const SEND_STATUSES = [
  'sent',
  'error',
  'pending',
  'cancelled',
  'repeat-interval',
  'silenced',
  'skipped',
  'inhibited',
  // A playbook recipient: its run is being created, then running (Mission Control's statuses).
  'pending_playbook_run',
  'pending_playbook_completion',
  // Held because its resource was under a maintenance window (docs/maintenance.md).
  'maintenance',
] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/** Statuses the history summary counts as suppressed, and as still in progress. */
export const SUPPRESSED_STATUSES: readonly SendStatus[] = [
  'repeat-interval',
  'silenced',
  'skipped',
  'cancelled',
  'inhibited',
  'maintenance',
];
export const IN_PROGRESS_STATUSES: readonly SendStatus[] = [
  'pending',
  'pending_playbook_run',
  'pending_playbook_completion',
];

export const NOTIFICATION_RESOURCE_TYPES = [
  'check',
  'config',
  'component',
  'canary',
  'incident',
  'playbook',
] as const;
export type NotificationResourceType = (typeof NOTIFICATION_RESOURCE_TYPES)[number];

/** The resource a history row is about, as stored with it. */
export const historyResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable().optional(),
  icon: z.string().nullable().optional(),
});
export type HistoryResource = z.infer<typeof historyResourceSchema>;

/** One row of `notification_send_history_summary` (the history table). */
export const sendHistoryRowSchema = z.object({
  id: z.string(),
  notification_id: z.string(),
  notification_name: z.string().nullable(),
  created_at: z.string(),
  first_observed: z.string(),
  count: z.number(),
  source_event: z.string(),
  resource_id: z.string(),
  resource_type: z.enum(NOTIFICATION_RESOURCE_TYPES),
  resource: historyResourceSchema,
  status: z.enum(SEND_STATUSES),
  recipient: z.string().nullable(),
  person_id: z.string().nullable(),
  silenced_by: z.string().nullable(),
  not_before: z.string().nullable(),
  error: z.string().nullable(),
  duration_millis: z.number().nullable(),
});
export type SendHistoryRow = z.infer<typeof sendHistoryRowSchema>;

/** GET /api/notification/send_history/{id}: the row with its body and its rule. */
export const sendHistoryDetailSchema = sendHistoryRowSchema.extend({
  body: z.string().nullable(),
  notification: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The run a playbook recipient started, with its playbook (absent for other recipients). */
  playbook_run: z
    .object({ id: z.string(), status: z.string(), playbook_name: z.string().nullable() })
    .nullable()
    .optional(),
});
export type SendHistoryDetail = z.infer<typeof sendHistoryDetailSchema>;

/** POST /api/notification/summary body. */
export const notificationSummaryRequestSchema = z
  .object({
    status: z.enum(SEND_STATUSES).optional(),
    resourceType: z.enum(NOTIFICATION_RESOURCE_TYPES).optional(),
    search: z.string().max(200).optional(),
    /** ISO times or relative ones (`now-7d`). */
    from: z.string().optional(),
    to: z.string().optional(),
    pageIndex: z.number().int().min(0).default(0),
    pageSize: z.number().int().min(1).max(500).default(50),
  })
  .strict();
export type NotificationSummaryRequest = z.infer<typeof notificationSummaryRequestSchema>;

/** One resource of the summary: its sends grouped by outcome. */
export const notificationSummaryRowSchema = z.object({
  resource: historyResourceSchema,
  resource_type: z.enum(NOTIFICATION_RESOURCE_TYPES),
  sent: z.number(),
  error: z.number(),
  suppressed: z.number(),
  pending: z.number(),
  last_seen: z.string(),
});
export type NotificationSummaryRow = z.infer<typeof notificationSummaryRowSchema>;
export type NotificationSummaryResponse = { total: number; results: NotificationSummaryRow[] };
