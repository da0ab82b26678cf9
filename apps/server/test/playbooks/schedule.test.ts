import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSlot } from '../../src/playbooks/triggers/cron.js';
import { fireDueSchedules } from '../../src/playbooks/triggers/schedule.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { call, createPlaybook, echoAction } from './client.js';
import { runsOf } from './fixtures.js';

describe('on.schedule slots', () => {
  it('reads cron in UTC unless CRON_TZ= names a zone', () => {
    const from = new Date('2026-01-15T10:30:00Z');
    expect(nextSlot('0 12 * * *', from)?.toISOString()).toBe('2026-01-15T12:00:00.000Z');
    expect(nextSlot('CRON_TZ=Europe/Berlin 0 12 * * *', from)?.toISOString()).toBe(
      '2026-01-15T11:00:00.000Z',
    );
    expect(nextSlot('@every 5m', from)?.toISOString()).toBe('2026-01-15T10:35:00.000Z');
  });
});

describe.each(DB_KINDS)('playbook schedules on %s', (kind) => {
  let server: TestServer;
  let editor: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    editor = await signIn(server, 'editor');
  });
  afterAll(() => server.close());

  it('fires each due slot once with two schedulers racing, with templated parameters, as the system', async () => {
    const pb = await createPlaybook(server, editor, {
      parameters: [{ name: 'who' }],
      on: { schedule: [{ schedule: '@hourly', parameters: { who: '{{ .playbook.name }}' } }] },
      actions: [echoAction],
    });
    const { rows } = await server.db.query<{ next_run_at: Date }>(
      'SELECT next_run_at FROM playbook_schedules WHERE playbook_id = $1',
      [pb.id],
    );
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.next_run_at).getTime()).toBeGreaterThan(Date.now());
    const now = new Date(new Date(rows[0]!.next_run_at).getTime() + 1000);
    await Promise.all([fireDueSchedules(server.db, now), fireDueSchedules(server.db, now)]);
    await fireDueSchedules(server.db, now);
    const runs = await runsOf(server.db, String(pb.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', created_by: null, parameters: { who: pb.name } });
    const after = await server.db.query<{ next_run_at: Date }>(
      'SELECT next_run_at FROM playbook_schedules WHERE playbook_id = $1',
      [pb.id],
    );
    expect(new Date(after.rows[0]!.next_run_at).getTime()).toBeGreaterThan(now.getTime());
  });

  it('keeps the slot when the spec is saved unchanged and drops it on delete', async () => {
    const spec = { on: { schedule: [{ schedule: '*/5 * * * *' }] }, actions: [echoAction] };
    const pb = await createPlaybook(server, editor, spec);
    const slot = async () =>
      (
        await server.db.query<{ next_run_at: Date }>(
          'SELECT next_run_at FROM playbook_schedules WHERE playbook_id = $1',
          [pb.id],
        )
      ).rows;
    const before = await slot();
    await call(server, editor, 'PATCH', `/api/db/playbooks?id=eq.${String(pb.id)}`, { spec });
    expect(await slot()).toEqual(before);
    await call(server, editor, 'PATCH', `/api/db/playbooks?id=eq.${String(pb.id)}`, {
      deleted_at: new Date().toISOString(),
    });
    expect(await slot()).toEqual([]);
  });
});
