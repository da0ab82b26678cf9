import {
  ACCEPTED_NOTIFICATION_EVENTS,
  inhibitionSchema,
  repeatIntervalSchema,
  RECIPIENT_ERROR,
} from '@opsdeck/shared';
import { z } from 'zod';
import { compileCel } from '../expr/index.js';
import { withCreatedBy } from '../platform/created-by-hook.js';
import type { DataRow, DataWriteHook } from '../platform/data-write-hook.js';
import { SpecWriteError } from '../platform/spec-resource-hook.js';
import { notificationColumns, NotificationSpecError, parseNotificationSpec } from './notification-spec.js';
import { recipientRefSchema } from './recipient-ref.js';

const celFilter = z.string().refine(
  (s) => {
    if (s.trim() === '') return true;
    try {
      compileCel(s);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid CEL expression' },
);

const serviceSchema = z
  .object({
    name: z.string().optional(),
    filter: celFilter.optional(),
    connection: z.string().min(1).optional(),
    url: z.string().min(1).optional(),
    properties: z.record(z.string(), z.string()).optional(),
  })
  .loose()
  .refine((s) => Boolean(s.connection) !== Boolean(s.url), 'each service has a connection or a url');

/** Columns a write may set directly, each checked when present (a rule's spec sets them all). */
const COLUMN_SCHEMAS: Record<string, z.ZodType> = {
  events: z.array(z.enum(ACCEPTED_NOTIFICATION_EVENTS)).min(1, 'at least one event is required'),
  filter: celFilter.nullable(),
  repeat_interval: repeatIntervalSchema.nullable(),
  wait_for: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).nullable(),
  group_by: z.array(z.string().min(1)).nullable(),
  group_by_interval: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).nullable(),
  custom_services: z.array(serviceSchema).min(1).nullable(),
  properties: z.record(z.string(), z.string()).nullable(),
  recipient_ref: recipientRefSchema.nullable(),
  inhibitions: z.array(inhibitionSchema).nullable(),
  playbook_ref: z.string().trim().min(1).nullable(),
};

function checkColumns(row: DataRow): void {
  for (const [column, schema] of Object.entries(COLUMN_SCHEMAS)) {
    if (!(column in row)) continue;
    const r = schema.safeParse(row[column]);
    if (!r.success) {
      const issue = r.error.issues[0];
      const path = [column, ...(issue?.path ?? []).map(String)].join('.');
      throw new SpecWriteError(`${path}: ${issue?.message ?? 'invalid'}`);
    }
  }
}

function refuse(e: unknown): never {
  if (e instanceof NotificationSpecError) throw new SpecWriteError(e.message);
  throw e;
}

/**
 * Writes to /api/db/notifications. A write may give the rule as `spec` (what the settings page
 * edits: Mission Control's Notification spec or document), which is validated and stored in
 * the rule's columns; columns written directly are checked one by one. A changed rule forgets
 * its last sending error. After the write, every live rule written has exactly one recipient.
 */
const notificationHook: DataWriteHook = {
  async beforeWrite(rows, w) {
    const out: DataRow[] = [];
    for (const input of rows) {
      const row = { ...input };
      if ('spec' in row) {
        try {
          const { spec, metadata } = parseNotificationSpec(row.spec);
          Object.assign(row, await notificationColumns(w.ctx.db, spec), { error: null, error_at: null });
          if (row.name === undefined && metadata.name) row.name = metadata.name;
          if (row.namespace === undefined && metadata.namespace) row.namespace = metadata.namespace;
        } catch (e) {
          refuse(e);
        }
        delete row.spec;
      }
      // A recipient chosen in the form replaces one still waiting to resolve.
      const setsRecipient = ['person_id', 'team_id', 'custom_services', 'playbook_ref'].some(
        (c) => row[c] != null,
      );
      if (setsRecipient && !('recipient_ref' in row)) row.recipient_ref = null;
      checkColumns(row);
      if (w.method === 'POST') {
        if (typeof row.name !== 'string' || row.name.trim() === '')
          throw new SpecWriteError('name: This field is required');
        if (!('events' in row)) throw new SpecWriteError('events: This field is required');
      }
      if (w.method === 'PATCH') row.updated_at = new Date().toISOString();
      out.push(row);
    }
    return out;
  },
  async afterWrite(tx, rows, w) {
    const ids = rows.map((r) => r.id).filter((id): id is string => typeof id === 'string');
    if (w.method === 'DELETE' || ids.length === 0) return;
    const { rows: bad } = await tx.query<{ name: string }>(
      `SELECT name FROM notifications
       WHERE id = ANY ($1::uuid[]) AND deleted_at IS NULL
         AND num_nonnulls(person_id, team_id, custom_services, playbook_ref, recipient_ref) <> 1
       LIMIT 1`,
      [ids],
    );
    if (bad[0])
      throw new SpecWriteError(
        `to: ${RECIPIENT_ERROR} (person_id, team_id, custom_services or playbook_ref)`,
      );
  },
};

export const notificationWriteHook = withCreatedBy(notificationHook);
