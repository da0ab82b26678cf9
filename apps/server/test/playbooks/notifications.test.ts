import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import {
  addRule,
  drain,
  history,
  notificationContext,
  startWebhookSink,
  type WebhookSink,
} from '../notifications/fixtures.js';

describe.each(DB_KINDS)('notifications of playbook runs on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let hooks: WebhookSink;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
    hooks = await startWebhookSink();
  });
  afterAll(async () => {
    await hooks.stop();
    await drop();
  });

  it('tells a rule that a run completed or failed, with its playbook, error and a link to the run', async () => {
    const ruleId = await addRule(db, {
      events: ['playbook.run.completed', 'playbook.run.failed'],
      filter: "playbook.name == 'restart'",
      url: `generic+${hooks.url}/runs`,
    });
    const { rows: pbs } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, title, spec) VALUES ('restart', 'Restart pods', '{}'), ('other', '', '{}')
       RETURNING id`,
    );
    const { rows: runs } = await db.query<{ id: string }>(
      `INSERT INTO playbook_runs (playbook_id, spec, status) VALUES ($1, '{}', 'running'), ($1, '{}', 'running'),
         ($2, '{}', 'running') RETURNING id`,
      [pbs[0]!.id, pbs[1]!.id],
    );
    await db.query(`UPDATE playbook_runs SET status = 'completed' WHERE id = $1`, [runs[0]!.id]);
    await db.query(`UPDATE playbook_runs SET status = 'failed', error = 'exit status 2' WHERE id = $1`, [
      runs[1]!.id,
    ]);
    await db.query(`UPDATE playbook_runs SET status = 'failed' WHERE id = $1`, [runs[2]!.id]);
    await drain(notificationContext(db));

    const titles = hooks.hooks.map((h) => (JSON.parse(h.body) as { title: string }).title).sort();
    expect(titles).toEqual(['Playbook Restart pods has completed', 'Playbook Restart pods has failed']);
    const body = hooks.hooks.map((h) => (JSON.parse(h.body) as { message: string }).message).join('\n');
    expect(body).toContain(`/playbooks/runs/${runs[1]!.id}`);
    expect(body).toContain('exit status 2');
    expect((await history(db, ruleId)).map((h) => h.status)).toEqual(['sent', 'sent']);
    const types = await db.query(`SELECT DISTINCT resource_type FROM notification_send_history`);
    expect(types.rows).toEqual([{ resource_type: 'playbook' }]);
  });
});
