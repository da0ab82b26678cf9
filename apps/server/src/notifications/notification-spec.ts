import {
  durationToNanos,
  notificationResourceSchema,
  notificationSpecSchema,
  type NotificationColumns,
  type NotificationSpec,
} from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { parseSpecDocument, type DocumentMetadata } from '../lib/spec-document.js';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A person by id or email; refused when there is none. */
async function personId(db: Queryable, ref: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    UUID.test(ref)
      ? 'SELECT id FROM people WHERE id = $1::uuid AND deleted_at IS NULL'
      : 'SELECT id FROM people WHERE lower(email) = lower($1) AND deleted_at IS NULL',
    [ref],
  );
  if (!rows[0]) throw new NotificationSpecError(`spec.to.person: no person '${ref}'`);
  return rows[0].id;
}

/** A live team by id or name; refused when there is none. */
async function teamId(db: Queryable, ref: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    UUID.test(ref)
      ? 'SELECT id FROM teams WHERE id = $1::uuid AND deleted_at IS NULL'
      : 'SELECT id FROM teams WHERE name = $1 AND deleted_at IS NULL',
    [ref],
  );
  if (!rows[0]) throw new NotificationSpecError(`spec.to.team: no team '${ref}'`);
  return rows[0].id;
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
 * looked up.
 */
export async function notificationColumns(
  db: Queryable,
  spec: NotificationSpec,
): Promise<NotificationColumns> {
  const { to } = spec;
  return {
    events: spec.events,
    title: spec.title ?? null,
    template: spec.template ?? null,
    filter: spec.filter ?? null,
    person_id: to.person ? await personId(db, to.person) : null,
    team_id: to.team ? await teamId(db, to.team) : null,
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
