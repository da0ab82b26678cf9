import { z } from 'zod';
import { resourceDocumentSchema, specJsonSchema } from '../resource-document.js';
import { DURATION_PATTERN, parseDuration } from '../time/duration.js';

/**
 * A notification rule as people write it: Mission Control's `Notification` spec (events, title,
 * template, filter, to, repeatInterval, waitFor, groupBy, properties). The `notifications`
 * table keeps it in columns (events, person_id, team_id, custom_services, …); the rule's
 * settings page edits this spec and the server turns it into those columns.
 */

/** The events a rule may listen to (Mission Control's accepted events and rule-form list). */
export const NOTIFICATION_EVENTS = [
  'check.passed',
  'check.failed',
  'config.created',
  'config.updated',
  'config.changed',
  'config.deleted',
  'config.healthy',
  'config.unhealthy',
  'config.warning',
  'config.degraded',
  'config.unknown',
  'component.healthy',
  'component.unhealthy',
  'component.warning',
  'component.unknown',
  'component.error',
  'incident.created',
  'incident.dod.added',
  'incident.dod.passed',
  'incident.dod.regressed',
  'incident.responder.added',
  'incident.responder.removed',
  'incident.comment.added',
  'incident.status.open',
  'incident.status.investigating',
  'incident.status.mitigated',
  'incident.status.resolved',
  'incident.status.closed',
  'incident.status.cancelled',
  'playbook.run.completed',
  'playbook.run.failed',
  'playbook.approval.inserted',
  'playbook.spec.approval.updated',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/**
 * Mission Control's older spelling of component events, still in its fixtures and in specs kept
 * in Git (`component.status.error`): accepted and stored as written, and a rule listening to one
 * hears the event of the other spelling (`component.error`). The rule form offers only the
 * current names.
 */
export const NOTIFICATION_EVENT_ALIASES = {
  'component.status.healthy': 'component.healthy',
  'component.status.unhealthy': 'component.unhealthy',
  'component.status.warning': 'component.warning',
  'component.status.unknown': 'component.unknown',
  'component.status.error': 'component.error',
} as const satisfies Record<string, NotificationEvent>;

/** Every event name a rule may list: the events and their older spellings. */
export const ACCEPTED_NOTIFICATION_EVENTS = [
  ...NOTIFICATION_EVENTS,
  ...(Object.keys(NOTIFICATION_EVENT_ALIASES) as (keyof typeof NOTIFICATION_EVENT_ALIASES)[]),
] as const;

/** The event an accepted name stands for (`component.status.error` → `component.error`). */
export function canonicalNotificationEvent(name: string): string {
  return Object.hasOwn(NOTIFICATION_EVENT_ALIASES, name)
    ? NOTIFICATION_EVENT_ALIASES[name as keyof typeof NOTIFICATION_EVENT_ALIASES]
    : name;
}

/** The shortest repeat interval: one minute. */
export const MIN_REPEAT_INTERVAL_MS = 60_000;
export const REPEAT_INTERVAL_ERROR = 'Duration must be greater than 1 minute';
/** Repeat-interval choices of the rule form. */
export const REPEAT_INTERVAL_OPTIONS = [
  '3m',
  '5m',
  '10m',
  '15m',
  '30m',
  '1h',
  '4h',
  '8h',
  '1d',
  '3d',
  '7d',
] as const;

/**
 * The second repeat-interval list the rule form shows (doc 3 §5): 1h, 2h, 3h, 6h, 1d, 1w, 1m.
 * There `1m` is one month (it follows a week; one minute is below nothing in the list and is
 * the minimum); it is stored as 30d, since a stored `1m` reads as one minute.
 */
export const REPEAT_INTERVAL_PRESETS: readonly { label: string; value: string }[] = [
  { label: '1h', value: '1h' },
  { label: '2h', value: '2h' },
  { label: '3h', value: '3h' },
  { label: '6h', value: '6h' },
  { label: '1d', value: '1d' },
  { label: '1w', value: '7d' },
  { label: '1m', value: '30d' },
];

const durationText = z.string().regex(DURATION_PATTERN, 'a duration such as 30s, 5m or 1h');

export const repeatIntervalSchema = durationText.refine(
  (s) => (parseDuration(s) ?? 0) >= MIN_REPEAT_INTERVAL_MS,
  REPEAT_INTERVAL_ERROR,
);

export const waitForSchema = durationText.refine(
  (s) => parseDuration(s) !== undefined,
  'a duration such as 30s, 5m or 1h',
);

/** `type`, `description`, `status_reason`, `label:<key>` or `tag:<key>`. */
const groupBySchema = z
  .string()
  .regex(
    /^(type|description|status_reason|(label|tag):.+)$/,
    'type, description, status_reason, label:<key> or tag:<key>',
  );

/**
 * Mission Control's `inhibitions`: a config notification is not sent (history `inhibited`) when
 * the rule already sent one, within its repeat interval, about a related config of type `from`
 * — found from the notified config (of a type in `to`) across `depth` levels (default 5) of
 * parents (`direction: outgoing`: `from` is a parent), children (`incoming`) or both (`all`,
 * the default); `soft` follows catalog relationships besides the parent/child tree. Keys Mission
 * Control does not read either (an entry's `groupBy`, `interval`) are kept and not applied.
 */
export const inhibitionSchema = z
  .object({
    direction: z.enum(['outgoing', 'incoming', 'all']).optional(),
    soft: z.boolean().optional(),
    depth: z.number().int().min(0).max(20).optional(),
    from: z.string().min(1),
    to: z.array(z.string().min(1)).min(1, 'name at least one type the inhibition applies to'),
  })
  .loose();
export type Inhibition = z.infer<typeof inhibitionSchema>;

export const NOTIFICATION_RECIPIENTS = [
  'person',
  'team',
  'email',
  'connection',
  'url',
  'webhook',
  'playbook',
] as const;
export const RECIPIENT_ERROR = 'exactly one of person, team, email, connection, url, webhook or playbook';

/** Mission Control's `to.webhook`: an HTTP endpoint the message is sent to as JSON. */
export const webhookRecipientSchema = z
  .object({
    url: z.string().min(1),
    method: z.enum(['POST', 'GET', 'PUT', 'post', 'get', 'put']).optional(),
  })
  .loose();

/**
 * Who is told: a person (id or email), a team (id or name), an email address (the system
 * SMTP server), a connection reference, a sender URL or a webhook.
 */
const recipientSchema = z
  .object({
    person: z.string().min(1).optional(),
    team: z.string().min(1).optional(),
    email: z.string().min(3).optional(),
    connection: z.string().min(1).optional(),
    url: z.string().min(1).optional(),
    webhook: webhookRecipientSchema.optional(),
    /**
     * A playbook to run about the event's resource: `<namespace>/<name>`, or `<name>` in the
     * rule's namespace. Kept as written and looked up when a notification is sent, so the
     * playbook may be written after the rule.
     */
    playbook: z.string().min(1).optional(),
  })
  .strict()
  .refine((to) => NOTIFICATION_RECIPIENTS.filter((k) => to[k] !== undefined).length === 1, RECIPIENT_ERROR);

export const notificationSpecSchema = z
  .object({
    events: z.array(z.enum(ACCEPTED_NOTIFICATION_EVENTS)).min(1, 'at least one event is required'),
    title: z.string().optional(),
    /** Markdown; absent means the built-in message. */
    template: z.string().optional(),
    /** A CEL expression over the event's resource. */
    filter: z.string().optional(),
    to: recipientSchema,
    repeatInterval: repeatIntervalSchema.optional(),
    waitFor: waitForSchema.optional(),
    groupBy: z.array(groupBySchema).optional(),
    /** How long a group takes new members, from its first event (default 24h). */
    groupByInterval: durationText.optional(),
    /** Accepted for Mission Control specs (Kubernetes re-scrapes before wait_for ends). */
    waitForEvalPeriod: durationText.optional(),
    properties: z.record(z.string(), z.string()).optional(),
    inhibitions: z.array(inhibitionSchema).optional(),
  })
  .strict();
export type NotificationSpec = z.infer<typeof notificationSpecSchema>;

/** The whole Kubernetes-style document (apiVersion, kind, metadata, spec). */
export const notificationResourceSchema = resourceDocumentSchema(
  'Notification',
  notificationSpecSchema,
).strict();

/** The JSON Schema of a notification rule's spec, for /api/schemas/notification.schema.json. */
export function notificationJsonSchema(): Record<string, unknown> {
  return specJsonSchema(notificationSpecSchema);
}

/** A `custom_services` entry: where a rule without a person or team sends. */
export const notificationServiceSchema = z
  .object({
    name: z.string().optional(),
    filter: z.string().optional(),
    connection: z.string().optional(),
    url: z.string().optional(),
    properties: z.record(z.string(), z.string()).optional(),
  })
  .loose();
export type NotificationService = z.infer<typeof notificationServiceSchema>;

/** The columns of `notifications` a rule's spec is kept in. */
export const notificationColumnsSchema = z.object({
  events: z.array(z.string()),
  title: z.string().nullable(),
  template: z.string().nullable(),
  filter: z.string().nullable(),
  person_id: z.string().nullable(),
  team_id: z.string().nullable(),
  custom_services: z.array(notificationServiceSchema).nullable(),
  repeat_interval: z.string().nullable(),
  /** Nanoseconds, as Mission Control stores it. */
  wait_for: z.union([z.number(), z.string()]).nullable(),
  group_by: z.array(z.string()).nullable(),
  /** Nanoseconds, as wait_for. */
  group_by_interval: z.union([z.number(), z.string()]).nullable(),
  properties: z.record(z.string(), z.string()).nullable(),
  inhibitions: z.array(inhibitionSchema).nullable(),
  /** A playbook recipient as written (`ns/name` or `name`). */
  playbook_ref: z.string().nullable(),
});
export type NotificationColumns = z.infer<typeof notificationColumnsSchema>;

const NS_PER_MS = 1_000_000;

/** Nanoseconds as the shortest duration text that says them exactly ("90s" → "1m30s"). */
export function nanosToDuration(ns: number): string {
  let ms = Math.round(ns / NS_PER_MS);
  if (ms === 0) return '0';
  const parts: string[] = [];
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
    ['ms', 1],
  ] as const) {
    const n = Math.floor(ms / size);
    if (n > 0) parts.push(`${n}${unit}`);
    ms -= n * size;
  }
  return parts.join('');
}

