import { INCIDENT_SEVERITIES, INCIDENT_TYPES, parseDuration, type IncidentRuleSpec } from '@opsdeck/shared';
import type { Db, Queryable } from '../db/types.js';
import { inTimeRange, renderTemplate } from '../expr/index.js';
import { globMatch, matchesLabels, parseLabelSelector } from '../selectors.js';

type RuleRow = { id: string; name: string; spec: IncidentRuleSpec; created_by: string | null };
type Selector = NonNullable<IncidentRuleSpec['components']>[number];

/** What a rule can watch: the spec key of its selectors, and how the resource becomes evidence. */
export type WatchedKind = 'component' | 'check' | 'config';

type KindInfo = {
  specKey: 'components' | 'checks' | 'configs';
  /** id, name, namespace, type, status (the health the filter compares), reason, labels, tags, agent_id. */
  sql: string;
  evidenceType: string;
  evidenceColumn: string;
  /** The definition-of-done script: the resource is healthy again. */
  script: string;
  /** A scalar subquery of `e.<column>`: the resource's health now. */
  healthNow: string;
};

const KINDS: Readonly<Record<WatchedKind, KindInfo>> = {
  component: {
    specKey: 'components',
    sql: `SELECT id, name, namespace, type, status, status_reason AS reason, labels, '{}'::jsonb AS tags, agent_id
      FROM components WHERE deleted_at IS NULL`,
    evidenceType: 'topology',
    evidenceColumn: 'component_id',
    script: `component.status == 'healthy'`,
    healthNow: `(SELECT status FROM components WHERE id = e.component_id)`,
  },
  check: {
    specKey: 'checks',
    sql: `SELECT id, name, namespace, type, status, NULL::text AS reason, labels, '{}'::jsonb AS tags, agent_id
      FROM checks WHERE deleted_at IS NULL`,
    evidenceType: 'check',
    evidenceColumn: 'check_id',
    script: `check.status == 'healthy'`,
    healthNow: `(SELECT status FROM checks WHERE id = e.check_id)`,
  },
  config: {
    specKey: 'configs',
    sql: `SELECT id, coalesce(name, '') AS name, coalesce(namespace, tags->>'namespace') AS namespace, type, health AS status, status AS reason, labels, tags, agent_id
      FROM config_items WHERE deleted_at IS NULL`,
    evidenceType: 'config',
    evidenceColumn: 'config_id',
    script: `config.health == 'healthy'`,
    healthNow: `(SELECT health FROM config_items WHERE id = e.config_id)`,
  },
};

type ResourceRow = {
  id: string;
  name: string;
  namespace: string | null;
  type: string | null;
  status: string | null;
  reason: string | null;
  labels: Record<string, string> | null;
  tags: Record<string, string> | null;
  agent_id: string;
};
type Candidate = { kind: WatchedKind; row: ResourceRow };

export type RulesOutcome = { opened: string[]; autoResolved: number; autoClosed: number };

/** Live incidents: the ones a rule must not open again for the same resource. */
const LIVE = `('new', 'open', 'investigating', 'mitigated')`;

