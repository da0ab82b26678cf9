import { INCIDENT_SEVERITIES, INCIDENT_TYPES, parseDuration, type IncidentRuleSpec } from '@opsdeck/shared';
import type { Db, Queryable } from '../db/types.js';
import { inTimeRange, renderTemplate } from '../expr/index.js';
import { globMatch, matchesLabels, parseLabelSelector } from '../selectors.js';

type RuleRow = { id: string; name: string; spec: IncidentRuleSpec; created_by: string | null };
type ComponentRow = {
  id: string;
  name: string;
  namespace: string | null;
  type: string | null;
  status: string;
  status_reason: string | null;
  labels: Record<string, string> | null;
  agent_id: string;
};
type Selector = NonNullable<IncidentRuleSpec['components']>[number];

export type RulesOutcome = { opened: string[]; autoResolved: number; autoClosed: number };

/** Live incidents: the ones a rule must not open again for the same component. */
const LIVE = `('new', 'open', 'investigating', 'mitigated')`;

function selects(s: Selector, c: ComponentRow): boolean {
  if (s.id && s.id !== c.id) return false;
  if (s.name && !globMatch(s.name, c.name)) return false;
  if (s.namespace && s.namespace !== (c.namespace ?? '')) return false;
  if (s.types?.length && !s.types.includes(c.type ?? '')) return false;
  if (s.agent && s.agent !== c.agent_id) return false;
  if (s.labelSelector && !matchesLabels(c.labels, parseLabelSelector(s.labelSelector))) return false;
  return true;
}

function withinHours(spec: IncidentRuleSpec, now: Date): boolean {
  const hours = spec.hoursOfOperation ?? [];
  if (hours.length === 0) return true;
  return hours.some((h) => inTimeRange(now, h.start, h.end) !== Boolean(h.negate));
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined, fallback: T): T {
  const v = value?.trim();
  return v && (values as readonly string[]).includes(v) ? (v as T) : fallback;
}

/** A template field, rendered as a Go template over the component (`{{ .component.name }}`). */
function field(text: string | undefined, c: ComponentRow): string | undefined {
  if (text === undefined) return undefined;
  try {
    return renderTemplate(text, { component: c });
  } catch {
    return text;
  }
}

/** A person named by id or email in a template, if one exists. */
async function personOf(db: Queryable, ref: string | undefined): Promise<string | null> {
  if (!ref) return null;
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM people WHERE deleted_at IS NULL AND (id::text = $1 OR lower(email) = lower($1)) LIMIT 1`,
    [ref],
  );
  return rows[0]?.id ?? null;
}

/**
 * Opens the rule's incident for a component unless a live incident of that rule already holds
 * evidence for it: an incident from the template (title "{component} is {status}" by
 * default), a root hypothesis with a factor under it, and topology evidence on the factor
 * marked as definition of done with the default topology script, so the incident resolves
 * itself once the component is healthy again. Serialised per rule and component by an
 * advisory lock, so two processes open it once.
 */
async function openFor(db: Queryable, rule: RuleRow, c: ComponentRow): Promise<string | undefined> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('incident-rule:' || $1 || ':' || $2))`, [
    rule.id,
    c.id,
  ]);
  const { rows: held } = await db.query(
    `SELECT 1 FROM incidents i JOIN hypotheses h ON h.incident_id = i.id JOIN evidences e ON e.hypothesis_id = h.id
     WHERE i.incident_rule_id = $1 AND e.component_id = $2 AND i.status IN ${LIVE} LIMIT 1`,
    [rule.id, c.id],
  );
  if (held.length > 0) return undefined;
  const t = rule.spec.template ?? {};
  const title = field(t.title, c) || `${c.name} is ${c.status}`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO incidents (incident_rule_id, title, description, type, severity, status, created_by,
       commander_id, communicator_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      rule.id,
      title,
      field(t.description, c) ?? c.status_reason ?? '',
      oneOf(INCIDENT_TYPES, t.type, 'availability'),
      oneOf(INCIDENT_SEVERITIES, t.severity?.toLowerCase(), 'low'),
      oneOf(['new', 'open', 'investigating'] as const, t.status, 'open'),
      await personOf(db, t.created_by),
      await personOf(db, t.commander_id),
      await personOf(db, t.communicator_id),
    ],
  );
  const incidentId = rows[0]!.id;
  const { rows: hyp } = await db.query<{ id: string }>(
    `WITH root AS (INSERT INTO hypotheses (incident_id, type, title) VALUES ($1, 'root', $2) RETURNING id)
     INSERT INTO hypotheses (incident_id, parent_id, type, title) SELECT $1, id, 'factor', $2 FROM root RETURNING id`,
    [incidentId, title],
  );
  await db.query(
    `INSERT INTO evidences (hypothesis_id, type, description, component_id, definition_of_done, script)
     VALUES ($1, 'topology', $2, $3, true, $4)`,
    [hyp[0]!.id, `${c.name} is ${c.status}`, c.id, `component.status == 'healthy'`],
  );
  return incidentId;
}

