import type { Db } from '../db/types.js';
import { configDiffChange, recordChange } from './changes-record.js';
import { jsonEqual } from './merge-patch.js';
import type { ItemRef, ScrapedChange, ScrapedItem } from './types.js';

/**
 * Stores what one scrape found: items upserted by (scraper, type, external id), a `diff`
 * change when content changed, parents and paths, relationships, and source changes.
 */
export type StoredItem = { id: string; item: ScrapedItem };

export type TypeSummary = { added: number; updated: number; unchanged: number };

export type PersistResult = {
  stored: StoredItem[];
  changes: number;
  summary: Record<string, TypeSummary>;
  errors: string[];
};

type ExistingRow = { id: string; type: string; external_id: string[]; deleted_at: string | null };

const BATCH = 200;

function keyOf(type: string, externalId: string[]): string {
  return `${type}\u0000${externalId.join('\u0001')}`;
}

function rowJson(item: ScrapedItem, scraperId: string, agentId: string, id?: string) {
  return {
    id,
    scraper_id: scraperId,
    agent_id: agentId,
    external_id: item.externalId,
    type: item.type,
    config_class: item.configClass ?? null,
    name: item.name ?? null,
    namespace: item.namespace ?? null,
    description: item.description ?? null,
    status: item.status ?? null,
    health: item.health ?? null,
    ready: item.ready ?? true,
    labels: item.labels,
    tags: item.tags,
    properties: item.properties ?? [],
    config: item.config ?? null,
    cost_per_minute: item.costs?.perMinute ?? null,
    cost_total_1d: item.costs?.total1d ?? null,
    cost_total_7d: item.costs?.total7d ?? null,
    cost_total_30d: item.costs?.total30d ?? null,
    created_at: item.createdAt?.toISOString() ?? null,
    deleted_at: item.deletedAt?.toISOString() ?? null,
  };
}

const RECORD_COLUMNS = `id uuid, scraper_id uuid, agent_id uuid, external_id text[], type text, config_class text,
  name text, namespace text, description text, status text, health text, ready boolean, labels jsonb, tags jsonb,
  properties jsonb, config jsonb, cost_per_minute numeric, cost_total_1d numeric, cost_total_7d numeric,
  cost_total_30d numeric, created_at timestamptz, deleted_at timestamptz`;

async function insertItems(db: Db, rows: ReturnType<typeof rowJson>[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (rows.length === 0) return ids;
  const r = await db.query<{ id: string; type: string; external_id: string[] }>(
    `INSERT INTO config_items (scraper_id, agent_id, external_id, type, config_class, name, namespace, description,
       status, health, ready, labels, tags, properties, config, cost_per_minute, cost_total_1d, cost_total_7d,
       cost_total_30d, created_at, deleted_at, last_scraped_time)
     SELECT scraper_id, agent_id, external_id, type, config_class, name, namespace, description, status, health,
       ready, labels, tags, properties, config, cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d,
       coalesce(created_at, now()), deleted_at, now()
     FROM jsonb_to_recordset($1::jsonb) AS r(${RECORD_COLUMNS})
     RETURNING id, type, external_id`,
    [JSON.stringify(rows)],
  );
  for (const row of r.rows) ids.set(keyOf(row.type, row.external_id), row.id);
  return ids;
}

async function updateItems(
  db: Db,
  rows: ReturnType<typeof rowJson>[],
  contentChanged: boolean,
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `UPDATE config_items c SET
       external_id = r.external_id, config_class = r.config_class, name = r.name, namespace = r.namespace,
       description = r.description, status = r.status, health = r.health, ready = r.ready, labels = r.labels,
       tags = r.tags, properties = r.properties, config = r.config,
       cost_per_minute = coalesce(r.cost_per_minute, c.cost_per_minute),
       cost_total_1d = coalesce(r.cost_total_1d, c.cost_total_1d),
       cost_total_7d = coalesce(r.cost_total_7d, c.cost_total_7d),
       cost_total_30d = coalesce(r.cost_total_30d, c.cost_total_30d),
       deleted_at = r.deleted_at, last_scraped_time = now()
       ${contentChanged ? ', updated_at = now()' : ''}
     FROM jsonb_to_recordset($1::jsonb) AS r(${RECORD_COLUMNS})
     WHERE c.id = r.id`,
    [JSON.stringify(rows)],
  );
}

type Fields = Pick<
  ScrapedItem,
  'name' | 'status' | 'health' | 'labels' | 'tags' | 'description' | 'namespace' | 'configClass'
>;
type StoredFields = {
  id: string;
  config: unknown;
  name: string | null;
  status: string | null;
  health: string | null;
  labels: unknown;
  tags: unknown;
  description: string | null;
  namespace: string | null;
  config_class: string | null;
  deleted_at: string | null;
};

