import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeScheduler } from '../../src/catalog/schedule.js';
import { DB_KINDS } from '../helpers.js';
import crypto from 'node:crypto';
import { api, catalogServer, hookWrite, refusal } from './helpers.js';

describe.each(DB_KINDS)('scraper specs, relationships and scheduling (%s)', (kind) => {
  let server: Awaited<ReturnType<typeof catalogServer>>;
  beforeAll(async () => {
    server = await catalogServer(kind);
  });
  afterAll(async () => server?.close());

  it('refuses broken specs with the reason and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'needs at least one scraper'],
      [{ file: [{ paths: [] }] }, 'spec: file.0.paths: needs at least one path or glob'],
      [{ http: [{ url: 'ftp://x', id: '$.id', type: 'T' }] }, 'http.0.url: must be an http(s) URL'],
      [{ kubernetes: [{}] }, 'kubernetes.0.clusterName'],
      [{ sql: [{ connection: 'postgres://x/y', id: '$.id', type: 'T' }] }, 'sql.0.query'],
      [{ schedule: 'every now and then', file: [{ paths: ['a'] }] }, 'schedule: must be'],
      [
        { retention: { staleItemAge: 'soon' }, file: [{ paths: ['a'] }] },
        'retention.staleItemAge: must be a duration',
      ],
      [{ file: [{ paths: ['a'], id: '$.items[?(@.x)]' }] }, 'file.0.id: Unsupported selector'],
      ['file: [unclosed', 'spec: not valid YAML'],
      // Required per kind (doc 3 §5).
      [{ githubActions: [{ owner: 'acme' }] }, 'githubActions.0.repository'],
      [{ githubActions: [{ repository: 'app' }] }, 'githubActions.0.owner'],
      [{ azure: [{ subscriptionID: 's' }] }, 'azure.0.connection'],
    ];
    for (const [spec, message] of cases) {
      expect(await refusal(server, 'POST', { name: 'bad', spec })).toContain(message);
    }
    expect(await refusal(server, 'POST', { spec: { file: [{ paths: ['a'] }] } })).toBe(
      'name: This field is required',
    );
    expect(await refusal(server, 'PATCH', { spec: { file: [] } })).toBe(
      'spec: needs at least one scraper: file, http, sql, kubernetes, push, azure, aws, kubernetesFile, trivy, githubActions, azureDevops, custom',
    );
    expect(await refusal(server, 'PATCH', { schedule: 'sometimes' })).toContain('schedule');
  });

  it('accepts a config-db spec unchanged, YAML text included, and the other kinds', async () => {
    const yaml = `schedule: "@every 5m"
retention:
  changes:
    - name: diff
      age: 7d
      count: 20
  types:
    - name: Kubernetes::Pod
      deletedAge: 1d
file:
  - type: $.Config.InstanceType
    id: $.Config.InstanceId
    paths: [config*.json]
    transform:
      exclude:
        - jsonpath: $.metadata.managedFields
aws:
  - region: [eu-west-1]
    connection: connection://aws
`;
    const [row] = await hookWrite(server, 'POST', { name: 'imported', spec: yaml });
    expect(row?.schedule).toBe('@every 5m');
    expect((row?.spec as { file: unknown[]; aws: unknown[] }).file).toHaveLength(1);
    expect((row?.spec as { aws: unknown[] }).aws).toHaveLength(1);
    await server.db.query('INSERT INTO config_scrapers (name, spec, schedule) VALUES ($1, $2, $3)', [
      row?.name,
      JSON.stringify(row?.spec),
      row?.schedule,
    ]);
  });

  it('serves the scrape-config JSON Schema', async () => {
    const r = await api<{ properties: Record<string, unknown> }>(
      server,
      'GET',
      '/api/schemas/scrape-config.schema.json',
    );
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.properties)).toEqual(
      expect.arrayContaining(['schedule', 'retention', 'file', 'http', 'sql', 'kubernetes']),
    );
  });

  it('walks relationships recursively without looping on a cycle', async () => {
    const ids = await server.db.query<{ id: string; name: string }>(
      `INSERT INTO config_items (type, name, external_id) VALUES
         ('Svc', 'a', '{a}'), ('Svc', 'b', '{b}'), ('Svc', 'c', '{c}'), ('Db', 'd', '{d}'), ('Db', 'gone', '{gone}')
       RETURNING id, name`,
    );
    const id = (n: string) => ids.rows.find((r) => r.name === n)?.id;
    await server.db.query(
      `INSERT INTO config_relationships (config_id, related_id, relation) VALUES
         ($1, $2, 'calls'), ($2, $3, 'calls'), ($3, $1, 'calls'), ($3, $4, 'uses'), ($4, $5, 'uses')`,
      [id('a'), id('b'), id('c'), id('d'), id('gone')],
    );
    await server.db.query(`UPDATE config_items SET deleted_at = now() WHERE name = 'gone'`);
    const out = await server.db.query<{ name: string; depth: number; direction: string }>(
      `SELECT name, depth, direction FROM related_configs_recursive($1, 'outgoing') ORDER BY depth, name`,
      [id('a')],
    );
    expect(out.rows).toEqual([
      { name: 'b', depth: 1, direction: 'outgoing' },
      { name: 'c', depth: 2, direction: 'outgoing' },
      { name: 'd', depth: 3, direction: 'outgoing' },
    ]);
    const incoming = await server.db.query<{ name: string; depth: number }>(
      `SELECT name, depth FROM related_configs_recursive($1, 'incoming', true) ORDER BY depth, name`,
      [id('gone')],
    );
    expect(incoming.rows).toEqual([
      { name: 'd', depth: 1 },
      { name: 'c', depth: 2 },
      { name: 'b', depth: 3 },
      { name: 'a', depth: 4 },
    ]);
    const shallow = await server.db.query<{ name: string }>(
      `SELECT name FROM related_configs_recursive(config_id => $1, max_depth => 1, include_deleted_configs => true)`,
      [id('d')],
    );
    expect(shallow.rows.map((r) => r.name).sort()).toEqual(['c', 'gone']);
    const rpc = await api<{ name: string }[]>(
      server,
      'GET',
      `/api/db/rpc/related_configs_recursive?config_id=${id('a')}&type_filter=all&max_depth=10`,
    );
    expect(rpc.status).toBe(200);
    expect(rpc.body.map((r) => r.name).sort()).toEqual(['b', 'c', 'd']);
  });

  it('lists the health checks linked to an item, with their last day, and counts them in the detail', async () => {
    const item = await server.db.query<{ id: string }>(
      `INSERT INTO config_items (type, name, external_id) VALUES ('Svc', 'checked', '{checked}') RETURNING id`,
    );
    const canary = await server.db.query<{ id: string }>(
      `INSERT INTO canaries (name) VALUES ('web') RETURNING id`,
    );
    const check = await server.db.query<{ id: string }>(
      `INSERT INTO checks (canary_id, name, type, status) VALUES ($1, 'homepage', 'http', 'healthy') RETURNING id`,
      [canary.rows[0]?.id],
    );
    await server.db.query(
      `INSERT INTO check_statuses (check_id, time, duration, status)
       SELECT $1, now() - (g || ' minutes')::interval, g * 10, g % 10 <> 0 FROM generate_series(1, 100) g`,
      [check.rows[0]?.id],
    );
    await server.db.query(
      `INSERT INTO check_config_relationships (config_id, check_id, canary_id) VALUES ($1, $2, $3)`,
      [item.rows[0]?.id, check.rows[0]?.id, canary.rows[0]?.id],
    );
    const r = await api<
      { name: string; status: string; uptime: { passed: number; failed: number }; latency: { p99: number } }[]
    >(server, 'GET', `/api/db/check_summary_for_config?config_id=eq.${item.rows[0]?.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      expect.objectContaining({
        name: 'homepage',
        status: 'healthy',
        uptime: { passed: 90, failed: 10 },
        latency: { p99: 990 },
      }),
    ]);
    const detail = await server.db.query<{ summary: { checks: number } }>(
      'SELECT summary FROM config_detail WHERE id = $1',
      [item.rows[0]?.id],
    );
    expect(Number(detail.rows[0]?.summary.checks)).toBe(1);
  });

  it('claims due scrapers once: a second claim right after finds nothing due', async () => {
    await server.db.query('DELETE FROM config_scraper_state');
    const before = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_history WHERE resource_type = 'config_scraper'`,
    );
    const signal = new AbortController().signal;
    const first = await scrapeScheduler.run(server.ctx, signal);
    const second = await scrapeScheduler.run(server.ctx, signal);
    const after = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_history WHERE resource_type = 'config_scraper'`,
    );
    expect(after.rows[0]!.n - before.rows[0]!.n).toBe(1);
    expect(first).toMatchObject({ errors: 1 });
    expect(second).toEqual({ success: 0, errors: 0 });
    const state = await server.db.query<{ due_in_minutes: number }>(
      `SELECT round(extract(epoch FROM next_run_at - now()) / 60)::int AS due_in_minutes FROM config_scraper_state`,
    );
    expect(state.rows).toEqual([{ due_in_minutes: 5 }]);
  });

  it('runs one scraper now through the API: 404 for an unknown one, 400 for a bad id', async () => {
    expect((await api(server, 'POST', `/api/config/run/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await api(server, 'POST', '/api/config/run/not-a-uuid')).status).toBe(400);
  });
});
