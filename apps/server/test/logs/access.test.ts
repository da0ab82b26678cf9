import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

describe.each(DB_KINDS)('logs access on %s', (kind) => {
  let server: TestServer;
  let root: string;
  let admin: SignedIn;
  let viewer: SignedIn;
  let componentId: string;

  beforeAll(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-logs-access-')));
    fs.writeFileSync(path.join(root, 'app.log'), `${new Date().toISOString()} hello from the app\n`);
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin', FILE_ROOTS: root });
    admin = await signIn(server, 'admin');
    viewer = await signIn(server, 'viewer');
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO components (name, type, external_id, log_selectors)
       VALUES ('app', 'Service', 'app-1', '[{"name":"app"}]') RETURNING id`,
    );
    componentId = rows[0]!.id;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const post = (who: SignedIn | undefined, url: string, body: unknown) =>
    fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { ...who?.headers, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(body),
    });

  it('refuses at save a file backend reaching outside the roots, and takes one inside', async () => {
    const outside = await post(admin, '/api/db/logging_backends', {
      name: 'outside',
      spec: { backends: [{ file: { path: ['/etc/*.conf'] } }] },
    });
    expect(outside.status).toBe(400);
    expect(JSON.stringify(await outside.json())).toContain('is outside the allowed file roots');
    const inside = await post(admin, '/api/db/logging_backends', {
      name: 'inside',
      spec: { backends: [{ file: { path: [`${root}/*.log`] } }] },
    });
    expect(inside.status).toBe(201);
  });

  it('lets a viewer search (read on topologies) and nobody signed out', async () => {
    const read = await post(viewer, '/api/logs', { id: componentId, start: '1h' });
    expect(read.status).toBe(200);
    const body = (await read.json()) as { results: { message: string }[] };
    expect(body.results.map((r) => r.message.slice(25))).toEqual(['hello from the app']);
    expect((await post(undefined, '/api/logs', { id: componentId })).status).toBe(401);
  });
});
