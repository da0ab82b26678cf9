import {
  durationToNanos,
  notificationResourceSchema,
  notificationSpecSchema,
  type NotificationColumns,
  type NotificationSpec,
} from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { parseSpecDocument, type DocumentMetadata } from '../lib/spec-document.js';
import { findPerson, findTeam, type RecipientRef } from './recipient-ref.js';

export class NotificationSpecError extends Error {}

/**
 * Reads a notification rule's spec as users give it (object or YAML, bare spec or a whole
 * Notification document); throws NotificationSpecError naming the field.
 */
export function parseNotificationSpec(input: unknown): {
  spec: NotificationSpec;
  metadata: DocumentMetadata;
} {
  return parseSpecDocument(
    input,
    { spec: notificationSpecSchema, document: notificationResourceSchema },
    NotificationSpecError,
  );
}

/**
 * Recipients other than a person or team, as `custom_services` entries: an email address is
 * the system SMTP server's sender URL (as Mission Control stores it), a webhook a generic one.
 */
function customServices(to: NotificationSpec['to']): NotificationColumns['custom_services'] {
  if (to.connection) return [{ connection: to.connection }];
  if (to.url) return [{ url: to.url }];
  if (to.email) return [{ url: `smtp://system/?To=${encodeURIComponent(to.email)}` }];
  if (to.webhook) {
    const method = (to.webhook.method ?? 'POST').toUpperCase();
    let target: URL;
    try {
      target = new URL(to.webhook.url);
    } catch {
      throw new NotificationSpecError('spec.to.webhook.url: not a valid URL');
    }
    if (method !== 'POST') target.searchParams.set('RequestMethod', method);
    return [{ url: `generic+${target.toString()}` }];
  }
  return null;
}

/**
 * The columns a rule's spec is stored in. The recipient becomes exactly one of person_id,
 * team_id or custom_services (the other two NULL); people and teams named by email or name are
 * looked up. One that does not exist yet is kept as `recipient_ref` (a folder applied in any
 * order: docs/specs-as-code.md) and resolves when it appears.
 */
export async function notificationColumns(
  db: Queryable,
  spec: NotificationSpec,
): Promise<NotificationColumns & { recipient_ref: RecipientRef | null }> {
  const { to } = spec;
  const person_id = to.person ? ((await findPerson(db, to.person)) ?? null) : null;
  const team_id = to.team ? ((await findTeam(db, to.team)) ?? null) : null;
  const recipient_ref: RecipientRef | null =
    to.person && !person_id ? { person: to.person } : to.team && !team_id ? { team: to.team } : null;
  return {
    events: spec.events,
    title: spec.title ?? null,
    template: spec.template ?? null,
    filter: spec.filter ?? null,
    person_id,
    team_id,
    recipient_ref,
    custom_services: customServices(to),
    repeat_interval: spec.repeatInterval ?? null,
    wait_for: spec.waitFor === undefined ? null : (durationToNanos(spec.waitFor) ?? null),
    group_by: spec.groupBy ?? null,
    group_by_interval:
      spec.groupByInterval === undefined ? null : (durationToNanos(spec.groupByInterval) ?? null),
    properties: spec.properties ?? null,
    inhibitions: spec.inhibitions ?? null,
    playbook_ref: to.playbook ?? null,
  };
}
