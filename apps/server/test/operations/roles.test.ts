import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { httpServer, type Listening } from '../health/peers.js';
import { freshDb } from '../helpers.js';
import { inProcessConfig } from '../in-process-config.js';

/**
 * ROLE=api and ROLE=worker on one PostgreSQL (issue 39): API replicas serve and run no
 * background work, worker replicas run it and serve nothing but probes.
 */
describe('API and worker replicas of one PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshDb>>;
  let api: RunningServer;
  let worker: RunningServer;
  let target: Listening;
  const base = (s: RunningServer) => s.url.replace('[::1]', '127.0.0.1');

  beforeAll(async () => {
    fresh = await freshDb('postgresql');
    target = await httpServer((_req, res) => res.end('ok'));
    const env = { AUTH_MODE: 'none', DATABASE_URL: fresh.url! };
    api = await startServer(inProcessConfig({ ...env, ROLE: 'api' }), { db: fresh.db });
    const spec = { http: [{ name: 'home', url: `http://127.0.0.1:${target.port}/` }] };
    const { rows } = await fresh.db.query<{ id: string }>(
      `INSERT INTO canaries (name, spec, next_runtime) VALUES ('shop', $1, now()) RETURNING id`,
      [JSON.stringify(spec)],
    );
    await syncCanaryChecks(fresh.db, rows[0]!.id);
    worker = await startServer(inProcessConfig({ ...env, ROLE: 'worker' }), { db: fresh.db });
  });
  afterAll(async () => {
    await api?.stop();
    await worker?.stop();
    await target?.close();
    await fresh?.drop();
  });

  it('the API replica serves the API and the web app, and runs no job', async () => {
    expect(api.scheduler.registered()).toEqual([]);
    const res = await fetch(`${base(api)}/api/db/canaries?select=name`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ name: 'shop' }]);
  });

  it('the worker replica runs the checks that are due, and answers only probes', async () => {
    expect(worker.scheduler.registered()).toContain('CanaryScheduler');
    expect(worker.scheduler.registered()).toContain('EventConsumer');
    await expect
      .poll(async () => (await fresh.db.query(`SELECT 1 FROM check_statuses`)).rows.length, {
        timeout: 20_000,
        interval: 200,
      })
      .toBeGreaterThan(0);
    for (const path of ['/healthz', '/readyz', '/metrics', '/api/about']) {
      expect((await fetch(`${base(worker)}${path}`)).status, path).toBe(200);
    }
    for (const path of ['/api/db/canaries', '/api/canary/api/summary', '/', '/health', '/no-such-page']) {
      const res = await fetch(`${base(worker)}${path}`);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: string }).error).toContain(
        'this is a worker replica (ROLE=worker)',
      );
    }
    // What it ran, the API replica shows.
    const summary = await fetch(`${base(api)}/api/canary/api/summary`);
    const body = (await summary.json()) as { checks_summary: { name: string; status: string }[] };
    expect(body.checks_summary).toEqual([expect.objectContaining({ name: 'home', status: 'healthy' })]);
  });

  it('ROLE is all, api or worker, and api or worker need PostgreSQL', () => {
    expect(inProcessConfig({}).role).toBe('all');
    expect(() => inProcessConfig({ ROLE: 'both' })).toThrow('ROLE must be all, api or worker');
    expect(() => inProcessConfig({ ROLE: 'api' })).toThrow(ConfigError);
    expect(() => inProcessConfig({ ROLE: 'worker' })).toThrow(
      'ROLE=worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process',
    );
  });
});
