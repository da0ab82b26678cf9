import { Cron } from 'croner';
import { z } from 'zod';
import { labelSelectorSchema } from '../selectors.js';
import { parseDuration } from '../time/duration.js';

/**
 * A maintenance window (docs/maintenance.md): planned work on checks, components and config
 * items, during which notifications are held, incident rules open nothing and check results
 * are left out of uptime. One-off (`starts_at`..`ends_at`) or recurring (`schedule` in
 * `time_zone`, each occurrence lasting `duration`, optionally bounded by `starts_at`/`ends_at`).
 */

export const MAINTENANCE_RESOURCE_TYPES = ['check', 'component', 'config'] as const;
export type MaintenanceResourceType = (typeof MAINTENANCE_RESOURCE_TYPES)[number];

/** What a selector narrows by; a selector must name at least one. */
const CRITERIA = ['id', 'name', 'namespace', 'types', 'labelSelector', 'tagSelector', 'agent'] as const;
const given = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== '');

/**
 * The resources a window covers: the fields of the resource selectors silences and incident
 * rules use (`name` with `*` wildcards, labels, types, agent), and which kinds of resource.
 */
export const maintenanceSelectorSchema = z
  .object({
    /** Checks, components and/or config items; all three when left out. */
    resourceTypes: z.array(z.enum(MAINTENANCE_RESOURCE_TYPES)).min(1).optional(),
    id: z.string().optional(),
    name: z.string().min(1).optional(),
    namespace: z.string().min(1).optional(),
    types: z.array(z.string().min(1)).optional(),
    labelSelector: labelSelectorSchema.optional(),
    tagSelector: labelSelectorSchema.optional(),
    /** `local`, an agent's id or its name. */
    agent: z.string().min(1).optional(),
  })
  .strict()
  .refine((s) => CRITERIA.some((k) => given(s[k])), {
    message:
      'a selector needs at least one of id, name, namespace, types, labelSelector, tagSelector or agent',
  });
export type MaintenanceSelector = z.infer<typeof maintenanceSelectorSchema>;

/** Who is told when an occurrence starts and ends: email addresses or `connection://` references. */
export const maintenanceNotifySchema = z
  .object({
    recipients: z.array(z.string().trim().min(1)).min(1),
    startMessage: z.string().optional(),
    endMessage: z.string().optional(),
  })
  .strict();
export type MaintenanceNotify = z.infer<typeof maintenanceNotifySchema>;

/** The columns that say when a window is (the table's, as the data API reads them). */
export type MaintenanceTiming = {
  starts_at: string | null;
  ends_at: string | null;
  schedule: string | null;
  duration: string | null;
  time_zone: string | null;
};

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The cron expression croner reads, or undefined. */
export function parseCron(schedule: string, timeZone = 'UTC'): Cron | undefined {
  try {
    return new Cron(schedule.trim(), { timezone: timeZone, paused: true });
  } catch {
    return undefined;
  }
}

const time = (text: string | null | undefined): number | undefined => {
  if (!text) return undefined;
  const t = new Date(text).getTime();
  return Number.isNaN(t) ? undefined : t;
};

/**
 * What is wrong with a window's timing and scope, each as `column: message`; empty when it
 * is sound. The data API's write hook and the form both ask this.
 */
export function maintenanceProblems(w: MaintenanceTiming & { selectors: unknown }): string[] {
  const problems: string[] = [];
  const zone = w.time_zone || 'UTC';
  if (!isTimeZone(zone)) problems.push(`time_zone: unknown time zone ${zone}`);
  const start = time(w.starts_at);
  const end = time(w.ends_at);
  if (w.starts_at && start === undefined) problems.push('starts_at: not a time');
  if (w.ends_at && end === undefined) problems.push('ends_at: not a time');
  if (start !== undefined && end !== undefined && end <= start)
    problems.push('ends_at: must be after starts_at');
  if (w.schedule) {
    if (!parseCron(w.schedule, isTimeZone(zone) ? zone : 'UTC'))
      problems.push('schedule: not a cron expression (e.g. "0 2 * * 6")');
    const ms = w.duration ? parseDuration(w.duration) : undefined;
    if (!ms) problems.push('duration: a positive duration such as 2h or 90m');
  } else {
    if (w.duration) problems.push('schedule: a duration needs a schedule');
    if (start === undefined || end === undefined)
      problems.push('starts_at: a one-off window needs starts_at and ends_at (or a schedule and duration)');
  }
  const selectors = z.array(maintenanceSelectorSchema).safeParse(w.selectors ?? []);
  if (!selectors.success) {
    const issue = selectors.error.issues[0];
    problems.push(`selectors.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  } else if (selectors.data.length === 0) problems.push('selectors: at least one selector');
  return problems;
}

/** The MaintenanceWindow spec `opsdeck apply` reads (camelCase, as other specs). */
export const maintenanceWindowSpecSchema = z
  .object({
    description: z.string().optional(),
    startsAt: z.string().optional(),
    endsAt: z.string().optional(),
    schedule: z.string().optional(),
    duration: z.string().optional(),
    timeZone: z.string().optional(),
    selectors: z.array(maintenanceSelectorSchema).min(1),
    notify: maintenanceNotifySchema.optional(),
  })
  .strict();
export type MaintenanceWindowSpec = z.infer<typeof maintenanceWindowSpecSchema>;

/** One row of `maintenance_windows` as the web reads it. */
export const maintenanceWindowRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  description: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  schedule: z.string().nullable(),
  duration: z.string().nullable(),
  time_zone: z.string(),
  selectors: z.array(maintenanceSelectorSchema).catch([]),
  notify: maintenanceNotifySchema.nullable().catch(null),
  source: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type MaintenanceWindowRow = z.infer<typeof maintenanceWindowRowSchema>;

/** GET /api/maintenance/active: resource id → the window it is in now and when that ends. */
export const activeMaintenanceSchema = z.record(
  z.string(),
  z.object({ window_id: z.string(), name: z.string(), ends_at: z.string() }),
);
export type ActiveMaintenance = z.infer<typeof activeMaintenanceSchema>;
