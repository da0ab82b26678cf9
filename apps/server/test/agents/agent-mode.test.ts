import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPending } from '../../src/agents/agent-push.js';
import { agentRuntime, closeAgentRuntime } from '../../src/agents/agent-runtime.js';
import { agentJobs } from '../../src/agents/jobs.js';
import { STATS_PACE_MS } from '../../src/agents/pushed-stats-pacer.js';
import type { Db } from '../../src/db/types.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { freePort } from '../free-port.js';
import { freshDb, signIn, type SignedIn, type TestServer } from '../helpers.js';
import { runDueCanaries } from '../../src/health/scheduler.js';
import { inProcessConfig } from '../in-process-config.js';

const [pushJob, pingJob, pullJob] = agentJobs as [
  (typeof agentJobs)[number],
  (typeof agentJobs)[number],
  (typeof agentJobs)[number],
];
const signal = new AbortController().signal;
const count = async (db: Db, sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params)).rows[0]?.n);

/** Rows an agent's scrapes and checks would leave: a canary and its check, a catalog, a topology. */
async function seedAgentRows(db: Db) {
  const ids = {
    canary: crypto.randomUUID(),
    check: crypto.randomUUID(),
    scraper: crypto.randomUUID(),
    parent: crypto.randomUUID(),
    child: crypto.randomUUID(),
    topology: crypto.randomUUID(),
    component: crypto.randomUUID(),
  };
  await db.query(`INSERT INTO canaries (id, name) VALUES ($1, 'edge-canary')`, [ids.canary]);
  await db.query(
    `INSERT INTO checks (id, canary_id, name, type, status) VALUES ($1, $2, 'edge-http', 'http', 'healthy')`,
    [ids.check, ids.canary],
  );
  await db.query(
    `INSERT INTO check_statuses (check_id, time, status, duration)
     SELECT $1, now() - make_interval(secs => g), true, g FROM generate_series(1, 3) g`,
    [ids.check],
  );
  await db.query(`INSERT INTO config_scrapers (id, name) VALUES ($1, 'edge-scraper')`, [ids.scraper]);
  // The child first: a parent changed after its child is pushed after it, in a later request.
  await db.query(
    `INSERT INTO config_items (id, scraper_id, type, name, external_id) VALUES ($1, $2, 'Kubernetes::Namespace', 'ns', '{ns}')`,
    [ids.parent, ids.scraper],
  );
  await db.query(
    `INSERT INTO config_items (id, scraper_id, type, name, parent_id, external_id) VALUES ($1, $2, 'Kubernetes::Pod', 'pod', $3, '{pod}')`,
    [ids.child, ids.scraper, ids.parent],
  );
  await db.query(
    `INSERT INTO config_relationships (config_id, related_id, relation) VALUES ($1, $2, 'contains')`,
    [ids.parent, ids.child],
  );
  await db.query(
    `INSERT INTO config_changes (config_id, change_type, summary) VALUES ($1, 'diff', 'scaled')`,
    [ids.child],
  );
  await db.query(
    `INSERT INTO config_analysis (config_id, analyzer, message) VALUES ($1, 'lint', 'no limits')`,
    [ids.child],
  );
  await db.query(`INSERT INTO topologies (id, name) VALUES ($1, 'edge-topology')`, [ids.topology]);
  await db.query(
    `INSERT INTO components (id, topology_id, name, config_id) VALUES ($1, $2, 'edge-component', $3)`,
    [ids.component, ids.topology, ids.parent],
  );
  return ids;
}