function sameFields(a: Fields, b: StoredFields): boolean {
  return (
    (a.name ?? null) === b.name &&
    (a.status ?? null) === b.status &&
    (a.health ?? null) === b.health &&
    (a.description ?? null) === b.description &&
    (a.namespace ?? null) === b.namespace &&
    (a.configClass ?? null) === b.config_class &&
    jsonEqual(a.labels, b.labels) &&
    jsonEqual(a.tags, b.tags)
  );
}

/** Finds item ids for references: this scrape first, then any item holding that external id. */
async function resolveRefs(
  db: Db,
  refs: ItemRef[],
  local: Map<string, { id: string; type: string }[]>,
): Promise<(ref: ItemRef) => string | undefined> {
  const missing = [...new Set(refs.filter((r) => !local.has(r.externalId)).map((r) => r.externalId))];
  const remote = new Map<string, { id: string; type: string }[]>();
  for (let i = 0; i < missing.length; i += 1000) {
    const chunk = missing.slice(i, i + 1000);
    const r = await db.query<{ id: string; type: string; eid: string }>(
      `SELECT id, type, eid FROM config_items, unnest(external_id) AS eid
       WHERE external_id && $1::text[] AND eid = ANY($1::text[]) AND deleted_at IS NULL`,
      [chunk],
    );
    for (const row of r.rows)
      remote.set(row.eid, [...(remote.get(row.eid) ?? []), { id: row.id, type: row.type }]);
  }
  return (ref) => {
    const found = local.get(ref.externalId) ?? remote.get(ref.externalId) ?? [];
    return (ref.type ? found.find((f) => f.type === ref.type) : found[0])?.id;
  };
}

async function linkParentsAndRelationships(db: Db, scraperId: string, stored: StoredItem[]): Promise<void> {
  const local = new Map<string, { id: string; type: string }[]>();
  for (const s of stored) {
    for (const eid of s.item.externalId)
      local.set(eid, [...(local.get(eid) ?? []), { id: s.id, type: s.item.type }]);
  }
  const refs = stored.flatMap((s) => [...(s.item.parent ? [s.item.parent] : []), ...s.item.relationships]);
  const find = await resolveRefs(db, refs, local);

  const parentOf = new Map<string, string | null>();
  for (const s of stored) {
    const p = s.item.parent ? find(s.item.parent) : undefined;
    parentOf.set(s.id, p && p !== s.id ? p : null);
  }
  // Paths: ancestor ids joined with dots; ancestors outside this scrape contribute their stored path.
  const outside = [...new Set([...parentOf.values()].filter((p): p is string => !!p && !parentOf.has(p)))];
  const outsidePath = new Map<string, string>();
  if (outside.length) {
    const r = await db.query<{ id: string; path: string | null }>(
      'SELECT id, path FROM config_items WHERE id = ANY($1::uuid[])',
      [outside],
    );
    for (const row of r.rows) outsidePath.set(row.id, row.path ? `${row.path}.${row.id}` : row.id);
  }
  const pathOf = new Map<string, string | null>();
  const computePath = (id: string, seen: Set<string>): string | null => {
    if (pathOf.has(id)) return pathOf.get(id) ?? null;
    const parent = parentOf.get(id);
    let path: string | null = null;
    if (parent && !seen.has(parent)) {
      seen.add(parent);
      if (parentOf.has(parent)) {
        const pp = computePath(parent, seen);
        path = pp ? `${pp}.${parent}` : parent;
      } else path = outsidePath.get(parent) ?? parent;
    }
    pathOf.set(id, path);
    return path;
  };
  const updates = stored.map((s) => ({
    id: s.id,
    parent_id: parentOf.get(s.id),
    path: computePath(s.id, new Set([s.id])),
  }));
  for (let i = 0; i < updates.length; i += 1000) {
    await db.query(
      `UPDATE config_items c SET parent_id = r.parent_id, path = r.path
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, parent_id uuid, path text)
       WHERE c.id = r.id AND (c.parent_id IS DISTINCT FROM r.parent_id OR c.path IS DISTINCT FROM r.path)`,
      [JSON.stringify(updates.slice(i, i + 1000))],
    );
  }

  const rels = new Map<string, { config_id: string; related_id: string; relation: string }>();
  for (const s of stored) {
    for (const rel of s.item.relationships) {
      const other = find(rel);
      if (!other || other === s.id) continue;
      const [from, to] = rel.direction === 'outgoing' ? [s.id, other] : [other, s.id];
      rels.set(`${from}/${to}/${rel.relation}`, { config_id: from, related_id: to, relation: rel.relation });
    }
  }
  const desired = JSON.stringify([...rels.values()]);
  await db.query(
    `INSERT INTO config_relationships (config_id, related_id, relation, selector_id)
     SELECT r.config_id, r.related_id, r.relation, $2 FROM jsonb_to_recordset($1::jsonb) AS r(config_id uuid, related_id uuid, relation text)
     ON CONFLICT (config_id, related_id, relation) DO UPDATE SET deleted_at = NULL`,
    [desired, `scraper:${scraperId}`],
  );
  await db.query(
    `UPDATE config_relationships cr SET deleted_at = now()
     WHERE cr.selector_id = $2 AND cr.deleted_at IS NULL AND NOT EXISTS (
       SELECT 1 FROM jsonb_to_recordset($1::jsonb) AS r(config_id uuid, related_id uuid, relation text)
       WHERE r.config_id = cr.config_id AND r.related_id = cr.related_id AND r.relation = cr.relation)`,
    [desired, `scraper:${scraperId}`],
  );
}

