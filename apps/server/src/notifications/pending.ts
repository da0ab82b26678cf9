import { z } from 'zod';
import type { ServerContext } from '../context.js';
import type { JobDefinition } from '../jobs/scheduler.js';
import { currentHealth, eventResource } from './event-resource.js';
import { passesFilter } from './filter.js';
import { settleHistory, type Outcome } from './history.js';
import { eventScope } from './pipeline.js';
import { recipientsOf } from './recipients.js';
import { ruleById } from './rule.js';
import { renderAndDeliver } from './send.js';

/** How long a claimed pending row is kept from other processes while it is being sent. */
const LEASE = '5 minutes';
const BATCH = 50;

const pendingRowSchema = z.object({
  id: z.string(),
  notification_id: z.string(),
  source_event: z.string(),
  recipient: z.string().nullable(),
  payload: z
    .object({ properties: z.record(z.string(), z.unknown()) })
    .nullable()
    .catch(null),
});

/** What a held notification becomes when its wait is over. */
async function decide(ctx: ServerContext, row: z.infer<typeof pendingRowSchema>): Promise<Outcome> {
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
  const silencedBy = await scope.silence();
  if (silencedBy) return { status: 'silenced', silencedBy };
  const recipient = (await recipientsOf(ctx.db, rule)).find((r) => r.label === row.recipient);
  if (!recipient) return { status: 'cancelled', error: 'the recipient is no longer part of the rule' };
  return renderAndDeliver(ctx, rule, scope, recipient);
}

/**
 * Takes due pending rows (wait_for over) and sends or skips each. Rows are claimed with FOR
 * UPDATE SKIP LOCKED and their not_before moved forward by a lease, so two processes never
 * take the same row; one that dies mid-send leaves it to be taken again after the lease.
 */
export async function processPending(ctx: ServerContext, limit = BATCH): Promise<number> {
  const { rows } = await ctx.db.query(
    `UPDATE notification_send_history h SET not_before = now() + interval '${LEASE}'
     FROM (SELECT id FROM notification_send_history WHERE status = 'pending' AND not_before <= now()
           ORDER BY not_before LIMIT $1 FOR UPDATE SKIP LOCKED) due
     WHERE h.id = due.id
     RETURNING h.id, h.notification_id, h.source_event, h.recipient, h.payload`,
    [limit],
  );
  for (const raw of rows) {
    const row = pendingRowSchema.parse(raw);
    await settleHistory(ctx.db, row.id, await decide(ctx, row));
  }
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
