import type { Queryable } from '../db/types.js';
import { evalCel } from '../expr/index.js';

export type Health = 'healthy' | 'unhealthy' | 'warning' | 'unknown';
const SEVERITY: Record<Health, number> = { unhealthy: 3, warning: 2, healthy: 1, unknown: 0 };

/** The worst of several healths: unhealthy over warning over healthy over unknown. */
export function worstHealth(values: Iterable<string | null | undefined>): Health {
  let worst: Health = 'unknown';
  for (const v of values) {
    const h = asHealth(v);
    if (SEVERITY[h] > SEVERITY[worst]) worst = h;
  }
  return worst;
}

export function asHealth(v: string | null | undefined): Health {
  return v === 'healthy' || v === 'unhealthy' || v === 'warning' ? v : 'unknown';
}

export type ComponentSummary = {
  healthy: number;
  unhealthy: number;
  warning: number;
  unknown: number;
  checks: Record<Health, number>;
  insights: Record<string, Record<string, number>>;
  incidents: Record<string, Record<string, number>>;
};

type Node = {
  id: string;
  parent_id: string | null;
  spec_status: string | null;
  spec_status_reason: string | null;
  status_expr: string | null;
  children: Node[];
};

/**
 * `statusExpr`: CEL over the summary (healthy, unhealthy, warning, unknown children; checks)
 * whose text is the status. A failing expression leaves the rolled-up status and says why.
 */
function statusFromExpr(expr: string, summary: ComponentSummary): { status?: string; error?: string } {
  try {
    const v = evalCel(expr, { summary });
    return typeof v === 'string' && v ? { status: v } : { error: `statusExpr returned ${JSON.stringify(v)}` };
  } catch (e) {
    return { error: `statusExpr failed: ${(e as Error).message.split('\n')[0]}` };
  }
}
type Cost = { cost_per_minute: number; cost_total_1d: number; cost_total_7d: number; cost_total_30d: number };
type ConfigInfo = Cost & { health: string | null; insights: { type: string; severity: string }[] };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Why a component has its status, e.g. '2 of 3 checks failing; 1 of 4 components unhealthy'. */
export function statusReason(
  status: Health,
  checks: Health[],
  configs: Health[],
  children: Health[],
): string | null {
  if (status !== 'unhealthy' && status !== 'warning') return null;
  const parts: string[] = [];
  const failing = checks.filter((c) => c === status).length;
  if (failing)
    parts.push(
      `${failing} of ${plural(checks.length, 'check')} ${status === 'unhealthy' ? 'failing' : 'warning'}`,
    );
  const badConfigs = configs.filter((c) => c === status).length;
  if (badConfigs) parts.push(`${badConfigs} of ${plural(configs.length, 'config')} ${status}`);
  const badChildren = children.filter((c) => c === status).length;
  if (badChildren) parts.push(`${badChildren} of ${plural(children.length, 'component')} ${status}`);
  return parts.join('; ') || null;
}

/**
 * Recomputes status, status reason, summary, costs and is_leaf of a topology's live
 * components from their checks, config items and children, bottom up, and writes the
 * components whose figures changed. Returns how many changed.
 */