function selects(s: Selector, r: ResourceRow): boolean {
  if (s.id && s.id !== r.id) return false;
  if (s.name && !globMatch(s.name, r.name)) return false;
  if (s.namespace && s.namespace !== (r.namespace ?? '')) return false;
  if (s.types?.length && !s.types.includes(r.type ?? '')) return false;
  if (s.agent && s.agent !== r.agent_id) return false;
  if (s.labelSelector && !matchesLabels(r.labels, parseLabelSelector(s.labelSelector))) return false;
  if (s.tagSelector && !matchesLabels(r.tags, parseLabelSelector(s.tagSelector))) return false;
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

/** A template field, rendered as a Go template over the resource (`{{ .component.name }}`). */
function field(text: string | undefined, c: Candidate): string | undefined {
  if (text === undefined) return undefined;
  try {
    return renderTemplate(text, { [c.kind]: c.row, resource: c.row });
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
 * Opens the rule's incident for a resource unless a live incident of that rule already holds
 * evidence for it: an incident from the template (title "{name} is {status}" by default), a
 * root hypothesis with a factor under it, and evidence of the resource on the factor (topology
 * for a component, check, config) marked as definition of done with a script that passes once
 * the resource is healthy again, so the incident resolves itself. Serialised per rule and
 * resource by an advisory lock, so two processes open it once.
 */
async function openFor(db: Queryable, rule: RuleRow, c: Candidate): Promise<string | undefined> {
  const info = KINDS[c.kind];
  const r = c.row;
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('incident-rule:' || $1 || ':' || $2))`, [
    rule.id,
    r.id,
  ]);
  const { rows: held } = await db.query(
    `SELECT 1 FROM incidents i JOIN hypotheses h ON h.incident_id = i.id JOIN evidences e ON e.hypothesis_id = h.id
     WHERE i.incident_rule_id = $1 AND e.${info.evidenceColumn} = $2 AND i.status IN ${LIVE} LIMIT 1`,
    [rule.id, r.id],
  );
  if (held.length > 0) return undefined;
  const t = rule.spec.template ?? {};
  const title = field(t.title, c) || `${r.name} is ${r.status ?? 'unknown'}`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO incidents (incident_rule_id, title, description, type, severity, status, created_by,
       commander_id, communicator_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      rule.id,
      title,
      field(t.description, c) ?? r.reason ?? '',
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
    `INSERT INTO evidences (hypothesis_id, type, description, ${info.evidenceColumn}, definition_of_done, script)
     VALUES ($1, $2, $3, $4, true, $5)`,
    [hyp[0]!.id, info.evidenceType, `${r.name} is ${r.status ?? 'unknown'}`, r.id, info.script],
  );
  return incidentId;
}

/** The resources some rule's filter and selectors may pick (one kind, or one resource of it). */
async function candidates(
  db: Queryable,
  rules: RuleRow[],
  only: { kind: WatchedKind; id: string } | undefined,
  now: Date,
): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const kind of Object.keys(KINDS) as WatchedKind[]) {
    if (only && only.kind !== kind) continue;
    const info = KINDS[kind];
    const watching = rules.filter((r) => (r.spec[info.specKey] ?? []).length > 0);
    const statuses = [...new Set(watching.flatMap((r) => r.spec.filter?.status ?? []))];
    if (statuses.length === 0) continue;
    // A resource under a maintenance window (docs/maintenance.md) gets no incident meanwhile.
    const { rows } = await db.query<ResourceRow>(
      `SELECT * FROM (${info.sql}) r WHERE status = ANY ($1::text[]) AND ($2::uuid IS NULL OR id = $2)
         AND NOT EXISTS (SELECT 1 FROM maintenance_resources m
           WHERE m.resource_id = r.id AND m.starts_at <= $3 AND m.ends_at > $3)`,
      [statuses, only?.id ?? null, now.toISOString()],
    );
    out.push(...rows.map((row) => ({ kind, row })));
  }
  return out;
}

/**
 * One pass of every live incident rule (the IncidentRules job): components, checks and catalog
 * items whose status (health, for items) is in a rule's `filter.status` and that one of its
 * `components` / `checks` / `configs` selectors picks get an incident, within the rule's hours
 * of operation; `breakOnMatch` keeps later rules (by `priority`, highest first) from opening
 * another for the same resource. Then `autoResolve` resolves a rule's live incidents that are
 * older than its timeout and whose resources are all healthy again, and `autoClose` closes its
 * resolved incidents once resolved for longer than its timeout. `only` runs the rules for one
 * resource (its health event).
 */
export async function runIncidentRules(
  db: Db,
  options: { now?: Date; only?: { kind: WatchedKind; id: string } } = {},
): Promise<RulesOutcome> {
  const now = options.now ?? new Date();
  const out: RulesOutcome = { opened: [], autoResolved: 0, autoClosed: 0 };
  const { rows: rules } = await db.query<RuleRow>(
    `SELECT id, name, spec, created_by FROM incident_rules WHERE deleted_at IS NULL
     ORDER BY coalesce((spec->>'priority')::int, 0) DESC, name`,
  );
  if (rules.length === 0) return out;
  for (const c of await candidates(db, rules, options.only, now)) {
    for (const rule of rules) {
      const spec = rule.spec;
      if (!(spec.filter?.status ?? []).includes(c.row.status ?? '')) continue;
      if (!(spec[KINDS[c.kind].specKey] ?? []).some((s) => selects(s, c.row))) continue;
      if (!withinHours(spec, now)) continue;
      const opened = await db.transaction((tx) => openFor(tx, rule, c));
      if (opened) out.opened.push(opened);
      if (spec.breakOnMatch) break;
    }
  }
  // One resource's event only opens; the timeouts are the job's.
  if (options.only) return out;
  const healthNow = Object.values(KINDS)
    .map((k) => `coalesce(${k.healthNow}, 'healthy')`)
    .join(', ');
  for (const rule of rules) {
    const resolveAfter = rule.spec.autoResolve ? parseDuration(rule.spec.autoResolve.timeout) : undefined;
    if (resolveAfter) {
      const r = await db.query(
        `UPDATE incidents i SET status = 'resolved'
         WHERE i.incident_rule_id = $1 AND i.status IN ${LIVE} AND i.created_at < $2::timestamptz - make_interval(secs => $3)
           AND NOT EXISTS (SELECT 1 FROM hypotheses h JOIN evidences e ON e.hypothesis_id = h.id
             WHERE h.incident_id = i.id AND EXISTS (SELECT 1 FROM unnest(ARRAY[${healthNow}]) s WHERE s <> 'healthy'))`,
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
