import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ingestPushedItems, PushRejected } from '../../src/catalog/push.js';
import { DB_KINDS } from '../helpers.js';
import { api, byName, catalogServer, createScraper, items, runNow } from './helpers.js';
import { fakeKubernetes, loopbackServer } from './peers.js';

describe.each(DB_KINDS)('scraper kinds against real sources (%s)', (kind) => {
  let server: Awaited<ReturnType<typeof catalogServer>>;
  let peer: Awaited<ReturnType<typeof loopbackServer>>;
  let kube: Awaited<ReturnType<typeof fakeKubernetes>>;
  let seenHeaders: Record<string, string | string[] | undefined> = {};

  beforeAll(async () => {
    server = await catalogServer(kind);
    peer = await loopbackServer((req, res) => {
      seenHeaders = req.headers;
      if (req.url === '/broken') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>maintenance</html>');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: {
            clusters: [
              { id: 'c-1', name: 'primary', state: 'running', version: '7.2', tls: { acl: 'public-read' } },
              { id: 'c-2', name: 'replica', state: 'stopped', version: '7.2' },
            ],
          },
        }),
      );
    });
    kube = await fakeKubernetes('s3cr3t-token');
  });
  afterAll(async () => {
    await peer?.close();
    await kube?.close();
    await server?.close();
  });

  it('http: one JSON document split into items, with headers sent', async () => {
    const id = await createScraper(server, 'redis-api', {
      http: [
        {
          url: `${peer.url}/v1/clusters`,
          headers: [{ name: 'X-Api-Key', value: 'k-123' }],
          items: '$.data.clusters[*]',
          id: '$.id',
          type: 'Redis::Cluster',
          name: '$.name',
          status: '$.state',
          labels: { version: '$.version' },
        },
      ],
    });
    const result = await runNow(server, id);
    expect(result).toEqual({ configs_scraped: 2, changes: 0, errors: [] });
    expect(seenHeaders['x-api-key']).toBe('k-123');
    const rows = await items(server, id);
    expect(byName(rows, 'primary')).toMatchObject({
      type: 'Redis::Cluster',
      status: 'running',
      labels: { version: '7.2' },
    });
    const insight = await server.db.query<{ analyzer: string }>(
      'SELECT analyzer FROM config_analysis WHERE config_id = $1',
      [byName(rows, 'primary').id],
    );
    expect(insight.rows).toEqual([{ analyzer: 'public-access' }]);
  });

  it('http: a non-JSON answer and a metadata address are reported as errors, nothing is lost', async () => {
    const id = await createScraper(server, 'http-broken', {
      http: [
        { url: `${peer.url}/broken`, id: '$.id', type: 'X' },
        { url: 'http://169.254.169.254/latest/meta-data/', id: '$.id', type: 'X' },
      ],
    });
    const result = await runNow(server, id);
    expect(result.configs_scraped).toBe(0);
    expect(result.errors).toHaveLength(2);
    expect(result.errors[0]).toContain('response is not JSON');
    expect(result.errors[1]).toContain('link-local and cloud metadata addresses are not allowed');
    const job = await server.db.query<{ status: string }>(
      `SELECT status FROM job_history WHERE resource_id = $1`,
      [id],
    );
    expect(job.rows).toEqual([{ status: 'FAILED' }]);
  });

  it('sql: one item per row from PostgreSQL', async () => {
    const id = await createScraper(server, 'pg-databases', {
      sql: [
        {
          connection: inject('pgUrl'),
          query: `SELECT 'db-' || g AS id, 'orders_' || g AS name, g * 10 AS size_mb FROM generate_series(1, 3) g`,
          id: '$.id',
          type: 'Postgres::Database',
          name: '$.name',
        },
      ],
    });
    const result = await runNow(server, id);
    expect(result).toEqual({ configs_scraped: 3, changes: 0, errors: [] });
    const rows = await items(server, id);
    expect(rows.map((r) => r.name)).toEqual(['orders_1', 'orders_2', 'orders_3']);
    const cfg = await server.db.query<{ config: unknown }>('SELECT config FROM config_items WHERE id = $1', [
      byName(rows, 'orders_2').id,
    ]);
    expect(cfg.rows[0]?.config).toEqual({ id: 'db-2', name: 'orders_2', size_mb: 20 });
  });

  it('kubernetes: resources become items, owners relationships, events changes', async () => {
    const id = await createScraper(server, 'kind-cluster', {
      kubernetes: [{ clusterName: 'kind', kubeconfig: { value: kube.kubeconfig } }],
    });
    const result = await runNow(server, id);
    expect(result.errors).toEqual([]);
    expect(result.configs_scraped).toBe(7);
    expect(result.changes).toBe(2);
    expect(kube.requests).toContain('/apis/apps/v1/deployments');
    const rows = await items(server, id);
    const dep = byName(rows, 'web');
    const rs = byName(rows, 'web-5d4f8');
    const pending = byName(rows, 'web-5d4f8-fghij');
    expect(rows.find((r) => r.type === 'Kubernetes::Deployment')).toMatchObject({
      health: 'warning',
      status: '1/2 ready',
      tags: { cluster: 'kind', namespace: 'shop' },
    });
    expect(rs.parent_id).toBe(rows.find((r) => r.type === 'Kubernetes::Deployment')?.id);
    expect(pending).toMatchObject({ parent_id: rs.id, health: 'unhealthy', status: 'ImagePullBackOff' });
    expect(dep).toBeDefined();
    const cfg = await server.db.query<{
      config: { apiVersion: string; kind: string; metadata: Record<string, unknown> };
    }>('SELECT config FROM config_items WHERE id = $1', [
      rows.find((r) => r.type === 'Kubernetes::Deployment')?.id,
    ]);
    expect(cfg.rows[0]?.config).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
    expect(cfg.rows[0]?.config.metadata).not.toHaveProperty('resourceVersion');
    const changes = await api<{
      changes: { change_type: string; name: string; count: number; severity: string }[];
    }>(server, 'POST', '/api/catalog/changes', {
      config_type: 'Kubernetes::Pod,Kubernetes::Deployment',
      sort_by: 'change_type',
    });
    expect(
      changes.body.changes.map(({ change_type, name, count, severity }) => ({
        change_type,
        name,
        count,
        severity,
      })),
    ).toEqual([
      { change_type: 'BackOff', name: 'web-5d4f8-fghij', count: 7, severity: 'medium' },
      { change_type: 'ScalingReplicaSet', name: 'web', count: 1, severity: 'info' },
    ]);
    // The same events on the next run are the same changes, not new ones.
    expect((await runNow(server, id)).changes).toBe(0);
  });

  it('kubernetes: a wrong token is an error, not an empty cluster', async () => {
    const id = await createScraper(server, 'kind-bad-token', {
      kubernetes: [{ clusterName: 'kind', kubeconfig: kube.kubeconfig.replace('s3cr3t-token', 'nope') }],
    });
    const result = await runNow(server, id);
    expect(result.configs_scraped).toBe(0);
    // Said once, not once per kind listed side by side.
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('HTTP 401');
  });

  it('kubernetes: kinds and pages are listed side by side, never more than maxInflight at once', async () => {
    // Each answer is held back a little so that requests sent side by side overlap at the peer.
    const slow = await fakeKubernetes('s3cr3t-token', { holdMs: 25 });
    try {
      const scrape = async (name: string, maxInflight?: number) => {
        const id = await createScraper(server, name, {
          kubernetes: [
            {
              clusterName: 'kind',
              kubeconfig: { value: slow.kubeconfig },
              ...(maxInflight ? { maxInflight } : {}),
            },
          ],
        });
        slow.resetPeak();
        const result = await runNow(server, id);
        const rows = await items(server, id);
        const nameOf = new Map(rows.map((r) => [r.id, r.name]));
        const changes = await server.db.query<{ change_type: string; name: string }>(
          `SELECT c.change_type, i.name FROM config_changes c JOIN config_items i ON i.id = c.config_id
           WHERE i.scraper_id = $1 ORDER BY c.change_type, i.name`,
          [id],
        );
        return {
          result,
          peak: slow.peak(),
          rows: rows.map((r) => ({
            name: r.name,
            type: r.type,
            status: r.status,
            health: r.health,
            parent: r.parent_id ? nameOf.get(r.parent_id) : null,
            tags: r.tags,
          })),
          changes: changes.rows,
        };
      };
      const one = await scrape('kind-inflight-1', 1);
      const two = await scrape('kind-inflight-2', 2);
      const dflt = await scrape('kind-inflight-default');
      // One at a time is the old behaviour; the results are the reference.
      expect(one.peak).toBe(1);
      expect(one.result).toEqual({ configs_scraped: 7, changes: 2, errors: [] });
      expect(one.rows.map((r) => r.type)).toContain('Kubernetes::Pod');
      expect(one.changes).toHaveLength(2);
      expect(two.peak).toBe(2);
      // 12 kinds and the events: the default (64) sends them all at once.
      expect(dflt.peak).toBeGreaterThan(2);
      for (const run of [two, dflt]) {
        expect(run.result).toEqual(one.result);
        expect(run.rows).toEqual(one.rows);
        expect(run.changes).toEqual(one.changes);
      }
      // The pods' second page was asked for on every run.
      expect(slow.requests.filter((p) => p === '/api/v1/pods')).toHaveLength(6);
    } finally {
      await slow.close();
    }
  });

  it('push: items sent by an agent are stored with change detection', async () => {
    const agent = await server.db.query<{ id: string }>(
      `INSERT INTO agents (name) VALUES ('edge-agent') RETURNING id`,
    );
    const agentId = agent.rows[0]?.id ?? '';
    const payload = (replicas: number) => ({
      items: [
        {
          external_id: 'vm-1',
          type: 'VMware::VM',
          name: 'build-01',
          config: { cpus: 4, replicas },
          health: 'healthy',
        },
        { external_id: 'host-1', type: 'VMware::Host', name: 'esx-01' },
      ],
    });
    expect(await ingestPushedItems(server.ctx, agentId, payload(1))).toEqual({
      configs_scraped: 2,
      changes: 0,
      errors: [],
    });
    expect((await ingestPushedItems(server.ctx, agentId, payload(2))).changes).toBe(1);
    const summary = await server.db.query<{ config_count: string; config_scrapper_count: string }>(
      'SELECT config_count, config_scrapper_count FROM agents_summary WHERE id = $1',
      [agentId],
    );
    expect(Number(summary.rows[0]?.config_count)).toBe(2);
    expect(Number(summary.rows[0]?.config_scrapper_count)).toBe(1);
    await expect(ingestPushedItems(server.ctx, agentId, { items: [{ type: 'X' }] })).rejects.toThrow(
      PushRejected,
    );
  });
});
