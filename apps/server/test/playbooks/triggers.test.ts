import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/platform/domain.js';
import { playbooksDomain } from '../../src/playbooks/index.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { createPlaybook, echoAction, type Row } from './client.js';
import { insertCheck, insertConfig, runsOf } from './fixtures.js';

describe.each(DB_KINDS)('playbook event triggers on %s', (kind) => {
  let server: TestServer;
  let editor: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    editor = await signIn(server, 'editor');
  });
  afterAll(() => server.close());

  /** Runs the playbooks domain's handler for a queued event, as the consumer would. */
  async function handle(event: DomainEvent): Promise<void> {
    const handler = playbooksDomain.eventHandlers?.[event.name];
    if (!handler) throw new Error(`no handler for ${event.name}`);
    await handler(event, server.ctx);
  }

  /** The event the database queued for a resource. */
  async function queued(name: string, resourceId: string): Promise<DomainEvent> {
    const { rows } = await server.db.query<DomainEvent>(
      'SELECT id, name, properties FROM event_queue WHERE name = $1 AND event_id = $2',
      [name, resourceId],
    );
    if (!rows[0]) throw new Error(`no ${name} queued for ${resourceId}`);
    return rows[0];
  }

  it('starts one run with the check for check.failed, once however often the event is handled', async () => {
    const pb = await createPlaybook(server, editor, {
      on: {
        canary: [{ event: 'failed', filter: "check.name == 'checkout'", labels: { team: 'web,shop-*' } }],
      },
      actions: [echoAction],
    });
    const checkId = await insertCheck(server.db, { name: 'checkout', labels: { team: 'shop-eu' } });
    await server.db.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [checkId]);
    const event = await queued('check.failed', checkId);
    await handle(event);
    await handle(event);
    const runs = await runsOf(server.db, String(pb.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'scheduled',
      trigger: 'canary',
      check_id: checkId,
      created_by: null,
    });
  });

  it('starts nothing when the filter is false or a label does not match', async () => {
    const byFilter = await createPlaybook(server, editor, {
      on: { canary: [{ event: 'failed', filter: "check.name == 'other'" }] },
      actions: [echoAction],
    });
    const byLabel = await createPlaybook(server, editor, {
      on: { canary: [{ event: 'failed', labels: { team: 'db' } }] },
      actions: [echoAction],
    });
    const missingLabel = await createPlaybook(server, editor, {
      on: { canary: [{ event: 'failed', labels: { owner: '*' } }] },
      actions: [echoAction],
    });
    const checkId = await insertCheck(server.db, { name: 'search', labels: { team: 'web' } });
    await server.db.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [checkId]);
    await handle(await queued('check.failed', checkId));
    for (const pb of [byFilter, byLabel, missingLabel])
      expect(await runsOf(server.db, String(pb.id))).toEqual([]);
  });

  it('matches a config trigger against its tags and records a bad filter in job history', async () => {
    const byTag = await createPlaybook(server, editor, {
      on: { config: [{ event: 'created', labels: { env: 'prod' } }] },
      actions: [echoAction],
    });
    const bad = await createPlaybook(server, editor, {
      on: { config: [{ event: 'created', filter: 'config.name' }] },
      actions: [echoAction],
    });
    const configId = await insertConfig(server.db, { name: 'api-1', tags: { env: 'prod' } });
    await handle(await queued('config.created', configId));
    expect(await runsOf(server.db, String(byTag.id))).toMatchObject([
      { trigger: 'config', config_id: configId },
    ]);
    expect(await runsOf(server.db, String(bad.id))).toEqual([]);
    const { rows } = await server.db.query<Row>(
      `SELECT status, resource_type, details FROM job_history WHERE name = 'PlaybookTrigger' AND resource_id = $1`,
      [String(bad.id)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'FAILED', resource_type: 'playbook' });
    expect(JSON.stringify(rows[0]!.details)).toContain("didn't evaluate to a boolean value");
  });

  it('records a parameter error of a triggered run instead of failing the event', async () => {
    const pb = await createPlaybook(server, editor, {
      on: { config: [{ event: 'created' }] },
      parameters: [{ name: 'needed', required: true }],
      actions: [echoAction],
    });
    const configId = await insertConfig(server.db, { name: 'api-2' });
    await handle(await queued('config.created', configId));
    expect(await runsOf(server.db, String(pb.id))).toEqual([]);
    const { rows } = await server.db.query<Row>(
      `SELECT details FROM job_history WHERE name = 'PlaybookTrigger' AND resource_id = $1`,
      [String(pb.id)],
    );
    expect(JSON.stringify(rows[0]?.details)).toContain('missing required parameter(s): needed');
  });
});