/** Duration text as nanoseconds (the wait_for column); undefined when it is not a duration. */
export function durationToNanos(text: string): number | undefined {
  const ms = parseDuration(text);
  return ms === undefined ? undefined : Math.round(ms * NS_PER_MS);
}

const pendingRecipientSchema = z.union([
  z.object({ team: z.string() }).strict(),
  z.object({ person: z.string() }).strict(),
]);

/** The spec a stored rule's columns say, for its settings page (other columns are ignored). */
export function notificationSpecOf(stored: unknown): Record<string, unknown> {
  // A reader's masked view keeps the columns' shapes; anything else reads as an empty rule.
  const parsed = notificationColumnsSchema.partial().safeParse(stored);
  const row = parsed.success ? parsed.data : {};
  const service = row.custom_services?.[0];
  // A team or person named before it existed waits in recipient_ref (docs/specs-as-code.md).
  const waiting = pendingRecipientSchema.safeParse(
    (stored as { recipient_ref?: unknown } | null)?.recipient_ref,
  );
  const to = waiting.success
    ? waiting.data
    : row.playbook_ref
      ? { playbook: row.playbook_ref }
      : row.person_id
        ? { person: row.person_id }
        : row.team_id
          ? { team: row.team_id }
          : service?.connection
            ? { connection: service.connection }
            : service?.url
              ? { url: service.url }
              : {};
  const spec: Record<string, unknown> = { events: row.events ?? [] };
  if (row.title) spec.title = row.title;
  if (row.template) spec.template = row.template;
  if (row.filter) spec.filter = row.filter;
  spec.to = to;
  if (row.repeat_interval) spec.repeatInterval = row.repeat_interval;
  if (row.wait_for !== null && row.wait_for !== undefined)
    spec.waitFor = nanosToDuration(Number(row.wait_for));
  if (row.group_by?.length) spec.groupBy = row.group_by;
  if (row.group_by_interval !== null && row.group_by_interval !== undefined)
    spec.groupByInterval = nanosToDuration(Number(row.group_by_interval));
  if (row.properties && Object.keys(row.properties).length) spec.properties = row.properties;
  if (row.inhibitions?.length) spec.inhibitions = row.inhibitions;
  return spec;
}
