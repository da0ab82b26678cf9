import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScraperTryAnswer } from '../../src/catalog/try-scraper.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

/** Tables a scrape writes to: a try must leave every one as it was. */
const WRITTEN = ['config_scrapers', 'config_items', 'config_changes', 'config_analysis', 'job_history'];

const queues = {
  file: [
    {
      paths: ['inventory/*.json'],
      type: 'AWS::SQS::Queue',
      id: '$.id',
      name: '$.id',
      tags: { team: '$.team' },
    },
  ],
};

describe.each(DB_KINDS)('Try a scraper before saving it (POST /api/config/try) on %s', (kind) => {
  let server: TestServer;
  let editor: SignedIn;
  let viewer: SignedIn;

  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-try-scraper-'));
    server = await startTestServer(kind, { dataDir: dir }, { AUTH_MODE: 'builtin', FILE_ROOTS: dir });
    editor = await signIn(server, 'editor');
    viewer = await signIn(server, 'viewer');
    fs.mkdirSync(path.join(dir, 'inventory'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'inventory', 'queues.json'),
      JSON.stringify([
        { id: 'orders', team: 'payments' },
        { id: 'search', team: 'discovery', payload: 'x'.repeat(40_000) },
      ]),
    );
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const tryIt = async (body: unknown, who: SignedIn = editor) => {
    const res = await fetch(`${server.baseUrl}/api/config/try`, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as ScraperTryAnswer & { error?: string } };
  };
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of WRITTEN)
      out[table] = (
        await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
      ).rows[0]!.n;
    return out;
  };

  it('shows the items one run would store, and stores nothing', async () => {
    const before = await counts();
    const { status, body } = await tryIt({ name: 'queues', spec: queues });
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.errors).toEqual([]);
    expect(body.items.map((i) => [i.type, i.name, i.tags.team])).toEqual([
      ['AWS::SQS::Queue', 'orders', 'payments'],
      ['AWS::SQS::Queue', 'search', 'discovery'],
    ]);
    // A large config is cut, and says so.
    const search = body.items[1]!;
    expect(search.truncated).toBe(true);
    expect(typeof search.config).toBe('string');
    expect(body.items[0]).toMatchObject({ truncated: false, config: { id: 'orders', team: 'payments' } });
    expect(await counts()).toEqual(before);
  });

  it('takes the spec as YAML too, and reports a source that fails as the run would', async () => {
    const yaml = 'file:\n  - paths: ["inventory/none-*.json"]\n    type: Demo::Thing\n    id: $.id\n';
    const { status, body } = await tryIt({ spec: yaml });
    expect(status).toBe(200);
    expect(body.total).toBe(0);
  });

  it('refuses what saving would refuse, with the same message', async () => {
    const broken = await tryIt({ spec: { http: [{ type: 'T', id: '$.id' }] } });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/^spec: /);
    const outside = await tryIt({ spec: { file: [{ paths: ['/etc/*.conf'], type: 'T', id: '$.id' }] } });
    expect(outside.status).toBe(400);
    expect(outside.body.error).toContain('outside');
    const missing = await tryIt({
      spec: {
        http: [
          { url: 'http://127.0.0.1:9/', connection: 'connection://default/nope', type: 'T', id: '$.id' },
        ],
      },
    });
    // A connection that does not exist yet is no reason to refuse (docs/specs-as-code.md): the
    // try runs and its source fails saying so.
    expect(missing.status).toBe(200);
    expect(JSON.stringify(missing.body)).toContain('connection connection://default/nope not found');
    expect((await tryIt({ spec: 'file: [' })).body.error).toContain('not valid YAML');
  });

  it('is for those who may save scrapers', async () => {
    expect((await tryIt({ spec: queues }, viewer)).status).toBe(403);
  });
});
