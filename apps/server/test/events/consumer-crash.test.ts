import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainEvents, EVENT_LEASE_MS } from '../../src/events/consumer.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import { domains } from '../../src/domains.js';
import { counter, crashDatabase, startChild, type CrashDatabase } from '../crash-setup.js';
import { DB_KINDS } from '../helpers.js';
import { insertConfig } from '../playbooks/fixtures.js';
import { eventContext, testOptions } from './context.js';

const CHILD = fileURLToPath(new URL('./consumer-child.ts', import.meta.url));
const ITEMS = 12;

/**
 * SIGKILL of a process while its event consumer is handling a batch: what it had settled stays
 * settled, what it held comes back when its lease ends (within EVENT_LEASE_MS of the kill, not
 * minutes), and the next consumer ends every event — no event lost, none left claimed, no
 * playbook run started twice although the events in hand are handled a second time.
 */
describe.each(DB_KINDS)('kill -9 during event handling (%s)', (kind) => {
  let database: CrashDatabase;
  beforeAll(async () => {
    database = await crashDatabase(kind);
  });
  afterAll(() => database.close());

  it('loses no event, keeps what was handled, and the next consumer ends the rest once the lease is over', async () => {
    const playbookId = await database.prepare(async (db) => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO playbooks (name, title, spec) VALUES ('on-new-pod', 'On new pod', $1::jsonb) RETURNING id`,
        [
          JSON.stringify({
            on: { config: [{ event: 'created' }] },
            actions: [{ name: 'say', exec: { script: 'echo hi' } }],
          }),
        ],
      );
      // Each new config item queues its config.created event (the database's trigger).
      for (let i = 0; i < ITEMS; i++) await insertConfig(db, { name: `pod-${i}` });
      return rows[0]!.id;
    });

    // The child handles 4 events at a time, each for 1.5 s; it is killed with a batch half done.
    const started = await counter();
    const child = startChild(CHILD, { ...database.env, SIGNAL_PORT: String(started.port), SLOW_MS: '1500' });
    await child.until(() => started.count() >= 9, 'handled its events');
    await child.kill();

    const db = await database.open();
    const ctx = eventContext(db);
    const queued = async () =>
      (
        await db.query<{ n: number; claimed: number; within_lease: boolean }>(
          `SELECT count(*)::int AS n, count(claimed_by)::int AS claimed,
             coalesce(bool_and(available_at <= now() + make_interval(secs => $1)), true) AS within_lease
           FROM event_queue WHERE name = 'config.created'`,
          [EVENT_LEASE_MS / 1000],
        )
      ).rows[0]!;
    const left = await queued();
    // What was settled before the kill (outcomes are written at least every second) is gone;
    // the rest, in hand or not yet started, is still held by the dead consumer's lease.
    expect(left.n).toBeGreaterThan(0);
    expect(left.n).toBeLessThan(ITEMS);
    expect(left.claimed).toBe(left.n);
    expect(left.within_lease).toBe(true);

    // A restarted consumer finds them leased; once the lease is over (its clock moved past it),
    // it handles every one.
    const registry = eventRegistryOf(domains);
    expect(await drainEvents(ctx, registry, testOptions(ctx))).toEqual({ consumed: 0, failed: 0 });
    const { rows: clock } = await db.query<{ now: Date }>('SELECT now() AS now');
    const afterLease = new Date(clock[0]!.now.getTime() + EVENT_LEASE_MS + 1000);
    const drained = await drainEvents(ctx, registry, testOptions(ctx, { now: () => afterLease }));
    expect(drained).toEqual({ consumed: left.n, failed: 0 });
    expect(await queued()).toMatchObject({ n: 0 });

    // Every item got exactly one run: none lost with the child, none twice for an event handled again.
    const { rows: runs } = await db.query<{ items: number; runs: number }>(
      `SELECT count(DISTINCT config_id)::int AS items, count(*)::int AS runs FROM playbook_runs WHERE playbook_id = $1`,
      [playbookId],
    );
    expect(runs[0]).toEqual({ items: ITEMS, runs: ITEMS });
    started.close();
  }, 120_000);
});
