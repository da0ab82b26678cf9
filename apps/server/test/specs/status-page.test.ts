import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../../src/auth/access-tokens.js';
import { runSpecCommand } from '../../src/specs/index.js';
import { DB_KINDS, signIn, startTestServer, type TestServer } from '../helpers.js';

const START_TIMEOUT = 300_000;

const DOC = `apiVersion: opsdeck.dev/v1
kind: StatusPage
metadata:
  name: shop
  labels: {app: shop}
spec:
  title: Shop status
  description: How the shop is doing
  custom_domain: status.shop.test
  groups:
    - name: API
      selectors:
        - kind: check
          name: "api-*"
          labelSelector: tier=public
`;

describe.each(DB_KINDS)('opsdeck apply: StatusPage, on %s', (kind) => {
  let server: TestServer;
  let dir = '';
  let env: NodeJS.ProcessEnv = {};
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runSpecCommand(argv, env, { log: (l) => out.push(l), error: (l) => err.push(l) });
    return { code, out, err };
  };
  const row = async () =>
    (
      await server.db.query<{
        title: string;
        groups: unknown;
        source: string;
        applied: { edited?: boolean } | null;
      }>(`SELECT title, groups, source, applied FROM status_pages WHERE slug = 'shop' AND deleted_at IS NULL`)
    ).rows[0];

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    const admin = await signIn(server, 'admin');
    const { token } = await createAccessToken(server.db, admin.personId, 'gitops', null);
    env = { OPSDECK_URL: server.baseUrl, OPSDECK_TOKEN: token };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-status-'));
    fs.writeFileSync(path.join(dir, 'status.yaml'), DOC);
  }, START_TIMEOUT);
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await server?.close();
  });

  it('creates the page under its slug, changes nothing the second time, and serves it publicly', async () => {
    const first = await run('apply', '-f', dir);
    expect(first.err).toEqual([]);
    expect(first.out.join('\n')).toMatch(/StatusPage\/.*shop.* created/);
    expect(await row()).toMatchObject({
      title: 'Shop status',
      source: 'apply',
      groups: [{ name: 'API', selectors: [{ kind: 'check', name: 'api-*', labelSelector: 'tier=public' }] }],
    });
    const again = await run('apply', '-f', dir);
    expect(again.out.every((l) => l.endsWith(' unchanged'))).toBe(true);
    const res = await fetch(`${server.baseUrl}/api/status/shop`);
    expect(res.status).toBe(200);
  });

  it('marks a hand edit and puts the file back; refuses an invalid spec with the field', async () => {
    await server.db.query(`UPDATE status_pages SET title = 'by hand' WHERE slug = 'shop'`);
    expect((await row())?.applied?.edited).toBe(true);
    const back = await run('apply', '-f', dir);
    expect(back.out.join('\n')).toContain('edited by hand since the last apply');
    expect((await row())?.title).toBe('Shop status');

    const bad = path.join(dir, 'bad');
    fs.mkdirSync(bad);
    fs.writeFileSync(
      path.join(bad, 'x.yaml'),
      DOC.replace('name: shop', 'name: other').replace(/ {2}groups:[^]*$/, '  groups: []\n'),
    );
    const refused = await run('apply', '-f', bad);
    expect(refused.code).not.toBe(0);
    expect(refused.err.join('\n')).toContain('spec.groups');
  });

  it('delete -f removes the page: its public address answers 404', async () => {
    const gone = await run('delete', '-f', path.join(dir, 'status.yaml'));
    expect(gone.code).toBe(0);
    expect(await row()).toBeUndefined();
  });
});
