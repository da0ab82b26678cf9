import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../src/domains.js';
import { consumerOptions, drainEvents } from '../../src/events/consumer.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import { runDueCanaries } from '../../src/health/scheduler.js';
import { startTestServer, type TestServer } from '../helpers.js';

describe('the demo notifications', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-notifications-'));
    server = await startTestServer('pglite', { demo: true }, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('come with a rule and a little history, and the rule runs on the demo checks without error', async () => {
    const { rows: seeded } = await server.db.query<{ status: string }>(
      'SELECT status FROM notification_send_history ORDER BY status',
    );
    expect(seeded.map((r) => r.status)).toEqual(['error', 'sent', 'silenced']);

    await runDueCanaries(server.ctx);
    await drainEvents(server.ctx, eventRegistryOf(domains), consumerOptions(server.ctx.config));
    const { rows } = await server.db.query<{ error: string | null }>(
      `SELECT error FROM notifications WHERE name = 'platform-check-failures'`,
    );
    expect(rows).toEqual([{ error: null }]);
  });
});
