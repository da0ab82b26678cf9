import type { ServerContext } from '../context.js';
import type { DomainEvent } from '../platform/domain.js';
import { throughConstraints } from './constraints.js';
import { CURRENT_HEALTH_SQL, resourceOfEvent, type EventResource } from './event-resource.js';
import { eventScope } from './event-scope.js';
import { passesFilter } from './filter.js';
import { recipientsOf } from './recipients.js';
import { resolveRecipientRef } from './recipient-ref.js';
import { parseRules, ruleResting, RULES_JSON_SQL, storeRuleError, type RuleRow } from './rule.js';
import { holdable, MAINTENANCE_HOLD_SQL, type MaintenanceHold } from './maintenance-hold.js';
import { SILENCE_CANDIDATES_SQL, silenceParams } from './silences.js';

/**
 * The rules listening to the event, whether its resource still exists, and the silences that
 * may match it: one round trip per event.
 */
async function eventFacts(
  ctx: ServerContext,
  name: string,
  r: EventResource,
): Promise<{ rules: RuleRow[]; exists: boolean; silences: unknown[]; hold: MaintenanceHold | null }> {
  const { rows } = await ctx.db.query<{
    rules: unknown[];
    health: string | null;
    silences: unknown[] | null;
    hold: MaintenanceHold | null;
  }>(
    `SELECT (${RULES_JSON_SQL('$4')}) AS rules, (${CURRENT_HEALTH_SQL[r.type]}) AS health,
       (SELECT coalesce(json_agg(c), '[]'::json) FROM (${SILENCE_CANDIDATES_SQL}) c) AS silences,
       ${holdable(r) ? MAINTENANCE_HOLD_SQL('$1') : 'NULL::json'} AS hold`,
    [...silenceParams(r), name],
  );
  const row = rows[0];
  return {
    rules: parseRules(row?.rules ?? []),
    exists: row?.health != null,
    silences: row?.silences ?? [],
    hold: row?.hold ?? null,
  };
}

/**
 * The rule with its team or person, when it was named before it existed and exists now; when it
 * still does not, the rule's error says so ("team sre not found") and the event is not sent.
 */
async function withResolvedRecipient(ctx: ServerContext, rule: RuleRow): Promise<RuleRow | undefined> {
  if (!rule.recipient_ref) return rule;
  const resolved = await resolveRecipientRef(ctx.db, rule.id, rule.recipient_ref);
  if ('problem' in resolved) {
    await storeRuleError(ctx.db, rule.id, resolved.problem);
    return undefined;
  }
  return { ...rule, ...resolved, recipient_ref: null, error: null, error_at: null };
}

/**
 * The handler of every check.*, config.* and component.* event: each live rule listening to
 * it whose filter matches, each of its recipients through the constraints (constraints.ts).
 */
export async function handleNotificationEvent(event: DomainEvent, ctx: ServerContext): Promise<void> {
  const resource = resourceOfEvent(event);
  if (!resource) return;
  const facts = await eventFacts(ctx, event.name, resource);
  const rules = facts.rules;
  if (rules.length === 0) return;
  const scope = eventScope(ctx, event.name, resource, facts.silences, facts.hold);
  // A deleted item's own event is about its deletion; any other event needs the resource alive.
  const exists = event.name === 'config.deleted' || facts.exists;
  const now = new Date();
  for (const listed of rules) {
    const rule = await withResolvedRecipient(ctx, listed);
    if (!rule || ruleResting(rule, now)) continue;
    if (!(await passesFilter(ctx.db, rule.id, rule.filter, scope.vars))) continue;
    for (const recipient of await recipientsOf(ctx.db, rule)) {
      if (!(await passesFilter(ctx.db, rule.id, recipient.filter, scope.vars))) continue;
      await throughConstraints(ctx, rule, scope, recipient, exists);
    }
  }
}
