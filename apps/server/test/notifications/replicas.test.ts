import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/pg.js';
import type { Db } from '../../src/db/types.js';
import { processPending } from '../../src/notifications/pending.js';
import { freshDb } from '../helpers.js';
import {
  addCheck,
  addRule,
  drain,
  history,
  notificationContext,
  startWebhookSink,
  type WebhookSink,
} from './fixtures.js';

const CHECKS = 40;

describe('two server processes on one PostgreSQL database', () => {
  let a: Db;
  let b: Db;
  let drop: () => Promise<void>;
  let hooks: WebhookSink;
  beforeAll(async () => {
    const fresh = await freshDb('postgresql');
    a = fresh.db;
    drop = fresh.drop;
    await migrate(a);
    b = await openPostgres(fresh.url!, { poolSize: 5, statementTimeoutMs: 5000 });
    hooks = await startWebhookSink();
  });
  afterAll(async () => {
    await hooks.stop();
    await b.close();
    await drop();
  });

  it('never send the same notification twice, whether sent at once or after wait_for', async () => {
    const now = await addRule(a, { name: 'now', url: `generic+${hooks.url}/now` });
    const held = await addRule(a, { name: 'held', url: `generic+${hooks.url}/held`, wait_for_ms: 60_000 });
    const ids: string[] = [];
    for (let i = 0; i < CHECKS; i++) ids.push((await addCheck(a, `replica-${i}`)).checkId);
    await a.query(`UPDATE checks SET status = 'unhealthy' WHERE id = ANY ($1::uuid[])`, [ids]);

    const ctxA = notificationContext(a);
    const ctxB = notificationContext(b);
    await Promise.all([drain(ctxA), drain(ctxB)]);
    await a.query(
      `UPDATE notification_send_history SET not_before = now() - interval '1 second' WHERE status = 'pending'`,
    );
    await Promise.all([
      processPending(ctxA, 5),
      processPending(ctxB, 5),
      processPending(ctxA, 50),
      processPending(ctxB, 50),
    ]);

    const paths = (p: string) =>
      hooks.hooks.filter((h) => h.path === p).map((h) => (JSON.parse(h.body) as { title: string }).title);
    const titles = ids.map((_, i) => `Check replica-${i} has failed`).sort();
    expect(paths('/now').sort()).toEqual(titles);
    expect(paths('/held').sort()).toEqual(titles);
    expect((await history(a, now)).map((r) => r.status)).toEqual(Array(CHECKS).fill('sent'));
    expect((await history(a, held)).map((r) => r.status)).toEqual(Array(CHECKS).fill('sent'));
  });
});
