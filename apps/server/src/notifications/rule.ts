import { inhibitionSchema, notificationServiceSchema } from '@opsdeck/shared';
import { z } from 'zod';
import type { Queryable } from '../db/types.js';
import { recipientRefSchema } from './recipient-ref.js';

/** A live rule as the pipeline reads it. */
export const ruleRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  events: z.array(z.string()),
  title: z.string().nullable(),
  template: z.string().nullable(),
  filter: z.string().nullable(),
  properties: z.record(z.string(), z.string()).nullable(),
  person_id: z.string().nullable(),
  team_id: z.string().nullable(),
  /** A team or person named before it existed (recipient-ref.ts). */
  recipient_ref: recipientRefSchema.nullable(),
  custom_services: z.array(notificationServiceSchema).nullable(),
  repeat_interval: z.string().nullable(),
  wait_for: z.union([z.number(), z.string()]).nullable(),
  group_by: z.array(z.string()).nullable(),
  group_by_interval: z.union([z.number(), z.string()]).nullable(),
  inhibitions: z.array(inhibitionSchema).nullable(),
  playbook_ref: z.string().nullable(),
  error: z.string().nullable(),
  error_at: z.coerce.date().nullable(),
});
export type RuleRow = z.infer<typeof ruleRowSchema>;

const RULE_COLUMNS =
  'id, name, namespace, events, title, template, filter, properties, person_id, team_id, recipient_ref, custom_services, repeat_interval, wait_for, group_by, group_by_interval, inhibitions, playbook_ref, error, error_at';

/**
 * The live rules listening to event name `param`, oldest first, as one JSON array. A rule may
 * name a component event in Mission Control's older spelling (`component.status.error` for
 * `component.error`, NOTIFICATION_EVENT_ALIASES).
 */
export const RULES_JSON_SQL = (param: string) =>
  `SELECT coalesce(json_agg(n ORDER BY n.created_at), '[]'::json)
   FROM (SELECT ${RULE_COLUMNS}, created_at FROM notifications WHERE deleted_at IS NULL
     AND events && ARRAY[${param}::text, regexp_replace(${param}::text, '^component\\.', 'component.status.')]) n`;

export const parseRules = (rows: readonly unknown[]): RuleRow[] => rows.map((r) => ruleRowSchema.parse(r));

export async function ruleById(db: Queryable, id: string): Promise<RuleRow | undefined> {
  const { rows } = await db.query(
    `SELECT ${RULE_COLUMNS} FROM notifications WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0] ? ruleRowSchema.parse(rows[0]) : undefined;
}

/** Keeps a rule's run-time error (a filter that fails) for the Rules table. */
export async function storeRuleError(db: Queryable, id: string, error: string): Promise<void> {
  await db.query('UPDATE notifications SET error = $2, error_at = now() WHERE id = $1', [id, error]);
}

/** How long a rule whose filter failed rests before it is tried again (as Mission Control). */
export const RULE_ERROR_BACKOFF_MS = 60 * 60 * 1000;

/** The rule failed recently: skip it until the back-off has passed. */
export function ruleResting(rule: RuleRow, now: Date): boolean {
  return (
    rule.error !== null &&
    rule.error_at !== null &&
    now.getTime() - rule.error_at.getTime() < RULE_ERROR_BACKOFF_MS
  );
}

/** How long a group takes new members when the rule does not say (Mission Control's default). */
const DEFAULT_GROUP_BY_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** group_by_interval (nanoseconds) as milliseconds. */
export function groupByIntervalMs(rule: Pick<RuleRow, 'group_by_interval'>): number {
  return rule.group_by_interval === null
    ? DEFAULT_GROUP_BY_INTERVAL_MS
    : Math.round(Number(rule.group_by_interval) / 1_000_000);
}

/** wait_for (nanoseconds) as milliseconds; 0 when not set. */
export function waitForMs(rule: Pick<RuleRow, 'wait_for'>): number {
  return rule.wait_for === null ? 0 : Math.round(Number(rule.wait_for) / 1_000_000);
}
