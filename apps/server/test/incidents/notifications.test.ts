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

describe.each(DB_KINDS)('notifications of incident events on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let hooks: WebhookSink;

  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
    hooks = await startWebhookSink();
  });
  afterAll(async () => {
    await hooks.stop();
    await drop();
  });

  it('tells a rule about a new incident, its status and comments, with a link to the incident', async () => {
    // A filter-only silence about checks must neither silence nor break incident notifications.
    await db.query(`INSERT INTO notification_silences (filter) VALUES ($1)`, ["check.labels.env == 'batch'"]);
    const ruleId = await addRule(db, {
      events: ['incident.created', 'incident.status.resolved', 'incident.comment.added'],
      filter: "incident.severity == 'high'",
      url: `generic+${hooks.url}/incidents`,
    });
    const { rows } = await db.query<{ id: string; incident_id: string }>(
      `INSERT INTO incidents (title, severity) VALUES ('Payments down', 'high'), ('Minor', 'low')
       RETURNING id, incident_id`,
    );
    const [high] = rows;
    await db.query(`INSERT INTO comments (incident_id, comment) VALUES ($1, 'Rolling back')`, [high!.id]);
    await db.query(`UPDATE incidents SET status = 'resolved' WHERE id = $1`, [high!.id]);
    await drain(notificationContext(db));

    const titles = hooks.hooks.map((h) => (JSON.parse(h.body) as { title: string }).title).sort();
    expect(titles).toEqual([
      `Incident ${high!.incident_id} is resolved: Payments down`,
      `Incident ${high!.incident_id} was opened: Payments down`,
      `New comment on ${high!.incident_id}: Payments down`,
    ]);
    const body = hooks.hooks.map((h) => (JSON.parse(h.body) as { message: string }).message).join('\n');
    expect(body).toContain(`http://127.0.0.1/incidents/${high!.id}`);
    expect(body).toContain('Rolling back');
    expect((await history(db, ruleId)).map((h) => h.status)).toEqual(['sent', 'sent', 'sent']);
    const types = await db.query(`SELECT DISTINCT resource_type FROM notification_send_history`);
    expect(types.rows).toEqual([{ resource_type: 'incident' }]);
    const silence = await db.query<{ error: string | null }>(`SELECT error FROM notification_silences`);
    expect(silence.rows[0]!.error).toBeNull();
  });
});