describe('an agent (PGlite) pushing to an upstream (PostgreSQL), two servers on loopback', () => {
  let upDb: Awaited<ReturnType<typeof freshDb>>;
  let agentDb: Awaited<ReturnType<typeof freshDb>>;
  let upstream: RunningServer;
  let agent: RunningServer;
  let port: number;
  let agentId: string;
  let admin: SignedIn;
  const startUpstream = async () =>
    startServer(inProcessConfig({ AUTH_MODE: 'builtin', PORT: String(port), HOST: '127.0.0.1' }), {
      db: upDb.db,
      scheduler: false,
    });

  beforeAll(async () => {
    upDb = await freshDb('postgresql');
    agentDb = await freshDb('pglite');
    port = await freePort();
    upstream = await startUpstream();
    const baseUrl = `http://127.0.0.1:${port}`;
    admin = await signIn({ ...upstream, db: upDb.db, baseUrl } as TestServer, 'admin');
    const res = await fetch(`${baseUrl}/api/agent/generate`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'edge', properties: { region: 'eu' } }),
    });
    expect(res.status).toBe(201);
    const generated = (await res.json()) as { id: string; access_token: string };
    agentId = generated.id;
    agent = await startServer(
      inProcessConfig({
        AUTH_MODE: 'none',
        UPSTREAM_URL: baseUrl,
        UPSTREAM_TOKEN: generated.access_token,
        AGENT_NAME: 'edge-host',
        UPSTREAM_PAGE_SIZE: '2',
      }),
      { db: agentDb.db, scheduler: false },
    );
  });
  afterAll(async () => {
    await closeAgentRuntime(agent.ctx);
    await agent.stop();
    await upstream.stop();
    await agentDb.drop();
    await upDb.drop();
  });

  it('pings: the upstream lists the agent online under its host name', async () => {
    await pingJob.run(agent.ctx, signal);
    const { rows } = await upDb.db.query('SELECT status, hostname FROM agents_summary WHERE id = $1', [
      agentId,
    ]);
    expect(rows[0]).toEqual({ status: 'online', hostname: 'edge-host' });
  });

  it('pushes checks, catalog and topology rows, which appear upstream with the agent’s id', async () => {
    const ids = await seedAgentRows(agentDb.db);
    const outcome = await pushJob.run(agent.ctx, signal);
    expect(outcome).toMatchObject({ errors: 0 });
    for (const [table, n] of [
      ['canaries', 1],
      ['checks', 1],
      ['config_scrapers', 1],
      ['config_items', 2],
      ['topologies', 1],
      ['components', 1],
    ] as const) {
      expect(await count(upDb.db, `${table} WHERE agent_id = $1`, [agentId]), table).toBe(n);
    }
    expect(await count(upDb.db, 'check_statuses WHERE check_id = $1', [ids.check])).toBe(3);
    expect(await count(upDb.db, 'config_changes WHERE config_id = $1', [ids.child])).toBe(1);
    expect(await count(upDb.db, 'config_analysis WHERE config_id = $1', [ids.child])).toBe(1);
    expect(await count(upDb.db, 'config_relationships WHERE config_id = $1', [ids.parent])).toBe(1);
    expect(await count(agentDb.db, 'config_items WHERE NOT is_pushed')).toBe(0);
    // What the upstream received is the agent's: never pending there.
    expect(await count(upDb.db, 'check_statuses WHERE NOT is_pushed')).toBe(0);
    const summary = await upDb.db.query(
      'SELECT config_count::int, checks_count::int, last_received IS NOT NULL AS received FROM agents_summary WHERE id = $1',
      [agentId],
    );
    expect(summary.rows[0]).toEqual({ config_count: 2, checks_count: 1, received: true });
  });

  it('cuts a page at its byte limit: large items go in more requests, each within it, all arriving once', async () => {
    const rt = agentRuntime(agent.ctx);
    if (!rt) throw new Error('the agent has no runtime');
    const { rows } = await agentDb.db.query<{ id: string }>('SELECT id FROM config_scrapers LIMIT 1');
    // Twelve items of about 3 KB each; pages of up to 100 rows and 10 KB.
    await agentDb.db.query(
      `INSERT INTO config_items (scraper_id, type, name, external_id, config)
       SELECT $1, 'Kubernetes::ConfigMap', 'large-' || g, ARRAY['large-' || g], jsonb_build_object('data', repeat('x', 3000))
         FROM generate_series(1, 12) g`,
      [rows[0]?.id],
    );
    const bodies: number[] = [];
    const counting = {
      pushRaw(json: string) {
        if (json.includes('large-')) bodies.push(Buffer.byteLength(json));
        return rt.client.pushRaw(json);
      },
    };
    const counts = await pushPending(agentDb.db, counting, { rows: 100, bytes: 10_000 });
    expect(counts.byTable.config_items).toBe(12);
    expect(bodies.length).toBeGreaterThanOrEqual(4);
    // The limit is the page's rows; the request adds only the table's name around them.
    for (const size of bodies) expect(size).toBeLessThanOrEqual(10_000 + 32);
    expect(await count(upDb.db, `config_items WHERE name LIKE 'large-%' AND agent_id = $1`, [agentId])).toBe(
      12,
    );
    expect(await count(agentDb.db, 'config_items WHERE NOT is_pushed')).toBe(0);
  });

  it('keeps working while the upstream is away, backs off, and delivers everything exactly once when it returns', async () => {
    await upstream.stop();
    const { rows } = await agentDb.db.query<{ id: string }>('SELECT id FROM checks LIMIT 1');
    const check = rows[0]?.id;
    await agentDb.db.query(
      `INSERT INTO check_statuses (check_id, time, status, duration)
       SELECT $1, now() + make_interval(secs => g), g % 2 = 0, g FROM generate_series(1, 7) g`,
      [check],
    );
    await agentDb.db.query(`UPDATE config_items SET name = 'pod-renamed' WHERE name = 'pod'`);
    await expect(pushJob.run(agent.ctx, signal)).rejects.toThrow(/unreachable/);
    const rt = agentRuntime(agent.ctx);
    expect(rt?.failures).toBe(1);
    const firstWait = (rt?.nextPushAt ?? 0) - Date.now();
    expect(firstWait).toBeGreaterThan(3000);
    // Within the back-off the job does not even try.
    await expect(pushJob.run(agent.ctx, signal)).resolves.toBeUndefined();
    if (rt) rt.nextPushAt = 0;
    await expect(pushJob.run(agent.ctx, signal)).rejects.toThrow();
    expect(rt?.failures).toBe(2);
    expect((rt?.nextPushAt ?? 0) - Date.now()).toBeGreaterThan(firstWait);
    expect(await count(agentDb.db, 'check_statuses WHERE NOT is_pushed')).toBe(7);

    upstream = await startUpstream();
    if (rt) rt.nextPushAt = 0;
    await pushJob.run(agent.ctx, signal);
    expect(rt?.failures).toBe(0);
    expect(await count(upDb.db, 'check_statuses WHERE check_id = $1', [check])).toBe(10);
    expect(await count(agentDb.db, 'check_statuses WHERE NOT is_pushed')).toBe(0);
    const renamed = await upDb.db.query(`SELECT agent_id FROM config_items WHERE name = 'pod-renamed'`);
    expect(renamed.rows).toEqual([{ agent_id: agentId }]);
    // An acknowledgement lost in a crash: everything is sent again and nothing doubles.
    await agentDb.db.query('UPDATE check_statuses SET is_pushed = false');
    await pushJob.run(agent.ctx, signal);
    expect(await count(upDb.db, 'check_statuses WHERE check_id = $1', [check])).toBe(10);
  });

  it('pulls the canaries the upstream assigned to it, runs them as its own and pushes their checks back', async () => {
    const canary = crypto.randomUUID();
    await upDb.db.query(`INSERT INTO canaries (id, name, agent_id, spec) VALUES ($1, 'assigned', $2, $3)`, [
      canary,
      agentId,
      JSON.stringify({ http: [{ name: 'assigned-http', url: 'http://127.0.0.1:1/' }] }),
    ]);
    await upDb.db.query(`INSERT INTO config_scrapers (name, agent_id) VALUES ('assigned-scraper', $1)`, [
      agentId,
    ]);
    // Two assigned upstream, and the canary and scraper it pushed earlier (upstream, those are its own).
    await expect(pullJob.run(agent.ctx, signal)).resolves.toEqual({ success: 4 });
    const local = await agentDb.db.query(`SELECT agent_id FROM canaries WHERE id = $1`, [canary]);
    expect(local.rows).toEqual([{ agent_id: '00000000-0000-0000-0000-000000000000' }]);
    expect(await count(agentDb.db, 'checks WHERE canary_id = $1', [canary])).toBe(1);
    expect(await count(agentDb.db, `config_scrapers WHERE name = 'assigned-scraper'`)).toBe(1);
    // Nothing new since: the next pull takes nothing.
    await expect(pullJob.run(agent.ctx, signal)).resolves.toBeUndefined();
    await pushJob.run(agent.ctx, signal);
    const up = await upDb.db.query(`SELECT agent_id FROM checks WHERE canary_id = $1`, [canary]);
    expect(up.rows).toEqual([{ agent_id: agentId }]);
  });

  it('runs a canary assigned from the console: no push fails, its results and summary reach the upstream', async () => {
    const baseUrl = `http://127.0.0.1:${port}`;
    const saved = await fetch(`${baseUrl}/api/db/canaries`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({
        name: 'console-assigned',
        namespace: 'default',
        agent_id: agentId,
        spec: { schedule: '@every 1m', http: [{ name: 'console-http', url: `${baseUrl}/healthz` }] },
      }),
    });
    expect(saved.status).toBe(201);
    const canary = ((await saved.json()) as { id: string }[])[0]!.id;
    // The agent runs it, so the agent makes its checks: the upstream makes none of its own.
    expect(await count(upDb.db, 'checks WHERE canary_id = $1 AND deleted_at IS NULL', [canary])).toBe(0);
    // An upstream before this fix had made one anyway: the agent's check takes its place.
    await upDb.db.query(
      `INSERT INTO checks (canary_id, agent_id, type, name) VALUES ($1, $2, 'http', 'console-http')`,
      [canary, agentId],
    );
    await pullJob.run(agent.ctx, signal);
    await runDueCanaries(agent.ctx);
    await runDueCanaries(agent.ctx, new Date(Date.now() + 61_000));
    const local = await agentDb.db.query<{ id: string }>(`SELECT id FROM checks WHERE canary_id = $1`, [
      canary,
    ]);
    expect(local.rows).toHaveLength(1);
    await expect(pushJob.run(agent.ctx, signal)).resolves.toMatchObject({ errors: 0 });
    const up = await upDb.db.query(
      `SELECT id, agent_id FROM checks WHERE canary_id = $1 AND deleted_at IS NULL`,
      [canary],
    );
    expect(up.rows).toEqual([{ id: local.rows[0]!.id, agent_id: agentId }]);
    const ran = await count(agentDb.db, 'check_statuses WHERE check_id = $1', [local.rows[0]!.id]);
    expect(ran).toBe(2);
    expect(await count(upDb.db, 'check_statuses WHERE check_id = $1', [local.rows[0]!.id])).toBe(ran);
    // The push's pages name the check twice within STATS_PACE_MS: the second page's stats
    // are refreshed when that pace has passed (agents/pushed-stats-pacer.ts).
    const uptime = async () => {
      const summary = await fetch(`${baseUrl}/api/canary/api/summary`, { headers: admin.headers });
      const body = (await summary.json()) as {
        checks_summary: { name: string; uptime: { passed: number; failed: number } }[];
      };
      return body.checks_summary.find((e) => e.name === 'console-http')?.uptime;
    };
    await expect
      .poll(uptime, { timeout: 3 * STATS_PACE_MS, interval: 200 })
      .toMatchObject({ passed: 2, failed: 0 });
  });
});
