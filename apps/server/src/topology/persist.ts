import crypto from 'node:crypto';
import type { Queryable } from '../db/types.js';
import type { DesiredComponent } from './build.js';
import { selectComponents } from './component-selector.js';

export type PersistResult = { created: number; updated: number; deleted: number; warnings: string[] };

type Existing = { id: string; spec_key: string | null; deleted_at: Date | null };
type Row = {
  id: string;
  parent_id: string | null;
  path: string;
  is_leaf: boolean;
  node: DesiredComponent;
};

/** The desired tree as rows, reusing the ids of stored components with the same key. */
function flatten(root: DesiredComponent, existing: Existing[]): Row[] {
  const byKey = new Map<string, Existing>();
  for (const e of existing) {
    if (!e.spec_key) continue;
    const prev = byKey.get(e.spec_key);
    // A live row wins over a soft-deleted one with the same key.
    if (!prev || (prev.deleted_at && !e.deleted_at)) byKey.set(e.spec_key, e);
  }
  const rows: Row[] = [];
  const walk = (node: DesiredComponent, parentId: string | null, ancestors: string[]) => {
    const id = byKey.get(node.key)?.id ?? crypto.randomUUID();
    rows.push({
      id,
      parent_id: parentId,
      path: ancestors.join('.'),
      is_leaf: node.children.length === 0,
      node,
    });
    for (const c of node.children) walk(c, id, [...ancestors, id]);
  };
  walk(root, null, []);
  return rows;
}

const COLUMNS = `id uuid, topology_id uuid, parent_id uuid, path text, is_leaf boolean, spec_key text, name text,
  title text, text text, tooltip text, type text, icon text, namespace text, owner text, labels jsonb,
  hidden boolean, external_id text, config_id uuid, agent_id uuid, properties jsonb, log_selectors jsonb,
  spec_status text, spec_status_reason text, status_expr text`;
const NAMES =
  'parent_id, path, spec_key, name, title, text, tooltip, type, icon, namespace, owner, labels, hidden, external_id, config_id, agent_id, properties, log_selectors, spec_status, spec_status_reason, status_expr';

/**
 * Writes a topology's desired tree: creates new components, updates changed ones, revives
 * ones that come back, soft-deletes the rest, and brings the check, config, team and
 * component links in line. Manual config links (selector_id 'manual') are never removed.
 */
export async function persistTopology(
  tx: Queryable,
  topologyId: string,
  root: DesiredComponent,
): Promise<PersistResult> {
  const warnings: string[] = [];
  const { rows: existing } = await tx.query<Existing>(
    'SELECT id, spec_key, deleted_at FROM components WHERE topology_id = $1',
    [topologyId],
  );
  const liveBefore = new Set(existing.filter((e) => !e.deleted_at).map((e) => e.id));
  const rows = flatten(root, existing);
  const payload = rows.map((r) => ({
    id: r.id,
    topology_id: topologyId,
    parent_id: r.parent_id,
    path: r.path,
    is_leaf: r.is_leaf,
    spec_key: r.node.key,
    name: r.node.name,
    title: r.node.title,
    text: r.node.text,
    tooltip: r.node.tooltip,
    type: r.node.type,
    icon: r.node.icon,
    namespace: r.node.namespace,
    owner: r.node.owner,
    labels: r.node.labels,
    hidden: r.node.hidden,
    external_id: r.node.externalId,
    config_id: r.node.configId,
    agent_id: r.node.agentId,
    properties: r.node.properties,
    log_selectors: r.node.logSelectors,
    spec_status: r.node.status,
    spec_status_reason: r.node.statusReason,
    status_expr: r.node.statusExpr,
  }));
  const excluded = NAMES.split(', ').map((n) => `excluded.${n}`);
  const { rows: written } = await tx.query<{ id: string }>(
    `INSERT INTO components (id, topology_id, is_leaf, ${NAMES})
     SELECT id, topology_id, is_leaf, ${NAMES} FROM jsonb_to_recordset($1::jsonb) AS r(${COLUMNS})
     ON CONFLICT (id) DO UPDATE SET ${NAMES.split(', ')
       .map((n) => `${n} = excluded.${n}`)
       .join(', ')}, deleted_at = NULL, updated_at = now()
     WHERE components.deleted_at IS NOT NULL
       OR (${NAMES.split(', ')
         .map((n) => `components.${n}`)
         .join(', ')}) IS DISTINCT FROM (${excluded.join(', ')})
     RETURNING id`,
    [JSON.stringify(payload)],
  );
  const created = written.filter((w) => !liveBefore.has(w.id)).length;
  const ids = rows.map((r) => r.id);
  const { rows: gone } = await tx.query<{ id: string }>(
    `UPDATE components SET deleted_at = now(), updated_at = now()
     WHERE topology_id = $1 AND deleted_at IS NULL AND NOT (id = ANY ($2::uuid[])) RETURNING id`,
    [topologyId, ids],
  );

  await syncCheckLinks(tx, topologyId, rows);
  await syncConfigLinks(tx, topologyId, rows);
  warnings.push(...(await syncTeams(tx, topologyId, rows)));
  await syncComponentLinks(tx, topologyId, rows);
  return { created, updated: written.length - created, deleted: gone.length, warnings };
}

