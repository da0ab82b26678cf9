import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushedStatsPacer } from '../../src/agents/pushed-stats-pacer.js';
import { applyPush } from '../../src/agents/upstream-push.js';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { checkLocationsAnswer } from '../../src/health/location-answer.js';
import { locatedCanariesFor } from '../../src/health/located-agents.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { healthContext } from './context.js';
import { httpServer, type Listening } from './peers.js';

/** Checks run from several places, failing on a quorum (docs/health.md, "Locations and quorum"). */
describe.each(DB_KINDS)('located checks on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let target: Listening;
  let localUp = true;
  const agents: Record<string, string> = {};
  const pacer = () => new PushedStatsPacer(db, 3_600_000);

  const addAgent = async (name: string, properties: Record<string, string>, seenSecondsAgo: number) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO agents (name, properties, last_seen) VALUES ($1, $2, now() - $3 * interval '1 second') RETURNING id`,
      [name, JSON.stringify(properties), seenSecondsAgo],
    );
    agents[name] = rows[0]!.id;
  };

  /** A canary with one http check against the local target; returns the canary and check ids. */
  const canary = async (name: string, located: Record<string, unknown>) => {
    const spec = {
      schedule: '@every 1m',
      ...located,
      http: [{ name: 'home', url: `http://127.0.0.1:${target.port}/` }],
    };
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO canaries (name, spec, schedule) VALUES ($1, $2, '@every 1m') RETURNING id",
      [name, JSON.stringify(spec)],
    );
    const id = rows[0]!.id;
    await syncCanaryChecks(db, id);
    const check = await db.query<{ id: string }>('SELECT id FROM checks WHERE canary_id = $1', [id]);
    return { id, name, schedule: '@every 1m', checkId: check.rows[0]!.id };
  };
  const push = (agent: string, checkId: string, pass: boolean) =>
    applyPush(
      db,
      { agentId: agents[agent]!, personId: null },
      {
        check_location_statuses: [
          {
            check_id: checkId,
            location: '00000000-0000-0000-0000-000000000000',
            time: new Date().toISOString(),
            status: pass,
            duration: 7,
            message: pass ? 'ok' : 'down',
          },
        ],
      },
      pacer(),
    );
  const status = async (checkId: string) =>
    (await db.query<{ status: string | null }>('SELECT status FROM checks WHERE id = $1', [checkId])).rows[0]
      ?.status;

  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
    target = await httpServer((_req, res) => {
      res.statusCode = localUp ? 200 : 503;
      res.end(localUp ? 'up' : 'down');
    });
    await addAgent('edge-a', { region: 'eu' }, 1);
    await addAgent('edge-b', { region: 'eu' }, 1);
    await addAgent('edge-old', { region: 'us' }, 600);
  });
  afterAll(async () => {
    await drop();
    await target.close();
  });

  it('three locations (local and two agents), default majority: one failing keeps it healthy, two fail it', async () => {
    const c = await canary('three', { locations: ['local', { agent: 'edge-a' }, { agent: 'edge-b' }] });
    localUp = false;
    await runCanary(healthContext(db), c);
    // Only local has spoken, and it failed: 1 of 3 is below the majority, nothing passes yet.
    expect(await status(c.checkId)).toBeNull();
    await push('edge-a', c.checkId, true);
    expect(await status(c.checkId)).toBe('healthy');
    const r = await push('edge-b', c.checkId, false);
    expect(r.saved.check_location_statuses).toBe(1);
    expect(await status(c.checkId)).toBe('unhealthy');
    await push('edge-b', c.checkId, true);
    expect(await status(c.checkId)).toBe('healthy');
    localUp = true;

    // The check's own history holds the decisions; each location's results are kept apart.
    const { rows } = await db.query<{ status: boolean; message: string }>(
      'SELECT status, message FROM check_statuses WHERE check_id = $1 ORDER BY time',
      [c.checkId],
    );
    expect(rows.map((x) => x.status)).toEqual([true, false, true]);
    expect(rows[1]?.message).toBe('2 of 3 locations failing (fails at 2): local, edge-b');
    const per = await db.query<{ n: number }>(
      'SELECT count(DISTINCT location)::int AS n FROM check_location_statuses WHERE check_id = $1',
      [c.checkId],
    );
    expect(per.rows[0]?.n).toBe(3);

    const answer = await checkLocationsAnswer(db, c.checkId);
    expect(answer).toMatchObject({ located: true, verdict: 'healthy', k: 2, n: 3, failing: 1 });
    if (answer.located)
      expect(answer.locations.map((l) => [l.name, l.state])).toEqual([
        ['local', 'failing'],
        ['edge-a', 'passing'],
        ['edge-b', 'passing'],
      ]);
  });

  it('an offline or unknown agent counts as unknown, not failed; undecided keeps the last status; a deleted agent too', async () => {
    const c = await canary('edges', {
      locations: [{ agent: 'edge-a' }, { agent: 'edge-old' }, { agent: 'ghost' }],
    });
    // edge-old is offline: its fresh failure does not count.
    await db.query(
      `INSERT INTO check_location_statuses (check_id, location, time, status) VALUES ($1, $2, now(), false)`,
      [c.checkId, agents['edge-old']],
    );
    await push('edge-a', c.checkId, false);
    expect(await status(c.checkId)).toBeNull();
    await push('edge-a', c.checkId, true);
    expect(await status(c.checkId)).toBe('healthy');
    // One failure of three, the other two unknown: undecided, the last status stays.
    await push('edge-a', c.checkId, false);
    expect(await status(c.checkId)).toBe('healthy');
    const answer = await checkLocationsAnswer(db, c.checkId);
    if (!answer.located) throw new Error('located');
    expect(answer.verdict).toBe('undecided');
    expect(answer.locations.map((l) => [l.name, l.state, l.reason])).toEqual([
      ['edge-a', 'failing', undefined],
      ['edge-old', 'unknown', 'agent offline'],
      ['ghost', 'unknown', 'agent not found'],
    ]);

    // The agent is deleted: every location is unknown; a scheduled run (none of them local) keeps it.
    await db.query('UPDATE agents SET deleted_at = now() WHERE id = $1', [agents['edge-a']]);
    await runCanary(healthContext(db), c);
    expect(await status(c.checkId)).toBe('healthy');
    const after = await checkLocationsAnswer(db, c.checkId);
    expect(after).toMatchObject({ verdict: 'undecided', unknown: 3 });
    await db.query('UPDATE agents SET deleted_at = NULL WHERE id = $1', [agents['edge-a']]);
  });

  it('a tie is no majority: 2 of 4 failing keeps it healthy; with failureThreshold 2 it fails', async () => {
    await addAgent('edge-c', { region: 'ap' }, 1);
    const four = ['local', { agent: 'edge-a' }, { agent: 'edge-b' }, { agent: 'edge-c' }];
    for (const [name, located, expected] of [
      ['tie', { locations: four }, 'healthy'],
      ['tie-k2', { locations: four, failureThreshold: 2 }, 'unhealthy'],
    ] as const) {
      const c = await canary(name, located);
      localUp = false;
      await runCanary(healthContext(db), c);
      localUp = true;
      await push('edge-a', c.checkId, false);
      await push('edge-b', c.checkId, true);
      await push('edge-c', c.checkId, true);
      expect(await status(c.checkId)).toBe(expected);
      expect(await checkLocationsAnswer(db, c.checkId)).toMatchObject({
        n: 4,
        failing: 2,
        k: name === 'tie' ? 3 : 2,
      });
      // Out of the way of the pulls the next cases count.
      await db.query('UPDATE canaries SET deleted_at = now() WHERE id = $1', [c.id]);
    }
  });

  it('a selector with failureThreshold 1: any selected agent failing fails it; the pull names it to each', async () => {
    const c = await canary('eu', { locations: [{ agentSelector: 'region=eu' }], failureThreshold: 1 });
    await push('edge-a', c.checkId, true);
    expect(await status(c.checkId)).toBe('healthy');
    await push('edge-b', c.checkId, false);
    expect(await status(c.checkId)).toBe('unhealthy');

    const pulled = await locatedCanariesFor(db, agents['edge-b']!);
    expect(pulled.map((p) => p.name).sort()).toEqual(['eu', 'three']);
    expect(pulled.find((p) => p.name === 'eu')?.checks).toEqual([
      { id: c.checkId, type: 'http', name: 'home' },
    ]);
    expect((await locatedCanariesFor(db, agents['edge-old']!)).map((p) => p.name)).toEqual(['edges']);
  });

  it('refuses results for checks whose canary does not name the pusher, and leaves them out', async () => {
    const c = await canary('only-a', { locations: [{ agent: 'edge-a' }] });
    const r = await push('edge-b', c.checkId, false);
    expect(r.saved.check_location_statuses).toBeUndefined();
    expect(r.refused).toEqual([
      expect.objectContaining({
        table: 'check_location_statuses',
        reason: 'not a check of a canary whose locations name this agent',
      }),
    ]);
    const n = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM check_location_statuses WHERE check_id = $1',
      [c.checkId],
    );
    expect(n.rows[0]?.n).toBe(0);
  });

  it('a canary without locations records as before and has no locations answer', async () => {
    const c = await canary('plain', {});
    await runCanary(healthContext(db), c);
    expect(await status(c.checkId)).toBe('healthy');
    expect(await checkLocationsAnswer(db, c.checkId)).toEqual({ located: false });
    const n = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM check_location_statuses WHERE check_id = $1',
      [c.checkId],
    );
    expect(n.rows[0]?.n).toBe(0);
  });
});