export async function refreshStatuses(db: Queryable, topologyId: string): Promise<number> {
  const { rows: comps } = await db.query<{
    id: string;
    parent_id: string | null;
    spec_status: string | null;
    spec_status_reason: string | null;
    status_expr: string | null;
  }>(
    'SELECT id, parent_id, spec_status, spec_status_reason, status_expr FROM components WHERE topology_id = $1 AND deleted_at IS NULL',
    [topologyId],
  );
  if (comps.length === 0) return 0;
  const { rows: checkLinks } = await db.query<{
    component_id: string;
    check_id: string;
    status: string | null;
  }>(
    // A check that has not run in this process yet (status NULL) counts with its newest stored
    // result, so a fresh start shows the health the history says instead of grey cards.
    `SELECT r.component_id, k.id AS check_id,
       coalesce(k.status, (SELECT CASE WHEN s.status THEN 'healthy' ELSE 'unhealthy' END
                           FROM check_statuses s WHERE s.check_id = k.id ORDER BY s.time DESC LIMIT 1)) AS status
     FROM check_component_relationships r
     JOIN components c ON c.id = r.component_id
     JOIN checks k ON k.id = r.check_id
     WHERE c.topology_id = $1 AND c.deleted_at IS NULL AND r.deleted_at IS NULL AND k.deleted_at IS NULL`,
    [topologyId],
  );
  const { rows: configLinks } = await db.query<{
    component_id: string;
    config_id: string;
    health: string | null;
    cost_per_minute: string | null;
    cost_total_1d: string | null;
    cost_total_7d: string | null;
    cost_total_30d: string | null;
    insights: { type: string; severity: string }[] | null;
  }>(
    `SELECT r.component_id, ci.id AS config_id, ci.health, ci.cost_per_minute, ci.cost_total_1d,
       ci.cost_total_7d, ci.cost_total_30d,
       (SELECT json_agg(json_build_object('type', ca.analysis_type, 'severity', lower(ca.severity)))
        FROM config_analysis ca WHERE ca.config_id = ci.id AND ca.status = 'open') AS insights
     FROM config_component_relationships r
     JOIN components c ON c.id = r.component_id
     JOIN config_items ci ON ci.id = r.config_id
     WHERE c.topology_id = $1 AND c.deleted_at IS NULL AND r.deleted_at IS NULL AND ci.deleted_at IS NULL`,
    [topologyId],
  );

  const nodes = new Map<string, Node>(comps.map((c) => [c.id, { ...c, children: [] }]));
  for (const n of nodes.values()) if (n.parent_id) nodes.get(n.parent_id)?.children.push(n);
  const ownChecks = new Map<string, Map<string, string | null>>();
  for (const l of checkLinks) {
    const m = ownChecks.get(l.component_id) ?? new Map<string, string | null>();
    m.set(l.check_id, l.status);
    ownChecks.set(l.component_id, m);
  }
  const ownConfigs = new Map<string, Map<string, ConfigInfo>>();
  for (const l of configLinks) {
    const m = ownConfigs.get(l.component_id) ?? new Map<string, ConfigInfo>();
    m.set(l.config_id, {
      health: l.health,
      cost_per_minute: Number(l.cost_per_minute ?? 0),
      cost_total_1d: Number(l.cost_total_1d ?? 0),
      cost_total_7d: Number(l.cost_total_7d ?? 0),
      cost_total_30d: Number(l.cost_total_30d ?? 0),
      insights: l.insights ?? [],
    });
    ownConfigs.set(l.component_id, m);
  }

  type Result = {
    id: string;
    status: string;
    status_reason: string | null;
    summary: ComponentSummary;
    is_leaf: boolean;
    costs: Cost | null;
    checks: Map<string, string | null>;
    configs: Map<string, ConfigInfo>;
  };
  const results = new Map<string, Result>();
  const visit = (n: Node): Result => {
    const done = results.get(n.id);
    if (done) return done;
    const kids = n.children.map(visit);
    const own = ownChecks.get(n.id) ?? new Map<string, string | null>();
    const cfg = ownConfigs.get(n.id) ?? new Map<string, ConfigInfo>();
    // Subtree sets: a check or item linked at several levels counts once.
    const checks = new Map(own);
    const configs = new Map(cfg);
    for (const k of kids) {
      for (const [id, s] of k.checks) checks.set(id, s);
      for (const [id, c] of k.configs) configs.set(id, c);
    }
    const checkHealth = [...own.values()].map(asHealth);
    const configHealth = [...cfg.values()].map((c) => asHealth(c.health));
    const childHealth = kids.map((k) => asHealth(k.status));
    const given = n.spec_status ? [asHealth(n.spec_status)] : [];
    let status: string = worstHealth([...given, ...checkHealth, ...configHealth, ...childHealth]);
    const summary: ComponentSummary = {
      healthy: 0,
      unhealthy: 0,
      warning: 0,
      unknown: 0,
      checks: { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 },
      insights: {},
      incidents: {},
    };
    for (const h of childHealth) summary[h]++;
    for (const s of checks.values()) summary.checks[asHealth(s)]++;
    let costs: Cost | null = null;
    for (const c of configs.values()) {
      for (const i of c.insights) {
        const byType = (summary.insights[i.type] ??= {});
        byType[i.severity] = (byType[i.severity] ?? 0) + 1;
      }
      if (c.cost_per_minute || c.cost_total_1d || c.cost_total_7d || c.cost_total_30d) {
        costs ??= { cost_per_minute: 0, cost_total_1d: 0, cost_total_7d: 0, cost_total_30d: 0 };
        costs.cost_per_minute += c.cost_per_minute;
        costs.cost_total_1d += c.cost_total_1d;
        costs.cost_total_7d += c.cost_total_7d;
        costs.cost_total_30d += c.cost_total_30d;
      }
    }
    let reason =
      (n.spec_status && status === asHealth(n.spec_status) ? n.spec_status_reason : null) ??
      statusReason(asHealth(status), checkHealth, configHealth, childHealth);
    if (n.status_expr) {
      const out = statusFromExpr(n.status_expr, summary);
      if (out.status) status = out.status;
      else reason = out.error ?? reason;
    }
    const r: Result = {
      id: n.id,
      status,
      status_reason: reason,
      summary,
      is_leaf: kids.length === 0,
      costs,
      checks,
      configs,
    };
    results.set(n.id, r);
    return r;
  };
  for (const n of nodes.values()) if (!n.parent_id || !nodes.has(n.parent_id)) visit(n);

  const payload = [...results.values()].map((r) => ({
    id: r.id,
    status: r.status,
    health: asHealth(r.status),
    status_reason: r.status_reason,
    summary: r.summary,
    is_leaf: r.is_leaf,
    cost_per_minute: r.costs?.cost_per_minute ?? null,
    cost_total_1d: r.costs?.cost_total_1d ?? null,
    cost_total_7d: r.costs?.cost_total_7d ?? null,
    cost_total_30d: r.costs?.cost_total_30d ?? null,
  }));
  const { rows } = await db.query<{ id: string }>(
    `UPDATE components c SET status = r.status, health = r.health, status_reason = r.status_reason,
       summary = r.summary, is_leaf = r.is_leaf, cost_per_minute = r.cost_per_minute,
       cost_total_1d = r.cost_total_1d, cost_total_7d = r.cost_total_7d, cost_total_30d = r.cost_total_30d,
       updated_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, status text, health text, status_reason text, summary jsonb,
       is_leaf boolean, cost_per_minute numeric, cost_total_1d numeric, cost_total_7d numeric, cost_total_30d numeric)
     WHERE c.id = r.id AND (c.status, c.health, c.status_reason, c.summary, c.is_leaf, c.cost_per_minute,
       c.cost_total_1d, c.cost_total_7d, c.cost_total_30d)
       IS DISTINCT FROM (r.status, r.health, r.status_reason, r.summary, r.is_leaf, r.cost_per_minute::numeric(16, 4),
       r.cost_total_1d::numeric(16, 4), r.cost_total_7d::numeric(16, 4), r.cost_total_30d::numeric(16, 4))
     RETURNING c.id`,
    [JSON.stringify(payload)],
  );
  return rows.length;
}
