import { z } from 'zod';
import type { ServerContext } from '../context.js';
import type { JobDefinition } from '../jobs/scheduler.js';
import { currentHealth, eventResource } from './event-resource.js';
import { passesFilter } from './filter.js';
import { settleHistory, type Outcome } from './history.js';
import { heldFor } from './maintenance-hold.js';
import { eventScope, type EventScope } from './event-scope.js';
import { recipientsOf, type Recipient } from './recipients.js';
import { ruleById, type RuleRow } from './rule.js';
import { renderAndDeliver } from './send.js';

/** How long a claimed pending row is kept from other processes while it is being sent. */
const LEASE = '5 minutes';
const BATCH = 50;

const pendingRowSchema = z.object({
  id: z.string(),
  notification_id: z.string(),
  source_event: z.string(),
  recipient: z.string().nullable(),
  group_id: z.string().nullable(),
  payload: z
    .object({ properties: z.record(z.string(), z.unknown()) })
    .nullable()
    .catch(null),
});
type PendingRow = z.infer<typeof pendingRowSchema>;

const PENDING_COLUMNS = 'id, notification_id, source_event, recipient, group_id, payload';

/** A held notification still worth sending: what it takes to send it. */
type Ready = { rule: RuleRow; scope: EventScope; recipient: Recipient };

/** What a held notification is when its wait is over: ready to send, or how it ends without. */
async function recheck(ctx: ServerContext, row: PendingRow): Promise<Ready | Outcome> {
  const rule = await ruleById(ctx.db, row.notification_id);
  if (!rule) return { status: 'cancelled', error: 'the rule was deleted' };
  const resource = row.payload ? eventResource(row.source_event, row.payload.properties) : undefined;
  if (!resource) return { status: 'skipped', error: 'the event could not be read back' };
  const health = await currentHealth(ctx.db, resource);
  if (health === null) return { status: 'skipped', error: 'resource no longer exists' };
  // What stops flapping alerts: send only while the resource still is what the event said.
  if (resource.health !== undefined && health !== resource.health)
    return { status: 'skipped', error: `the resource is ${health} now` };
  const scope = eventScope(ctx, row.source_event, resource);
  if (!(await passesFilter(ctx.db, rule.id, rule.filter, scope.vars)))
    return { status: 'skipped', error: 'the filter no longer matches' };
  const hold = await scope.maintenance();
  if (hold) return heldFor(hold);
  const silencedBy = await scope.silence();
  if (silencedBy) return { status: 'silenced', silencedBy };
  const recipient = (await recipientsOf(ctx.db, rule)).find((r) => r.label === row.recipient);
  if (!recipient) return { status: 'cancelled', error: 'the recipient is no longer part of the rule' };
  return { rule, scope, recipient };
}

const isReady = (v: Ready | Outcome): v is Ready => 'scope' in v;

/** The other rows held in a group, taken with its first row (they share its time). */
async function groupMembers(ctx: ServerContext, leader: PendingRow): Promise<PendingRow[]> {
  if (leader.group_id !== leader.id) return [];
  const { rows } = await ctx.db.query(
    `SELECT ${PENDING_COLUMNS} FROM notification_send_history
     WHERE group_id = $1 AND id <> $1 AND status = 'pending' ORDER BY created_at`,
    [leader.id],
  );
  return rows.map((r) => pendingRowSchema.parse(r));
}

/**
 * Settles a held row and, when it leads a group, the group: the members still worth sending
 * go out as one message (each row records it), the others end on their own.
 */
async function settleDue(ctx: ServerContext, row: PendingRow): Promise<void> {
  const rows = [row, ...(await groupMembers(ctx, row))];
  const ready: { id: string; ready: Ready }[] = [];
  for (const r of rows) {
    const verdict = await recheck(ctx, r);
    if (isReady(verdict)) ready.push({ id: r.id, ready: verdict });
    else await settleHistory(ctx.db, r.id, verdict);
  }
  const [first, ...others] = ready;
  if (!first) return;
  const { rule, scope, recipient } = first.ready;
  const outcome = await renderAndDeliver(
    ctx,
    rule,
    scope,
    recipient,
    others.map((o) => o.ready.scope),
  );
  for (const r of ready) await settleHistory(ctx.db, r.id, outcome);
}

/**
 * Takes due pending rows (wait_for over) and sends or skips each. Rows are claimed with FOR
 * UPDATE SKIP LOCKED and their not_before moved forward by a lease, so two processes never
 * take the same row; one that dies mid-send leaves it to be taken again after the lease.
 * A group's members are not taken on their own while its first row is held: they go with it.
 */
export async function processPending(ctx: ServerContext, limit = BATCH): Promise<number> {
  const { rows } = await ctx.db.query(
    `UPDATE notification_send_history h SET not_before = now() + interval '${LEASE}'
     FROM (SELECT d.id FROM notification_send_history d
           WHERE d.status = 'pending' AND d.not_before <= now()
             AND (d.group_id IS NULL OR d.group_id = d.id OR NOT EXISTS (
               SELECT 1 FROM notification_send_history l WHERE l.id = d.group_id AND l.status = 'pending'))
           ORDER BY d.not_before LIMIT $1 FOR UPDATE SKIP LOCKED) due
     WHERE h.id = due.id
     RETURNING ${PENDING_COLUMNS.split(', ')
       .map((c) => `h.${c}`)
       .join(', ')}`,
    [limit],
  );
  for (const raw of rows) await settleDue(ctx, pendingRowSchema.parse(raw));
  return rows.length;
}

/** The wait_for job: every few seconds, the held notifications whose time has come. */
export const pendingNotificationsJob: JobDefinition = {
  name: 'ProcessPendingNotifications',
  intervalSeconds: 5,
  recordEmptyRuns: false,
  async run(ctx, signal) {
    let success = 0;
    while (!signal.aborted) {
      const n = await processPending(ctx);
      success += n;
      if (n < BATCH) break;
    }
    return { success };
  },
};