/**
 * The stored rows of these items, found on the scraper's unique key a batch at a time: a push
 * scraper holds a million items, and reading them all to compare a scrape of a few (or of none,
 * its scheduled stale check) held 230 MiB in the server (docs/benchmarks.md).
 */
async function storedRowsOf(
  db: Db,
  scraperId: string,
  items: ScrapedItem[],
): Promise<Map<string, ExistingRow>> {
  if (items.length === 0) return new Map();
  const keys = items.map((item) => ({ type: item.type, external_id: item.externalId }));
  const { rows } = await db.query<ExistingRow>(
    `SELECT c.id, c.type, c.external_id, c.deleted_at
     FROM jsonb_to_recordset($2::jsonb) AS k(type text, external_id text[])
     JOIN config_items c ON c.scraper_id = $1 AND c.type = k.type AND c.external_id = k.external_id`,
    [scraperId, JSON.stringify(keys)],
  );
  return new Map(rows.map((r) => [keyOf(r.type, r.external_id), r]));
}

/** Upserts the items of one scrape, records diff changes, links parents and relationships. */
export async function persistScrape(
  db: Db,
  scraper: { id: string; agent_id: string },
  scraped: { item: ScrapedItem; source: string }[],
  sourceChanges: { change: ScrapedChange; source: string }[],
): Promise<PersistResult> {
  const result: PersistResult = { stored: [], changes: 0, summary: {}, errors: [] };
  const unique = new Map<string, { item: ScrapedItem; source: string }>();
  for (const s of scraped) unique.set(keyOf(s.item.type, s.item.externalId), s);

  const tally = (type: string, k: keyof TypeSummary) => {
    const t = (result.summary[type] ??= { added: 0, updated: 0, unchanged: 0 });
    t[k]++;
  };

  const all = [...unique.entries()];
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all.slice(i, i + BATCH);
    const byKey = await storedRowsOf(
      db,
      scraper.id,
      batch.map(([, s]) => s.item),
    );
    const known = batch.filter(([k]) => byKey.has(k));
    const fresh = batch.filter(([k]) => !byKey.has(k));
    const ids = known.map(([k]) => byKey.get(k)?.id);
    const stored = await db.query<StoredFields>(
      `SELECT id, config, name, status, health, labels, tags, description, namespace, config_class, deleted_at
       FROM config_items WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const storedById = new Map(stored.rows.map((r) => [r.id, r]));
    const changed: ReturnType<typeof rowJson>[] = [];
    const touched: ReturnType<typeof rowJson>[] = [];
    for (const [k, { item, source }] of known) {
      const id = byKey.get(k)?.id ?? '';
      const before = storedById.get(id);
      result.stored.push({ id, item });
      const contentSame = before !== undefined && jsonEqual(before.config, item.config);
      const restored = before?.deleted_at != null && !item.deletedAt;
      if (contentSame && !restored && before && sameFields(item, before)) {
        tally(item.type, 'unchanged');
        touched.push(rowJson(item, scraper.id, scraper.agent_id, id));
        continue;
      }
      tally(item.type, 'updated');
      changed.push(rowJson(item, scraper.id, scraper.agent_id, id));
      if (!contentSame && before) {
        const change = configDiffChange(id, before.config, item.config, source);
        if (change && (await recordChange(db, change))) result.changes++;
      }
    }
    await updateItems(db, changed, true);
    await updateItems(db, touched, false);
    const inserted = await insertItems(
      db,
      fresh.map(([, { item }]) => rowJson(item, scraper.id, scraper.agent_id)),
    );
    for (const [k, { item }] of fresh) {
      const id = inserted.get(k);
      if (!id) continue;
      tally(item.type, 'added');
      result.stored.push({ id, item });
    }
  }

  await linkParentsAndRelationships(db, scraper.id, result.stored);

  if (sourceChanges.length) {
    const find = await resolveRefs(
      db,
      sourceChanges.map((c) => c.change),
      new Map(
        result.stored.flatMap((s) =>
          s.item.externalId.map((eid) => [eid, [{ id: s.id, type: s.item.type }]] as const),
        ),
      ),
    );
    for (const { change, source } of sourceChanges) {
      const configId = find(change);
      if (!configId) continue;
      const added = await recordChange(db, {
        configId,
        changeType: change.changeType,
        severity: change.severity,
        source: change.source ?? source,
        summary: change.summary,
        details: change.details,
        externalChangeId: change.externalChangeId,
        externalCreatedBy: change.externalCreatedBy,
        createdAt: change.createdAt,
        count: change.count,
      });
      if (added) result.changes++;
    }
  }
  return result;
}
