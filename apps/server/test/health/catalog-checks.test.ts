import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck, type ExecuteOptions } from '../../src/health/run-check.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { directOpts } from './check-opts.js';

type Row = Record<string, unknown>;

describe.each(DB_KINDS)('catalog and configDB checks over our own catalog (%s)', (kind) => {
  let server: TestServer;
  let opts: ExecuteOptions;

  const send = (method: string, path: string, body: unknown) =>
    fetch(`${server.baseUrl}/api/db${path}`, {
      method,
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(body),
    });
  const runNow = async (checkName: string) => {
    const { rows } = await server.db.query<{ id: string }>(
      'SELECT id FROM checks WHERE name = $1 AND deleted_at IS NULL',
      [checkName],
    );
    const res = await fetch(`${server.baseUrl}/api/canary/run/check/${rows[0]!.id}`, { method: 'POST' });
    return (await res.json()) as { failed: number; errors: string[] };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    opts = { ...directOpts, defaultTimeoutMs: 5000, db: server.db };
    for (const [name, type, status, health, team] of [
      ['payments-api', 'Kubernetes::Deployment', 'Running', 'healthy', 'payments'],
      ['ledger-worker', 'Kubernetes::Deployment', 'Pending', 'unhealthy', 'payments'],
      ['search', 'Kubernetes::Deployment', 'Running', 'healthy', 'search'],
      ['nginx', 'Kubernetes::IngressClass', null, null, 'edge'],
    ]) {
      await server.db.query(
        `INSERT INTO config_items (type, name, namespace, status, health, external_id, labels, config)
         VALUES ($1, $2, 'prod', $3, $4, ARRAY[$2], jsonb_build_object('team', $5::text), jsonb_build_object('replicas', 2))`,
        [type, name, status, health, team],
      );
    }
    await server.db.query(
      `INSERT INTO config_items (type, name, external_id, deleted_at) VALUES ('Kubernetes::Deployment', 'gone', ARRAY['gone'], now())`,
    );
  });
  afterAll(() => server.close());

  it('catalog: the items its selectors match, in results, with their config', async () => {
    const r = await executeCheck(
      'catalog',
      {
        selector: [{ types: ['Kubernetes::Deployment'], labelSelector: 'team=payments' }, { name: 'nginx' }],
        test: {
          expr: "size(results) == 3 && results.exists(r, r.name == 'nginx' && r.config.replicas == 2)",
        },
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null, message: '3 config items' });
    const names = (r.details.results as Row[]).map((i) => i.name).sort();
    expect(names).toEqual(['ledger-worker', 'nginx', 'payments-api']);
    const unhealthy = await executeCheck(
      'catalog',
      {
        selector: [{ types: ['Kubernetes::Deployment'], healths: ['unhealthy'] }],
        test: { expr: 'size(results) == 0' },
      },
      opts,
    );
    expect(unhealthy.pass).toBe(false);
    expect((unhealthy.details.results as Row[]).map((i) => i.name)).toEqual(['ledger-worker']);
    const running = await executeCheck(
      'catalog',
      { selector: [{ type: 'Kubernetes::Deployment', statuses: ['Running'] }] },
      opts,
    );
    expect(running.details.count).toBe(2);
  });

  it('configDB: a read-only SELECT over config_items, values as parameters', async () => {
    const r = await executeCheck(
      'configDB',
      {
        query:
          "SELECT name, health, labels FROM config_items WHERE type = 'Kubernetes::Deployment' AND name LIKE '%-%' ORDER BY name DESC",
        test: { expr: "results.all(r, r.labels.team == 'payments')" },
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, message: '2 rows' });
    expect(r.details.results).toEqual([
      { name: 'payments-api', health: 'healthy', labels: { team: 'payments' } },
      { name: 'ledger-worker', health: 'unhealthy', labels: { team: 'payments' } },
    ]);
    const injected = await executeCheck(
      'configDB',
      { query: "SELECT name FROM config_items WHERE name = 'x'' OR 1=1 --'" },
      opts,
    );
    expect(injected).toMatchObject({ pass: true, message: '0 rows' });
    const nulls = await executeCheck(
      'configDB',
      { query: 'SELECT name FROM config_items WHERE health IS NULL LIMIT 5' },
      opts,
    );
    expect(nulls.details.results).toEqual([{ name: 'nginx' }]);
    const config = await executeCheck(
      'configDB',
      {
        query: "SELECT * FROM config_items WHERE name = 'nginx'",
        test: { expr: 'results[0].config.replicas == 2' },
      },
      opts,
    );
    expect(config.pass).toBe(true);
  });

  it('saving: refuses a configDB query that is not a plain SELECT over config_items, naming the field', async () => {
    for (const [query, reason] of [
      ['DROP TABLE config_items', 'expected SELECT, got "DROP"'],
      ['SELECT * FROM people', 'only config_items can be queried, not people'],
      ['SELECT secret FROM config_items', 'unknown column secret'],
      ["SELECT * FROM config_items WHERE name = 'a' OR name = 'b'", 'OR is not supported'],
      ['SELECT * FROM config_items; DELETE FROM config_items', 'unexpected "DELETE"'],
    ]) {
      const res = await send('POST', '/canaries', {
        name: 'bad-query',
        spec: { configDB: [{ name: 'q', query }] },
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body.message).toContain('spec.configDB.0.query: ');
      expect(body.message).toContain(reason);
    }
    const outside = await send('POST', '/canaries', {
      name: 'bad-junit',
      spec: { junit: [{ name: 'j', testResults: '/etc/*.xml' }] },
    });
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { message: string }).message).toMatch(
      /spec\.junit\.0\.testResults: path \/etc is outside the allowed file roots/,
    );
  });

  it('a saved canary runs both through Run Now, with the server database', async () => {
    const created = await send('POST', '/canaries', {
      name: 'catalog-health',
      spec: {
        schedule: '@every 5m',
        catalog: [
          {
            name: 'deployments-healthy',
            selector: [{ types: ['Kubernetes::Deployment'] }],
            test: { expr: "results.all(r, r.health == 'healthy')" },
          },
        ],
        configDB: [
          {
            name: 'ingress-classes',
            query: "SELECT name FROM config_items WHERE type = 'Kubernetes::IngressClass'",
            test: { expr: 'count == 1' },
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    const catalog = await runNow('deployments-healthy');
    expect(catalog.failed).toBe(1);
    expect(catalog.errors[0]).toBe(
      "deployments-healthy: test expression returned false: results.all(r, r.health == 'healthy')",
    );
    expect(await runNow('ingress-classes')).toMatchObject({ failed: 0, errors: [] });
  });

  it('without the database (a bare run) both fail clearly', async () => {
    const bare = { ...opts, db: undefined };
    const r = await executeCheck('catalog', { selector: [{ name: 'x' }] }, bare);
    expect(r.error).toBe('catalog checks read the server database, which this run has no access to');
  });
});
