import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../helpers.js';
import { insertConfig } from '../topology/fixtures.js';
import { api, catalogServer, createScraper, runNow } from './helpers.js';

/**
 * The catalog pages' filter option lists (docs/catalog.md, Filter lists), read the way the web
 * app reads them: tags and labels come from a table kept by triggers on config_items, the
 * single-column lists from loose index scans.
 */
describe.each(DB_KINDS)('catalog filter lists (%s)', (kind) => {
  let server: Awaited<ReturnType<typeof catalogServer>>;

  const pairs = async (view: 'config_tags' | 'config_labels') => {
    const r = await api<{ key: string; value: string | null }[]>(
      server,
      'GET',
      `/api/db/${view}?select=key,value&order=key,value`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.map((p) => `${p.key}=${p.value ?? '(null)'}`);
  };
  const list = async (view: string, column: string) => {
    const r = await api<Record<string, string>[]>(
      server,
      'GET',
      `/api/db/${view}?select=${column}&order=${column}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.map((row) => row[column]);
  };
  const sql = (text: string, params: unknown[] = []) => server.db.query(text, params);

  beforeAll(async () => {
    server = await catalogServer(kind);
  });
  afterAll(() => server?.close());

  it('lists the tags and labels of live items as items are inserted, retagged and deleted', async () => {
    const api1 = await insertConfig(server.db, {
      type: 'Kubernetes::Pod',
      name: 'api-1',
      tags: { cluster: 'prod', region: 'eu' },
      labels: { app: 'api' },
    });
    const api2 = await insertConfig(server.db, {
      type: 'Kubernetes::Pod',
      name: 'api-2',
      tags: { cluster: 'prod' },
      labels: { app: 'api', team: 'payments' },
    });
    expect(await pairs('config_tags')).toEqual(['cluster=prod', 'region=eu']);
    expect(await pairs('config_labels')).toEqual(['app=api', 'team=payments']);

    // A tag changed on one item: the new one appears at once, the old one stays while another carries it.
    await sql(`UPDATE config_items SET tags = '{"cluster": "staging", "region": "eu"}' WHERE id = $1`, [
      api1,
    ]);
    expect(await pairs('config_tags')).toEqual(['cluster=prod', 'cluster=staging', 'region=eu']);
    await sql(`UPDATE config_items SET tags = '{"cluster": "staging"}' WHERE id = $1`, [api2]);
    expect(await pairs('config_tags')).toEqual(['cluster=staging', 'region=eu']);

    // Soft delete takes an item's pairs out, restoring it brings them back.
    await sql(`UPDATE config_items SET deleted_at = now() WHERE id = $1`, [api2]);
    expect(await pairs('config_labels')).toEqual(['app=api']);
    await sql(`UPDATE config_items SET deleted_at = NULL WHERE id = $1`, [api2]);
    expect(await pairs('config_labels')).toEqual(['app=api', 'team=payments']);

    // Updates that leave tags, labels and liveness alone change nothing (they cancel out).
    await sql(`UPDATE config_items SET health = 'healthy', changes_30d = 3 WHERE id IN ($1, $2)`, [
      api1,
      api2,
    ]);
    expect(await pairs('config_labels')).toEqual(['app=api', 'team=payments']);

    // Hard delete, of a live item and of an already soft-deleted one.
    await sql(`UPDATE config_items SET deleted_at = now() WHERE id = $1`, [api1]);
    await sql(`DELETE FROM config_items WHERE id = ANY($1::uuid[])`, [[api1, api2]]);
    expect(await pairs('config_tags')).toEqual([]);
    expect(await pairs('config_labels')).toEqual([]);
    const { rows } = await sql('SELECT count(*)::int AS n FROM config_item_key_values');
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('keeps JSON null values and ignores tags that are not an object', async () => {
    const odd = await insertConfig(server.db, { type: 'Test::Odd', name: 'odd' });
    await sql(
      `UPDATE config_items SET tags = '{"owner": null, "zone": "a"}', labels = '["not", "a", "map"]' WHERE id = $1`,
      [odd],
    );
    expect(await pairs('config_tags')).toEqual(['owner=(null)', 'zone=a']);
    expect(await pairs('config_labels')).toEqual([]);
    await sql(`UPDATE config_items SET tags = '{}' WHERE id = $1`, [odd]);
    expect(await pairs('config_tags')).toEqual([]);
    await sql('DELETE FROM config_items WHERE id = $1', [odd]);
  });

  it('follows scrapes: a retagged item, items gone from the source, a deleted scraper', async () => {
    const dir = path.join(server.dir, 'inventory');
    fs.mkdirSync(dir, { recursive: true });
    const write = (list: { id: string; team: string }[]) =>
      fs.writeFileSync(path.join(dir, 'queues.json'), JSON.stringify(list));
    write([
      { id: 'orders', team: 'payments' },
      { id: 'refunds', team: 'payments' },
      { id: 'search', team: 'discovery' },
    ]);
    const scraper = await createScraper(server, 'queues', {
      retention: { staleItemAge: '0s' },
      file: [
        {
          paths: ['inventory/*.json'],
          type: 'AWS::SQS::Queue',
          id: '$.id',
          name: '$.id',
          tags: { team: '$.team' },
          labels: { kind: 'queue' },
        },
      ],
    });
    await runNow(server, scraper);
    expect(await pairs('config_tags')).toEqual(['team=discovery', 'team=payments']);
    expect(await list('config_types', 'type')).toEqual(['AWS::SQS::Queue']);

    write([
      { id: 'orders', team: 'payments' },
      { id: 'search', team: 'search' },
    ]);
    await runNow(server, scraper);
    expect(await pairs('config_tags')).toEqual(['team=payments', 'team=search']);

    write([{ id: 'search', team: 'search' }]);
    await runNow(server, scraper);
    expect(await pairs('config_tags')).toEqual(['team=search']);
    expect(await pairs('config_labels')).toEqual(['kind=queue']);

    // Deleting the scraper deletes its items (ON DELETE CASCADE): their pairs go with them.
    await sql('DELETE FROM config_scrapers WHERE id = $1', [scraper]);
    expect(await pairs('config_tags')).toEqual([]);
    expect(await pairs('config_labels')).toEqual([]);
    expect(await list('config_types', 'type')).toEqual([]);
  });

  it('lists types, statuses, change types and analyzers of what exists, each once', async () => {
    const ids: string[] = [];
    for (const [type, name, status] of [
      ['Kubernetes::Pod', 'a', 'Running'],
      ['Kubernetes::Pod', 'b', 'Pending'],
      ['Kubernetes::Node', 'n', 'Running'],
      ['AWS::S3::Bucket', 's', null],
      ['Azure::VM', 'gone', 'Stopped'],
    ] as const) {
      const id = await insertConfig(server.db, { type, name });
      await sql('UPDATE config_items SET status = $2 WHERE id = $1', [id, status]);
      ids.push(id);
    }
    await sql(`UPDATE config_items SET deleted_at = now() WHERE name = 'gone'`);
    await sql(
      `INSERT INTO config_changes (config_id, change_type)
       SELECT id, t FROM config_items, unnest(ARRAY['diff', 'Pulled', 'diff', 'BackOff']) t WHERE name IN ('a', 'b')`,
    );
    await sql(
      `INSERT INTO config_analysis (config_id, analyzer) VALUES ($1, 'trivy'), ($2, 'trivy'), ($2, 'aws-config')`,
      [ids[0], ids[1]],
    );
    expect(await list('config_types', 'type')).toEqual([
      'AWS::S3::Bucket',
      'Kubernetes::Node',
      'Kubernetes::Pod',
    ]);
    expect(await list('config_statuses', 'status')).toEqual(['Pending', 'Running']);
    expect(await list('change_types', 'change_type')).toEqual(['BackOff', 'Pulled', 'diff']);
    expect(await list('config_analysis_analyzers', 'analyzer')).toEqual(['aws-config', 'trivy']);

    await sql(`UPDATE config_items SET deleted_at = now() WHERE type = 'Kubernetes::Node'`);
    await sql(`DELETE FROM config_changes WHERE change_type = 'Pulled'`);
    expect(await list('config_types', 'type')).toEqual(['AWS::S3::Bucket', 'Kubernetes::Pod']);
    expect(await list('config_statuses', 'status')).toEqual(['Pending', 'Running']);
    expect(await list('change_types', 'change_type')).toEqual(['BackOff', 'diff']);
    await sql('DELETE FROM config_items WHERE id = ANY($1::uuid[])', [ids]);
    expect(await list('config_analysis_analyzers', 'analyzer')).toEqual([]);
  });

  it.runIf(kind === 'postgresql')(
    'reads the type list through an index, not a scan of every item',
    async () => {
      await sql(
        `INSERT INTO config_items (type, name, status, external_id, deleted_at)
       SELECT 'Type::' || (g % 7), 'item-' || g, 'S' || (g % 3), ARRAY['plan-' || g], CASE WHEN g % 10 = 0 THEN now() END
       FROM generate_series(1, 5000) g`,
      );
      await sql('ANALYZE config_items');
      for (const view of ['config_types', 'config_statuses']) {
        const { rows } = await sql(`EXPLAIN (FORMAT JSON) SELECT * FROM ${view}`);
        const plan = JSON.stringify(rows);
        expect(plan, view).not.toContain('Seq Scan');
        expect(plan, view).toContain('Index Only Scan');
      }
      expect(await list('config_types', 'type')).toHaveLength(7);
      expect(await list('config_statuses', 'status')).toEqual(['S0', 'S1', 'S2']);
    },
  );
});
