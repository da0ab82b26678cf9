import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../src/domains.js';
import { consumerOptions, drainEvents } from '../../src/events/consumer.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import { runDueCanaries } from '../../src/health/scheduler.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { queueSummary } from './context.js';

describe.each(DB_KINDS)('a fresh demo install on %s', (kind) => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-events-'));
    server = await startTestServer(kind, { demo: true }, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no check.failed pending once the consumer has run', async () => {
    // The demo canaries' first runs: some of their checks fail on purpose.
    await runDueCanaries(server.ctx);
    const before = await queueSummary(server.db);
    expect(before.find((r) => r.name === 'check.failed')?.pending).toBeGreaterThan(0);

    // What the EventConsumer job does when it wakes, with the handlers of the real domain list.
    const drained = await drainEvents(
      server.ctx,
      eventRegistryOf(domains),
      consumerOptions(server.ctx.config),
    );

    expect(drained.failed).toBe(0);
    expect(drained.consumed).toBe(before.reduce((n, r) => n + r.pending, 0));
    expect(await queueSummary(server.db)).toEqual([]);
  });
});