async function syncCheckLinks(tx: Queryable, topologyId: string, rows: Row[]): Promise<void> {
  const links = new Map<
    string,
    { component_id: string; check_id: string; canary_id: string; selector_id: string }
  >();
  for (const r of rows) {
    for (const l of r.node.checkLinks) {
      links.set(`${r.id}/${l.checkId}`, {
        component_id: r.id,
        check_id: l.checkId,
        canary_id: l.canaryId,
        selector_id: l.selectorId,
      });
    }
  }
  const list = [...links.values()];
  await tx.query(
    `INSERT INTO check_component_relationships (component_id, check_id, canary_id, selector_id)
     SELECT component_id, check_id, canary_id, selector_id
     FROM jsonb_to_recordset($1::jsonb) AS r(component_id uuid, check_id uuid, canary_id uuid, selector_id text)
     ON CONFLICT (component_id, check_id) DO UPDATE SET selector_id = excluded.selector_id,
       canary_id = excluded.canary_id, deleted_at = NULL, updated_at = now()
     WHERE check_component_relationships.deleted_at IS NOT NULL
       OR check_component_relationships.selector_id IS DISTINCT FROM excluded.selector_id`,
    [JSON.stringify(list)],
  );
  await tx.query(
    `UPDATE check_component_relationships r SET deleted_at = now(), updated_at = now()
     FROM components c
     WHERE c.id = r.component_id AND c.topology_id = $1 AND r.deleted_at IS NULL AND r.selector_id <> 'manual'
       AND NOT ((r.component_id, r.check_id) IN (SELECT * FROM unnest($2::uuid[], $3::uuid[])))`,
    [topologyId, list.map((l) => l.component_id), list.map((l) => l.check_id)],
  );
}

async function syncConfigLinks(tx: Queryable, topologyId: string, rows: Row[]): Promise<void> {
  const links = new Map<string, { component_id: string; config_id: string; selector_id: string }>();
  for (const r of rows) {
    for (const l of r.node.configLinks) {
      const k = `${r.id}/${l.configId}`;
      // The lookup link (the item the component was made from) wins over a selector link.
      if (!links.has(k) || l.selectorId === 'lookup') {
        links.set(k, { component_id: r.id, config_id: l.configId, selector_id: l.selectorId });
      }
    }
  }
  const list = [...links.values()];
  await tx.query(
    `INSERT INTO config_component_relationships (component_id, config_id, selector_id)
     SELECT component_id, config_id, selector_id
     FROM jsonb_to_recordset($1::jsonb) AS r(component_id uuid, config_id uuid, selector_id text)
     ON CONFLICT (component_id, config_id) DO UPDATE SET deleted_at = NULL,
       selector_id = CASE WHEN config_component_relationships.selector_id = 'manual'
         AND config_component_relationships.deleted_at IS NULL THEN 'manual' ELSE excluded.selector_id END
     WHERE config_component_relationships.deleted_at IS NOT NULL
       OR (config_component_relationships.selector_id <> 'manual'
         AND config_component_relationships.selector_id IS DISTINCT FROM excluded.selector_id)`,
    [JSON.stringify(list)],
  );
  await tx.query(
    `UPDATE config_component_relationships r SET deleted_at = now()
     FROM components c
     WHERE c.id = r.component_id AND c.topology_id = $1 AND r.deleted_at IS NULL AND r.selector_id <> 'manual'
       AND NOT ((r.component_id, r.config_id) IN (SELECT * FROM unnest($2::uuid[], $3::uuid[])))`,
    [topologyId, list.map((l) => l.component_id), list.map((l) => l.config_id)],
  );
}

