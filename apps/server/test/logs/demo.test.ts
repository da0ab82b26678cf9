import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LogItem } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendDemoLines } from '../../src/logs/demo.js';
import { startTestServer, type TestServer } from '../helpers.js';

describe('the demo logs', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-demo-logs-'));
    server = await startTestServer('pglite', { demo: true }, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function search(body: unknown) {
    const res = await fetch(`${server.baseUrl}/api/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { results: LogItem[] } };
  }

  it("show the Checkout component's nginx lines from a fresh start, and the search narrows them", async () => {
    const { rows: topologies } = await server.db.query<{ id: string }>(
      `SELECT id FROM topologies WHERE name = 'storefront'`,
    );
    const built = await fetch(`${server.baseUrl}/api/topology/run/${topologies[0]!.id}`, { method: 'POST' });
    expect(built.status).toBeLessThan(300);
    const { rows } = await server.db.query<{ id: string }>(
      `SELECT id FROM components_with_logs WHERE name = 'Checkout'`,
    );
    const id = rows[0]!.id;

    const access = await search({ id });
    expect(access.status, JSON.stringify(access.body)).toBe(200);
    expect(access.body.results.length).toBeGreaterThan(50);
    expect(access.body.results[0]?.labels).toMatchObject({ app: 'nginx', source: 'file' });
    expect(access.body.results[0]?.labels.path).toMatch(/demo-logs\/nginx-access\.log$/);

    const failing = await search({ id, query: '" 502 ' });
    expect(failing.body.results.length).toBeGreaterThan(0);
    expect(failing.body.results.length).toBeLessThan(access.body.results.length);
    expect(failing.body.results.every((r) => r.message.includes('" 502 '))).toBe(true);

    const errors = await search({ id, name: 'error', start: '1d' });
    expect(errors.body.results.length).toBeGreaterThan(0);
    expect(errors.body.results.every((r) => r.labels.path?.endsWith('nginx-error.log'))).toBe(true);

    // The demo job keeps the lines coming, dated now.
    expect(appendDemoLines(dataDir, new Date(Date.now() + 1000), () => 0.99)).toBeGreaterThan(1);
    const after = await search({ id, start: '1m' });
    expect(after.body.results.at(-1)?.message).toBeDefined();
    expect(Date.parse(after.body.results.at(-1)?.timestamp ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});
