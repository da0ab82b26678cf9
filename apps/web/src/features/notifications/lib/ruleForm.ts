import {
  durationToNanos,
  EMAIL_FORMAT_MESSAGE,
  EMAIL_PATTERN,
  nanosToDuration,
  parseDuration,
  MIN_REPEAT_INTERVAL_MS,
  canonicalNotificationEvent,
  NOTIFICATION_EVENTS,
  REPEAT_INTERVAL_ERROR,
} from '@opsdeck/shared';
import { z } from 'zod';
import type { RuleRow } from '../api/rules.js';

export const REQUIRED = 'This field is required';

export const RECIPIENT_TABS = ['person', 'team', 'others'] as const;
export type RecipientTab = (typeof RECIPIENT_TABS)[number];
/**
 * What an 'Others' recipient is: an email address (system SMTP), a connection, a sender URL or
 * a playbook run about the event's resource (`namespace/name`, looked up when sending).
 */
export const OTHER_KINDS = ['email', 'connection', 'url', 'playbook'] as const;
export type OtherKind = (typeof OTHER_KINDS)[number];

export const ruleFormSchema = z
  .object({
    name: z.string().trim().min(1, REQUIRED),
    namespace: z.string().trim().min(1, REQUIRED),
    events: z.array(z.enum(NOTIFICATION_EVENTS)).min(1, REQUIRED),
    recipientTab: z.enum(RECIPIENT_TABS),
    person_id: z.string(),
    team_id: z.string(),
    otherKind: z.enum(OTHER_KINDS),
    otherValue: z.string().trim(),
    title: z.string(),
    template: z.string(),
    filter: z.string(),
    repeat_interval: z
      .string()
      .min(1, REQUIRED)
      .refine((s) => (parseDuration(s) ?? 0) >= MIN_REPEAT_INTERVAL_MS, REPEAT_INTERVAL_ERROR),
    wait_for: z
      .string()
      .trim()
      .refine((s) => s === '' || durationToNanos(s) !== undefined, 'a duration such as 30s, 5m or 1h'),
  })
  .superRefine((v, ctx) => {
    // Only the chosen tab's recipient counts; the others were cleared when it was chosen.
    if (v.recipientTab === 'person' && !v.person_id)
      ctx.addIssue({ code: 'custom', path: ['person_id'], message: REQUIRED });
    if (v.recipientTab === 'team' && !v.team_id)
      ctx.addIssue({ code: 'custom', path: ['team_id'], message: REQUIRED });
    if (v.recipientTab === 'others') {
      if (!v.otherValue) ctx.addIssue({ code: 'custom', path: ['otherValue'], message: REQUIRED });
      else if (v.otherKind === 'email' && !EMAIL_PATTERN.test(v.otherValue))
        ctx.addIssue({ code: 'custom', path: ['otherValue'], message: EMAIL_FORMAT_MESSAGE });
    }
  });
export type RuleFormValues = z.infer<typeof ruleFormSchema>;

export const EMPTY_RULE: RuleFormValues = {
  name: '',
  namespace: 'default',
  events: [],
  recipientTab: 'person',
  person_id: '',
  team_id: '',
  otherKind: 'email',
  otherValue: '',
  title: '',
  template: '',
  filter: '',
  repeat_interval: '',
  wait_for: '',
};

/** The system SMTP recipient as Mission Control writes it. */
const SYSTEM_SMTP = /^smtp:\/\/system\/?\?(.*)$/i;

export function emailServiceUrl(email: string): string {
  return `smtp://system/?To=${encodeURIComponent(email)}`;
}

function emailOf(url: string): string | undefined {
  const m = SYSTEM_SMTP.exec(url.trim());
  return m ? (new URLSearchParams(m[1]).get('To') ?? undefined) : undefined;
}

/** The recipient a stored rule names, as the modal's tabs show it. */
export function recipientOf(
  row: Pick<RuleRow, 'person_id' | 'team_id' | 'custom_services'> & { playbook_ref?: string | null },
): Pick<RuleFormValues, 'recipientTab' | 'person_id' | 'team_id' | 'otherKind' | 'otherValue'> {
  const none = { person_id: '', team_id: '', otherKind: 'email' as const, otherValue: '' };
  if (row.playbook_ref)
    return { ...none, recipientTab: 'others', otherKind: 'playbook', otherValue: row.playbook_ref };
  if (row.person_id) return { ...none, recipientTab: 'person', person_id: row.person_id };
  if (row.team_id) return { ...none, recipientTab: 'team', team_id: row.team_id };
  const service = row.custom_services?.[0];
  if (service?.connection)
    return { ...none, recipientTab: 'others', otherKind: 'connection', otherValue: service.connection };
  if (service?.url) {
    const email = emailOf(service.url);
    return email
      ? { ...none, recipientTab: 'others', otherKind: 'email', otherValue: email }
      : { ...none, recipientTab: 'others', otherKind: 'url', otherValue: service.url };
  }
  return { ...none, recipientTab: 'person' };
}

/** A stored rule as form values. */
export function ruleToForm(row: RuleRow): RuleFormValues {
  // Mission Control's older spellings (component.status.error) are the events they stand for.
  const events = [...new Set(row.events.map(canonicalNotificationEvent))].filter(
    (e): e is RuleFormValues['events'][number] => (NOTIFICATION_EVENTS as readonly string[]).includes(e),
  );
  return {
    name: row.name,
    namespace: row.namespace ?? 'default',
    events,
    ...recipientOf(row),
    title: row.title ?? '',
    template: row.template ?? '',
    filter: row.filter ?? '',
    repeat_interval: row.repeat_interval ?? '',
    wait_for: row.wait_for === null ? '' : nanosToDuration(Number(row.wait_for)),
  };
}

/**
 * The columns a save writes. Exactly one recipient is kept, the one of the chosen tab; the
 * others are null. Empty texts are null: a null template means the default message.
 */
export function formToColumns(v: RuleFormValues): Record<string, unknown> {
  const orNull = (s: string) => (s.trim() === '' ? null : s);
  let custom: Array<Record<string, string>> | null = null;
  const playbook = v.recipientTab === 'others' && v.otherKind === 'playbook' ? v.otherValue.trim() : null;
  if (v.recipientTab === 'others' && !playbook)
    custom = [
      v.otherKind === 'connection'
        ? { connection: v.otherValue }
        : { url: v.otherKind === 'email' ? emailServiceUrl(v.otherValue) : v.otherValue },
    ];
  return {
    name: v.name.trim(),
    namespace: v.namespace.trim(),
    events: v.events,
    person_id: v.recipientTab === 'person' ? v.person_id : null,
    team_id: v.recipientTab === 'team' ? v.team_id : null,
    custom_services: custom,
    playbook_ref: playbook,
    title: orNull(v.title),
    template: orNull(v.template),
    filter: orNull(v.filter),
    repeat_interval: v.repeat_interval,
    wait_for: v.wait_for ? (durationToNanos(v.wait_for) ?? null) : null,
  };
}

/** Switching the recipient tab clears the other tabs' recipients. */
export function switchRecipientTab(v: RuleFormValues, tab: RecipientTab): RuleFormValues {
  return { ...v, recipientTab: tab, person_id: '', team_id: '', otherValue: '' };
}

/** Rules written elsewhere (a CRD, a file) are read-only in the UI. */
export function isEditable(source: string | null | undefined): boolean {
  return !source || source === 'UI';
}
