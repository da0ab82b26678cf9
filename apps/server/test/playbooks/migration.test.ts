import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { DB_KINDS, freshDb } from '../helpers.js';

describe.each(DB_KINDS)('playbook tables on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
  });
  afterAll(async () => {
    await drop();
  });

  it('queues playbook.run.completed when a run ends and lists its actions in start order', async () => {
    const {
      rows: [pb],
    } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, spec) VALUES ('echo', '{"actions":[{"name":"a","exec":{"script":"true"}}]}') RETURNING id`,
    );
    const {
      rows: [run],
    } = await db.query<{ id: string }>(
      `INSERT INTO playbook_runs (playbook_id, spec) SELECT id, spec FROM playbooks WHERE id = $1 RETURNING id`,
      [pb!.id],
    );
    await db.query(
      `INSERT INTO playbook_run_actions (playbook_run_id, name, status, start_time) VALUES ($1, 'b', 'completed', now()), ($1, 'a', 'completed', now() - interval '1 minute')`,
      [run!.id],
    );
    await db.query(`UPDATE playbook_runs SET status = 'completed' WHERE id = $1`, [run!.id]);
    const { rows: events } = await db.query<{ name: string }>(
      `SELECT name FROM event_queue WHERE event_id = $1`,
      [run!.id],
    );
    expect(events.map((e) => e.name)).toEqual(['playbook.run.completed']);
    const { rows: actions } = await db.query<{ name: string }>(
      `SELECT name FROM get_playbook_run_actions($1)`,
      [run!.id],
    );
    expect(actions.map((a) => a.name)).toEqual(['a', 'b']);
  });
});
