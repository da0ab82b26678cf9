import crypto from 'node:crypto';
import type { Db } from '../db/types.js';
import type { EventResource } from './event-resource.js';
import { insertHistory, type HistoryEntry } from './history.js';
import { groupByIntervalMs, type RuleRow } from './rule.js';

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v));

function mapValue(map: unknown, key: string): string {
  return map && typeof map === 'object' ? text((map as Record<string, unknown>)[key]) : '';
}

/**
 * The rule's group_by values of the resource as one key (`type`, `description`,
 * `status_reason`, `label:x`, `tag:x`); undefined when the rule does not group.
 */
export function groupKeyOf(rule: Pick<RuleRow, 'group_by'>, r: EventResource): string | undefined {
  if (!rule.group_by?.length) return undefined;
  const p = r.properties;
  const values = rule.group_by.map((field) => {
    if (field.startsWith('label:')) return mapValue(p.labels, field.slice('label:'.length));
    if (field.startsWith('tag:')) return mapValue(p.tags, field.slice('tag:'.length));
    return text(p[field]);
  });
  return JSON.stringify([r.type, ...values]);
}

/**
 * Holds a notification for wait_for in its group: it joins the group whose first row is still
 * held and began within group_by_interval (and is sent with it), or leads a new group. Under a
 * lock per rule and key, so a burst of events makes one group, not several.
 */
export async function holdInGroup(
  db: Db,
  entry: HistoryEntry & { notBefore: Date },
  rule: Pick<RuleRow, 'id' | 'group_by_interval'>,
  groupKey: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`group:${rule.id}:${groupKey}`]);
    const { rows } = await tx.query<{ id: string; not_before: Date }>(
      `SELECT id, not_before FROM notification_send_history
       WHERE notification_id = $1 AND group_key = $2 AND status = 'pending' AND group_id = id
         AND created_at > now() - make_interval(secs => $3::float8 / 1000)
       ORDER BY created_at LIMIT 1`,
      [rule.id, groupKey, groupByIntervalMs(rule)],
    );
    const leader = rows[0];
    if (leader) {
      await insertHistory(tx, {
        ...entry,
        groupKey,
        groupId: leader.id,
        notBefore: new Date(leader.not_before),
      });
      return;
    }
    const id = crypto.randomUUID();
    await insertHistory(tx, { ...entry, id, groupKey, groupId: id });
  });
}