/**
 * One pass of every live incident rule (the IncidentRules job): components whose status is in
 * a rule's `filter.status` and that one of its selectors picks get an incident, within the
 * rule's hours of operation; `breakOnMatch` keeps later rules (by `priority`, highest first)
 * from opening another for the same component. Then `autoResolve` resolves a rule's live
 * incidents that are older than its timeout and whose components are all healthy again, and
 * `autoClose` closes its resolved incidents once resolved for longer than its timeout.
 * `componentId` runs the rules for that component only.
 */
export async function runIncidentRules(
  db: Db,
  options: { now?: Date; componentId?: string } = {},
): Promise<RulesOutcome> {
  const { rows: rules } = await db.query<RuleRow>(
    `SELECT id, name, spec, created_by FROM incident_rules WHERE deleted_at IS NULL
     ORDER BY coalesce((spec->>'priority')::int, 0) DESC, name`,
  );
  const now = options.now ?? new Date();
  const out: RulesOutcome = { opened: [], autoResolved: 0, autoClosed: 0 };
  if (rules.length === 0) return out;
  const statuses = [...new Set(rules.flatMap((r) => r.spec.filter?.status ?? []))];
  const { rows: components } = await db.query<ComponentRow>(
    `SELECT id, name, namespace, type, status, status_reason, labels, agent_id FROM components
     WHERE deleted_at IS NULL AND status = ANY ($1::text[]) AND ($2::uuid IS NULL OR id = $2)`,
    [statuses, options.componentId ?? null],
  );
  for (const c of components) {
    for (const rule of rules) {
      const spec = rule.spec;
      if (!(spec.filter?.status ?? []).includes(c.status)) continue;
      if (!(spec.components ?? []).some((s) => selects(s, c))) continue;
      if (!withinHours(spec, now)) continue;
      const opened = await db.transaction((tx) => openFor(tx, rule, c));
      if (opened) out.opened.push(opened);
      if (spec.breakOnMatch) break;
    }
  }
  // One component's event only opens; the timeouts are the job's.
  if (options.componentId) return out;
  for (const rule of rules) {
    const resolveAfter = rule.spec.autoResolve ? parseDuration(rule.spec.autoResolve.timeout) : undefined;
    if (resolveAfter) {
      const r = await db.query(
        `UPDATE incidents i SET status = 'resolved'
         WHERE i.incident_rule_id = $1 AND i.status IN ${LIVE} AND i.created_at < $2::timestamptz - make_interval(secs => $3)
           AND NOT EXISTS (SELECT 1 FROM hypotheses h JOIN evidences e ON e.hypothesis_id = h.id
             JOIN components co ON co.id = e.component_id
             WHERE h.incident_id = i.id AND co.status <> 'healthy')`,
        [rule.id, now.toISOString(), resolveAfter / 1000],
      );
      out.autoResolved += r.affectedRows;
    }
    const closeAfter = rule.spec.autoClose ? parseDuration(rule.spec.autoClose.timeout) : undefined;
    if (closeAfter) {
      const r = await db.query(
        `UPDATE incidents SET status = 'closed'
         WHERE incident_rule_id = $1 AND status = 'resolved' AND resolved < $2::timestamptz - make_interval(secs => $3)`,
        [rule.id, now.toISOString(), closeAfter / 1000],
      );
      out.autoClosed += r.affectedRows;
    }
  }
  return out;
}