const TEAM_SELECTOR = 'topology';

async function syncTeams(tx: Queryable, topologyId: string, rows: Row[]): Promise<string[]> {
  const names = [...new Set(rows.flatMap((r) => r.node.teams))];
  const { rows: teams } = await tx.query<{ id: string; name: string }>(
    'SELECT id, name FROM teams WHERE deleted_at IS NULL AND lower(name) = ANY ($1::text[]) ORDER BY name',
    [names.map((n) => n.toLowerCase())],
  );
  // Exact names first, then case-insensitively ('payments' from a label finds team Payments).
  const exact = new Map(teams.map((t) => [t.name, t.id]));
  const folded = new Map(teams.map((t) => [t.name.toLowerCase(), t.id]));
  const byName = new Map(
    names.flatMap((n) => {
      const id = exact.get(n) ?? folded.get(n.toLowerCase());
      return id ? [[n, id] as const] : [];
    }),
  );
  const warnings = names.filter((n) => !byName.has(n)).map((n) => `team ${n} does not exist`);
  const pairs: { team_id: string; component_id: string }[] = [];
  for (const r of rows) {
    for (const n of r.node.teams) {
      const teamId = byName.get(n);
      if (teamId) pairs.push({ team_id: teamId, component_id: r.id });
    }
  }
  await tx.query(
    `DELETE FROM team_components tc USING components c
     WHERE c.id = tc.component_id AND c.topology_id = $1 AND tc.selector_id = $4
       AND NOT ((tc.team_id, tc.component_id) IN (SELECT * FROM unnest($2::uuid[], $3::uuid[])))`,
    [topologyId, pairs.map((p) => p.team_id), pairs.map((p) => p.component_id), TEAM_SELECTOR],
  );
  await tx.query(
    `INSERT INTO team_components (team_id, component_id, selector_id)
     SELECT team_id, component_id, $2 FROM jsonb_to_recordset($1::jsonb) AS r(team_id uuid, component_id uuid)
     ON CONFLICT (team_id, component_id) DO NOTHING`,
    [JSON.stringify(pairs), TEAM_SELECTOR],
  );
  return warnings;
}

/** Components matched by `selectors` (in any topology) become related components. */
async function syncComponentLinks(tx: Queryable, topologyId: string, rows: Row[]): Promise<void> {
  const byPair = new Map<string, { component_id: string; relationship_id: string; selector_id: string }>();
  for (const r of rows) {
    for (const { selector, selectorId } of r.node.selectors) {
      for (const found of await selectComponents(tx, r.id, selector)) {
        byPair.set(`${r.id}/${found}`, {
          component_id: r.id,
          relationship_id: found,
          selector_id: selectorId,
        });
      }
    }
  }
  const links = [...byPair.values()];
  await tx.query(
    `INSERT INTO component_relationships (component_id, relationship_id, selector_id)
     SELECT component_id, relationship_id, selector_id
     FROM jsonb_to_recordset($1::jsonb) AS r(component_id uuid, relationship_id uuid, selector_id text)
     ON CONFLICT (component_id, relationship_id) DO UPDATE SET selector_id = excluded.selector_id,
       deleted_at = NULL, updated_at = now()
     WHERE component_relationships.deleted_at IS NOT NULL
       OR component_relationships.selector_id IS DISTINCT FROM excluded.selector_id`,
    [JSON.stringify(links)],
  );
  await tx.query(
    `UPDATE component_relationships r SET deleted_at = now(), updated_at = now()
     FROM components c
     WHERE c.id = r.component_id AND c.topology_id = $1 AND r.deleted_at IS NULL
       AND NOT ((r.component_id, r.relationship_id) IN (SELECT * FROM unnest($2::uuid[], $3::uuid[])))`,
    [topologyId, links.map((l) => l.component_id), links.map((l) => l.relationship_id)],
  );
}
