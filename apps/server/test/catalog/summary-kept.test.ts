import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSummary, type SummaryRequest, type SummaryRow } from '../../src/catalog/summary.js';
import { DB_KINDS } from '../helpers.js';
import { api, catalogServer } from './helpers.js';

/**
 * The catalog summary answers from counts kept as the items change (config_item_summary,
 * migration 208) and open insights kept with their items' columns (config_item_summary_insights,
 * 209; docs/catalog.md, Summary) when it is grouped and filtered by plain columns. Every answer
 * is compared with the live grouping of config_items after inserts, updates of each kept
 * column, cost and change-count updates, insight runs, soft and hard deletes, on random items.
 */

/** A small seeded generator: the same "random" catalog on every run. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

const SCRAPERS = ['00000000-0000-0000-0000-00000000c501', '00000000-0000-0000-0000-00000000c502'];
const AGENTS = ['00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-00000000a501'];
const TYPES = ['Kubernetes::Pod', 'Kubernetes::Node', 'AWS::S3::Bucket', 'Azure::VM'];
const CLASSES = ['Pod', 'Node', 'Bucket', null];
const STATUSES = ['Running', 'Pending', 'Stopped', null];
const HEALTHS = ['healthy', 'unhealthy', 'warning', 'unknown', null];
const NAMESPACES = ['default', 'payments', 'kube-system', null];
const COSTS = [null, null, 0, 1.25, 3.5, 12.3456, 100];

const GROUPINGS = [
  ['type'],
  ['config_class', 'type'],
  ['namespace', 'health'],
  ['agent_id', 'status'],
  ['scraper_id', 'type'],
  ['config_class', 'type', 'status', 'health', 'namespace'],
];
const FILTERS: Partial<SummaryRequest>[] = [
  {},
  { deleted: true, type: 'Kubernetes::Pod,AWS::S3::Bucket' },
  { configType: '!Azure::VM', health: 'unknown' },
  { health: ['healthy:1', 'warning:1'], deleted: true, analysis: { since: '15d' } },
  { status: 'Running:-1', changes: { since: '7d' }, analysis: { since: '1d' } },
];

describe.each(DB_KINDS)('catalog summary from kept counts (%s)', (kind) => {
  let server: Awaited<ReturnType<typeof catalogServer>>;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    server.db.query<T>(text, params);
  const rnd = generator(39);

  const summary = async (body: SummaryRequest) => {
    const r = await api<SummaryRow[]>(server, 'POST', '/api/catalog/summary', body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  /** Every grouping × filter through the API (kept) equals the live grouping of the items. */
  const expectKeptEqualsLive = async (step: string) => {
    let groups = 0;
    for (const groupBy of GROUPINGS) {
      for (const filter of FILTERS) {
        const body = { groupBy, ...filter };
        const kept = await summary(body);
        const live = await catalogSummary(server.db, body, { live: true });
        expect(kept, `${step}: ${JSON.stringify(body)}`).toEqual(live);
        groups += kept.length;
      }
    }
    // The table holds exactly a recount of the items: no stale or empty keys left behind.
    const { rows: diff } = await sql(
      `(SELECT type, config_class, status, health, namespace, agent_id, scraper_id, deleted, items, costed,
          cost_total_30d, changes_30d FROM config_item_summary
        EXCEPT
        SELECT type, config_class, status, health, namespace, agent_id, scraper_id, deleted_at IS NOT NULL,
          count(*), count(cost_total_30d), coalesce(sum(cost_total_30d), 0), sum(changes_30d)
        FROM config_items GROUP BY 1, 2, 3, 4, 5, 6, 7, 8)
       UNION ALL
       (SELECT type, config_class, status, health, namespace, agent_id, scraper_id, deleted_at IS NOT NULL,
          count(*), count(cost_total_30d), coalesce(sum(cost_total_30d), 0), sum(changes_30d)
        FROM config_items GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
        EXCEPT
        SELECT type, config_class, status, health, namespace, agent_id, scraper_id, deleted, items, costed,
          cost_total_30d, changes_30d FROM config_item_summary)`,
    );
    expect(diff, step).toEqual([]);
    // And one row per open insight, with its item's columns.
    const { rows: insightDiff } = await sql(
      `SELECT count(*)::int AS n FROM (
         (SELECT id, config_id, analysis_type, last_observed, type, config_class, status, health, namespace,
            agent_id, scraper_id, deleted FROM config_item_summary_insights
          EXCEPT
          SELECT ca.id, ca.config_id, ca.analysis_type, ca.last_observed, ci.type, ci.config_class, ci.status,
            ci.health, ci.namespace, ci.agent_id, ci.scraper_id, ci.deleted_at IS NOT NULL
          FROM config_analysis ca JOIN config_items ci ON ci.id = ca.config_id WHERE ca.status = 'open')
         UNION ALL
         (SELECT ca.id, ca.config_id, ca.analysis_type, ca.last_observed, ci.type, ci.config_class, ci.status,
            ci.health, ci.namespace, ci.agent_id, ci.scraper_id, ci.deleted_at IS NOT NULL
          FROM config_analysis ca JOIN config_items ci ON ci.id = ca.config_id WHERE ca.status = 'open'
          EXCEPT
          SELECT id, config_id, analysis_type, last_observed, type, config_class, status, health, namespace,
            agent_id, scraper_id, deleted FROM config_item_summary_insights)) d`,
    );
    expect(insightDiff, `${step}: insights`).toEqual([{ n: 0 }]);
    return groups;
  };

  /** `n` random items in one statement, as a scrape stores them. */
  const insertItems = async (n: number, prefix: string) => {
    const rows = Array.from({ length: n }, (_v, i) => ({
      scraper_id: rnd.pick([...SCRAPERS, null]),
      agent_id: rnd.pick(AGENTS),
      type: rnd.pick(TYPES),
      config_class: rnd.pick(CLASSES),
      name: `${prefix}-${i}`,
      namespace: rnd.pick(NAMESPACES),
      status: rnd.pick(STATUSES),
      health: rnd.pick(HEALTHS),
      cost_total_30d: rnd.pick(COSTS),
      changes_30d: Math.floor(rnd.next() * 5),
      deleted: rnd.next() < 0.1,
      tags: { cluster: rnd.pick(['prod', 'staging']) },
    }));
    await sql(
      `INSERT INTO config_items (scraper_id, agent_id, type, config_class, name, namespace, status, health,
         cost_total_30d, changes_30d, deleted_at, tags, external_id)
       SELECT r.scraper_id, r.agent_id, r.type, r.config_class, r.name, r.namespace, r.status, r.health,
         r.cost_total_30d, r.changes_30d, CASE WHEN r.deleted THEN now() END, r.tags, ARRAY[r.name]
       FROM jsonb_to_recordset($1::jsonb) AS r (scraper_id uuid, agent_id uuid, type text, config_class text,
         name text, namespace text, status text, health text, cost_total_30d numeric, changes_30d int,
         deleted boolean, tags jsonb)`,
      [JSON.stringify(rows)],
    );
  };

  /** Ids of about `share` of the items, drawn at random. */
  const someIds = async (share: number) => {
    const { rows } = await sql<{ id: string }>('SELECT id FROM config_items ORDER BY name');
    return rows.filter(() => rnd.next() < share).map((r) => r.id);
  };

  beforeAll(async () => {
    server = await catalogServer(kind);
    await sql(
      `INSERT INTO config_scrapers (id, name, spec) VALUES ($1, 'kept-a', '{}'), ($2, 'kept-b', '{}')`,
      SCRAPERS,
    );
    await sql(`INSERT INTO agents (id, name) VALUES ($1, 'kept-agent')`, [AGENTS[1]]);
  });
  afterAll(() => server?.close());

  // Many steps × 30 requests each: longer than the default on a busy machine.
  it(
    'equals the live grouping after inserts, column updates, cost and change counts, deletes',
    { timeout: 180_000 },
    async () => {
      await insertItems(300, 'a');
      await insertItems(1, 'single');
      expect(await expectKeptEqualsLive('inserted')).toBeGreaterThan(0);
      // Open insights of several types on many items, some observed days or weeks ago, some resolved.
      await sql(
        `INSERT INTO config_analysis (config_id, analyzer, analysis_type, status, last_observed)
       SELECT id, 'kept-' || a, (ARRAY['security', 'cost', 'reliability'])[1 + (a + length(name)) % 3],
         CASE WHEN (a + length(name)) % 5 = 0 THEN 'resolved' ELSE 'open' END,
         now() - ((a + length(name)) % 4 * 10 || ' days')::interval
       FROM config_items, generate_series(1, 3) a WHERE name LIKE 'a-1%' OR name LIKE 'a-2%' OR (name LIKE 'a-3%' AND a = 1)`,
      );
      expect(await expectKeptEqualsLive('insights recorded')).toBeGreaterThan(0);
      // What an analysis run does: upsert what it found (reopening, retyping, re-observing), resolve the rest.
      await sql(
        `INSERT INTO config_analysis (config_id, analyzer, analysis_type, status, last_observed)
       SELECT id, 'kept-1', 'performance', 'open', now() FROM config_items WHERE name LIKE 'a-1_'
       ON CONFLICT (config_id, analyzer) DO UPDATE SET analysis_type = EXCLUDED.analysis_type,
         status = 'open', last_observed = now()`,
      );
      await sql(`UPDATE config_analysis SET status = 'resolved' WHERE analyzer = 'kept-2' AND config_id IN (
                 SELECT id FROM config_items WHERE name LIKE 'a-2%')`);
      await sql(
        `UPDATE config_analysis SET status = 'open' WHERE analyzer = 'kept-3' AND status = 'resolved'`,
      );
      await sql(`UPDATE config_analysis SET config_id = (SELECT id FROM config_items WHERE name = 'single-0')
               WHERE id = (SELECT min(id::text)::uuid FROM config_analysis WHERE analyzer = 'kept-3' AND status = 'open')`);
      await sql(`DELETE FROM config_analysis WHERE analyzer = 'kept-1' AND config_id IN (
                 SELECT id FROM config_items WHERE name LIKE 'a-2%')`);
      await expectKeptEqualsLive('insights reopened, retyped, resolved, moved and deleted');

      // Each kept column changed on a random share of the items, one statement per column.
      const columns: [string, readonly (string | null)[]][] = [
        ['type', TYPES],
        ['config_class', CLASSES],
        ['status', STATUSES],
        ['health', HEALTHS],
        ['namespace', NAMESPACES],
        ['agent_id', AGENTS],
        ['scraper_id', [...SCRAPERS, null]],
        ['cost_total_30d', COSTS.map((c) => (c === null ? null : String(c)))],
      ];
      for (const [column, values] of columns) {
        const ids = await someIds(0.3);
        const cast = column.endsWith('_id') ? 'uuid' : column === 'cost_total_30d' ? 'numeric' : 'text';
        await sql(
          `UPDATE config_items ci SET ${column} = u.v
         FROM unnest($1::uuid[], $2::${cast}[]) AS u (id, v) WHERE ci.id = u.id`,
          [ids, ids.map(() => rnd.pick(values))],
        );
        await expectKeptEqualsLive(`${column} updated`);
      }

      // Change counts: migration 034's insert trigger and its re-basing job (bulk UPDATEs).
      await sql(
        `INSERT INTO config_changes (config_id, change_type, created_at)
       SELECT id, 'diff', now() - (g || ' days')::interval FROM config_items, generate_series(1, 40, 13) g
       WHERE name LIKE 'a-2%'`,
      );
      await expectKeptEqualsLive('changes recorded');
      await sql(`UPDATE config_items SET changes_30d = changes_30d + 7 WHERE name LIKE 'a-3%'`);
      await sql('SELECT refresh_config_change_counts()');
      await expectKeptEqualsLive('change counts re-based');

      // Updates that change no kept column write nothing and change nothing.
      await sql(`UPDATE config_items SET last_scraped_time = now(), tags = '{"cluster": "dev"}'`);
      await expectKeptEqualsLive('unrelated update');

      // Soft deletes and restores, then hard deletes (of live and soft-deleted items) and a cascade.
      const soft = await someIds(0.25);
      await sql('UPDATE config_items SET deleted_at = now() WHERE id = ANY($1::uuid[])', [soft]);
      await expectKeptEqualsLive('soft-deleted');
      await sql('UPDATE config_items SET deleted_at = NULL WHERE id = ANY($1::uuid[])', [soft.slice(0, 20)]);
      await expectKeptEqualsLive('restored');
      await sql('DELETE FROM config_items WHERE id = ANY($1::uuid[])', [await someIds(0.2)]);
      await expectKeptEqualsLive('hard-deleted');
      await sql('DELETE FROM config_scrapers WHERE id = $1', [SCRAPERS[0]]);
      await expectKeptEqualsLive('scraper deleted');

      // Every item gone: no key is left, and the summary is empty.
      await sql('DELETE FROM config_items');
      expect((await sql('SELECT count(*)::int AS n FROM config_item_summary')).rows).toEqual([{ n: 0 }]);
      expect(await summary({ groupBy: ['config_class', 'type'], deleted: true })).toEqual([]);
    },
  );

  it('answers from the kept counts: a tampered count shows, tag groupings stay live', async () => {
    await sql(
      `INSERT INTO config_scrapers (id, name, spec) VALUES ($1, 'kept-a', '{}') ON CONFLICT DO NOTHING`,
      [SCRAPERS[0]],
    );
    await insertItems(50, 'b');
    const body = { groupBy: ['config_class', 'type'], deleted: true, filter: {} };
    const before = await summary(body);
    expect(before).toEqual(await catalogSummary(server.db, body, { live: true }));
    // What the web page asks is answered from config_item_summary, not config_items: a count
    // changed behind the triggers' back shows in the answer.
    await sql(`UPDATE config_item_summary SET items = items + 1000
               WHERE ctid = (SELECT min(ctid) FROM config_item_summary)`);
    await sql(`INSERT INTO config_item_summary_insights
               SELECT gen_random_uuid(), id, 'tampered', now(), type, config_class, status, health, namespace,
                 agent_id, scraper_id, deleted_at IS NOT NULL
               FROM config_items LIMIT 1`);
    const tampered = await summary(body);
    expect(tampered.reduce((n, r) => n + r.count, 0)).toBe(before.reduce((n, r) => n + r.count, 0) + 1000);
    expect(tampered.filter((r) => r.analysis.tampered === 1)).toHaveLength(1);
    // A tag grouping or a label filter groups the items themselves, so the tampering does not show.
    const byTag = await summary({ groupBy: ['tags.cluster'], deleted: true });
    const { rows } = await sql<{ cluster: string; n: number }>(
      `SELECT tags->>'cluster' AS cluster, count(*)::int AS n FROM config_items GROUP BY 1 ORDER BY 1`,
    );
    expect(byTag.map((r) => [r['tags.cluster'], r.count])).toEqual(rows.map((r) => [r.cluster, r.n]));
    const filtered = await summary({ ...body, filter: { nothing: '!x' } });
    const { rows: all } = await sql<{ n: number }>('SELECT count(*)::int AS n FROM config_items');
    expect(filtered.reduce((n, r) => n + r.count, 0)).toBe(all[0]?.n);
    // The table is internal: the data API does not serve it.
    expect((await api(server, 'GET', '/api/db/config_item_summary')).status).toBe(404);
    // Put the count back by recounting (as the migration's backfill does).
    await sql(`DELETE FROM config_item_summary_insights WHERE analysis_type = 'tampered'`);
    await sql('DELETE FROM config_item_summary');
    await sql(
      `INSERT INTO config_item_summary
       SELECT type, config_class, status, health, namespace, agent_id, scraper_id, deleted_at IS NOT NULL,
         count(*), count(cost_total_30d), coalesce(sum(cost_total_30d), 0), sum(changes_30d)
       FROM config_items GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
    );
    expect(await summary(body)).toEqual(before);
  });
  // Two writers at the same moment (PostgreSQL: PGlite is one connection). Whichever of an item
  // change and a new insight on it commits first, the kept row ends with the item's new columns.
  it.runIf(kind === 'postgresql')(
    'keeps an insight with its item’s new columns when both are written at once',
    async () => {
      await insertItems(2, 'race');
      const { rows: items } = await sql<{ id: string }>(
        `SELECT id FROM config_items WHERE name LIKE 'race-%' ORDER BY name`,
      );
      const keptStatus = async (id: string) =>
        (
          await sql<{ status: string }>(
            'SELECT status FROM config_item_summary_insights WHERE config_id = $1',
            [id],
          )
        ).rows[0]?.status;
      /** Runs `first` in a transaction held open until `second` waits for it or is done. */
      const race = async (first: string, second: string, id: string) => {
        let release = () => {};
        const held = new Promise<void>((r) => (release = r));
        let started = () => {};
        const didFirst = new Promise<void>((r) => (started = r));
        const one = server.db.transaction(async (tx) => {
          await tx.query(first, [id]);
          started();
          await held;
        });
        await didFirst;
        let done = false;
        const two = server.db.query(second, [id]).then(() => (done = true));
        for (;;) {
          const { rows } = await sql<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          );
          if (done || rows[0]?.n) break;
          await new Promise((r) => setImmediate(r));
        }
        release();
        await Promise.all([one, two]);
      };
      const [a, b] = [items[0]!.id, items[1]!.id];
      // The item changes first; the insight, written meanwhile, waits and reads the new status (a
      // column outside the item's keys, which the foreign key's own lock does not wait for).
      await race(
        `UPDATE config_items SET status = 'Race' WHERE id = $1`,
        `INSERT INTO config_analysis (config_id, analyzer) VALUES ($1, 'race')`,
        a,
      );
      expect(await keptStatus(a)).toBe('Race');
      // The insight first; the item change waits, then carries the insight along.
      await race(
        `INSERT INTO config_analysis (config_id, analyzer) VALUES ($1, 'race')`,
        `UPDATE config_items SET status = 'Race' WHERE id = $1`,
        b,
      );
      expect(await keptStatus(b)).toBe('Race');
      await expectKeptEqualsLive('after two writers');
    },
  );
});
