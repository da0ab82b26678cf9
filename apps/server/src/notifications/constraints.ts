import { parseDuration } from '@opsdeck/shared';
import type { ServerContext } from '../context.js';
import { groupKeyOf, holdInGroup } from './groups.js';
import { insertHistory, recordBlocked, sentWithin } from './history.js';
import { inhibitingSend } from './inhibitions.js';
import { heldFor } from './maintenance-hold.js';
import { takeRateSlot } from './rate-limit.js';
import type { EventScope } from './event-scope.js';
import type { Recipient } from './recipients.js';
import { waitForMs, type RuleRow } from './rule.js';
import { renderAndDeliver } from './send.js';

/**
 * One recipient of one rule, in Mission Control's order: resource gone → skipped; repeat
 * interval; maintenance windows (held); silences; inhibitions; rate limit; wait_for (held as pending, in its group when the rule has
 * group_by); render and deliver. Each
 * outcome is one history row (blocked ones counted into a recent one).
 *
 * Events of different resources are handled side by side (EVENT_CONCURRENCY) and by several
 * processes, so the rate limit is one atomic step (rate-limit.ts). One resource's events are
 * handled in order by one process (the consumer's lanes), so its repeat interval needs no
 * lock. A process that dies mid-send leaves its event to be handled again after the lease:
 * the queue, not the history, is what keeps a notification from being lost.
 */
export async function throughConstraints(
  ctx: ServerContext,
  rule: RuleRow,
  scope: EventScope,
  recipient: Recipient,
  exists: boolean,
): Promise<void> {
  const db = ctx.db;
  const base = {
    notificationId: rule.id,
    sourceEvent: scope.name,
    resource: scope.resource,
    recipient: recipient.label,
    ...(recipient.personId ? { personId: recipient.personId } : {}),
  };
  if (!exists) {
    await recordBlocked(db, { ...base, status: 'skipped', error: 'resource no longer exists' });
    return;
  }
  const repeatMs = rule.repeat_interval ? parseDuration(rule.repeat_interval) : undefined;
  if (repeatMs) {
    const key = {
      notificationId: rule.id,
      resourceId: scope.resource.id,
      sourceEvent: scope.name,
      recipient: recipient.label,
    };
    if (await sentWithin(db, key, repeatMs)) {
      await recordBlocked(db, { ...base, status: 'repeat-interval' });
      return;
    }
  }
  // Planned work pages no one: held for the maintenance window (docs/maintenance.md).
  const hold = await scope.maintenance();
  if (hold) {
    await recordBlocked(db, { ...base, ...heldFor(hold) });
    return;
  }
  const silencedBy = await scope.silence();
  if (silencedBy) {
    await recordBlocked(db, { ...base, status: 'silenced', silencedBy });
    return;
  }
  // Inhibitions use the repeat interval as their window: without one they do nothing.
  if (repeatMs && rule.inhibitions?.length) {
    const parentId = await inhibitingSend(db, rule.id, rule.inhibitions, scope.resource, repeatMs);
    if (parentId) {
      await recordBlocked(db, { ...base, status: 'inhibited', parentId });
      return;
    }
  }
  const { rateLimit, rateWindowMs } = ctx.config.notifications;
  if (!(await takeRateSlot(db, rule.id, rateLimit, rateWindowMs))) {
    const hours = Math.round((rateWindowMs / 3_600_000) * 10) / 10;
    const error = `rate limit: ${rateLimit} notifications per ${hours}h`;
    await recordBlocked(db, { ...base, status: 'skipped', error });
    return;
  }
  const properties = scope.resource.properties;
  const wait = waitForMs(rule);
  if (wait > 0) {
    const held = {
      ...base,
      status: 'pending' as const,
      notBefore: new Date(Date.now() + wait),
      payload: { properties },
    };
    const groupKey = groupKeyOf(rule, scope.resource);
    if (groupKey) await holdInGroup(db, held, rule, groupKey);
    else await insertHistory(db, held);
    return;
  }
  await insertHistory(db, { ...base, ...(await renderAndDeliver(ctx, rule, scope, recipient)) });
}
