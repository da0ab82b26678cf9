import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../src/domains.js';
import { consumerOptions, drainEvents } from '../../src/events/consumer.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import { startTestServer, type TestServer } from '../helpers.js';

describe('the demo incidents', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-incidents-'));
    server = await startTestServer('pglite', { demo: true }, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are one open, one resolved and one closed, each with a tree, people and a changelog in order', async () => {
    const { rows } = await server.db.query<{
      title: string;
      status: string;
      hypotheses: number;
      histories: number;
      first: string;
      commander: string;
      in_order: boolean;
    }>(
      `SELECT i.title, i.status, p.name AS commander,
         (SELECT count(*)::int FROM hypotheses h WHERE h.incident_id = i.id) AS hypotheses,
         (SELECT count(*)::int FROM incident_histories h WHERE h.incident_id = i.id) AS histories,
         (SELECT type FROM incident_histories h WHERE h.incident_id = i.id ORDER BY created_at LIMIT 1) AS first,
         (SELECT min(h.created_at) >= i.created_at FROM incident_histories h WHERE h.incident_id = i.id) AS in_order
       FROM incidents i JOIN people p ON p.id = i.commander_id ORDER BY i.created_at DESC`,
    );
    expect(rows.map((r) => [r.title, r.status, r.commander])).toEqual([
      ['Payments API latency above 2 s', 'open', 'Maya Okafor'],
      ['Status page certificate expiring in 5 days', 'resolved', 'Hana Sato'],
      ['Cluster node under memory pressure', 'closed', 'Priya Raman'],
    ]);
    for (const r of rows) {
      expect(r.hypotheses).toBeGreaterThan(0);
      expect(r.histories).toBeGreaterThan(2);
      expect(r.first).toBe('incident.created');
      expect(r.in_order).toBe(true);
    }
    const evidence = await server.db.query(
      `SELECT 1 FROM evidences WHERE type = 'check' AND check_id IS NOT NULL`,
    );
    expect(evidence.rows.length).toBeGreaterThan(0);
    // Their events go through the pipeline without failures.
    const drained = await drainEvents(
      server.ctx,
      eventRegistryOf(domains),
      consumerOptions(server.ctx.config),
    );
    expect(drained.failed).toBe(0);
  });
});
