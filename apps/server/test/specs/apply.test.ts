import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../../src/auth/access-tokens.js';
import { runSpecCommand } from '../../src/specs/index.js';
import { DB_KINDS, signIn, startTestServer, type TestServer } from '../helpers.js';
import { httpServer, type Listening } from '../health/peers.js';

const START_TIMEOUT = 300_000;

type Run = { code: number; out: string[]; err: string[] };

/** A GitOps folder as Flux would hold it: file names in alphabetical order, references forward. */
function writeFolder(dir: string, peerPort: number): void {
  const files: Record<string, string> = {
    'a-canary.yaml': `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: shop-api
  namespace: web
  labels: {app: shop}
spec:
  schedule: "@every 5m"
  http:
    - name: shop-api-up
      connection: connection://web/shop-api
      responseCodes: [200]
`,
    'b-connection.yaml': `apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: shop-api
  namespace: web
  labels: {app: shop}
spec:
  http:
    url: http://127.0.0.1:${peerPort}/health
    username: {value: shop}
    password: {value: s3cret-pass}
`,
    'c-notification.yaml': `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: shop-down
  namespace: web
  labels: {app: shop}
spec:
  events: [check.failed]
  to:
    team: sre
`,
    'c-notify-playbook.yaml': `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: shop-restart
  namespace: web
  labels: {app: shop}
spec:
  events: [check.failed]
  to:
    playbook: web/restart-shop
`,
    'd-team.yaml': `apiVersion: mission-control.flanksource.com/v1
kind: Team
metadata:
  name: sre
  labels: {app: shop}
spec:
  notifications:
    - email: sre@example.com
`,
    'f-playbook.yaml': `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: restart-shop
  namespace: web
  labels: {app: shop}
spec:
  title: Restart the shop
  actions:
    - name: restart
      exec:
        script: echo restarting
`,
    'extras/e-canaries.yaml': `kind: Canary
metadata: {name: extra-one, namespace: web, labels: {app: shop}}
spec:
  http: [{name: extra-one, url: "http://127.0.0.1:${peerPort}/one"}]
---
kind: Canary
metadata: {name: other-team, namespace: web, labels: {app: other}}
spec:
  http: [{name: other-team, url: "http://127.0.0.1:${peerPort}/other"}]
`,
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
}

describe.each(DB_KINDS)('opsdeck apply on %s', (kind) => {
  let server: TestServer;
  let peer: Listening;
  let dir = '';
  let env: NodeJS.ProcessEnv = {};
  const seen: string[] = [];

  async function run(...argv: string[]): Promise<Run> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runSpecCommand(argv, env, { log: (l) => out.push(l), error: (l) => err.push(l) });
    return { code, out, err };
  }
  const file = (name: string) => path.join(dir, name);
  const api = async (p: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.baseUrl}${p}`, {
      ...init,
      headers: {
        authorization: `Bearer ${env.OPSDECK_TOKEN}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as unknown };
  };
  const one = async <T>(sql: string, params: unknown[] = []) =>
    (await server.db.query<T & Record<string, unknown>>(sql, params)).rows[0];

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    peer = await httpServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization ?? ''}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    const admin = await signIn(server, 'admin');
    const { token } = await createAccessToken(server.db, admin.personId, 'gitops', null);
    env = { OPSDECK_URL: server.baseUrl, OPSDECK_TOKEN: token };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-apply-'));
    writeFolder(dir, peer.port);
  }, START_TIMEOUT);
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await peer?.close();
    await server?.close();
  });

  it('applies files one at a time in alphabetical order: forward references wait, then resolve', async () => {
    // Flux applies a folder file by file, alphabetically: the canary comes before its connection.
    const canary = await run('apply', '-f', file('a-canary.yaml'));
    expect(canary).toMatchObject({ code: 0, err: [] });
    expect(canary.out).toEqual([`Canary/web/shop-api (${file('a-canary.yaml')}) created`]);
    const row = await one<{ id: string; source: string }>(
      `SELECT id, source FROM canaries WHERE name = 'shop-api' AND deleted_at IS NULL`,
    );
    expect(row?.source).toBe('apply');
    const warning = await api(`/api/specs/unresolved/canaries/${row?.id}`);
    expect(warning.json).toEqual({
      unresolved: [
        { path: 'spec.http.0.connection', message: 'connection connection://web/shop-api not found' },
      ],
    });
    const check = await one<{ id: string }>('SELECT id FROM checks WHERE canary_id = $1', [row?.id]);
    const early = await api(`/api/canary/run/check/${check?.id}`, { method: 'POST' });
    expect(early.json).toMatchObject({ failed: 1 });
    expect(JSON.stringify(early.json)).toContain('connection connection://web/shop-api not found');

    expect((await run('apply', '-f', file('b-connection.yaml'))).code).toBe(0);
    expect((await api(`/api/specs/unresolved/canaries/${row?.id}`)).json).toEqual({ unresolved: [] });
    const ran = await api(`/api/canary/run/check/${check?.id}`, { method: 'POST' });
    expect(ran.json).toMatchObject({ success: 1, failed: 0 });
    expect(seen).toContain(`/health Basic ${Buffer.from('shop:s3cret-pass').toString('base64')}`);

    // The notification names a team that comes later.
    expect((await run('apply', '-f', file('c-notification.yaml'))).code).toBe(0);
    const rule = await one<{ id: string; team_id: string | null; recipient_ref: unknown }>(
      `SELECT id, team_id, recipient_ref FROM notifications WHERE name = 'shop-down'`,
    );
    expect(rule).toMatchObject({ team_id: null, recipient_ref: { team: 'sre' } });
    expect((await api(`/api/specs/unresolved/notifications/${rule?.id}`)).json).toEqual({
      unresolved: [
        { path: 'spec.to', message: 'team sre not found; the rule sends nothing until it exists' },
      ],
    });

    expect((await run('apply', '-f', file('d-team.yaml'))).code).toBe(0);
    const team = await one<{ id: string }>(`SELECT id FROM teams WHERE name = 'sre' AND deleted_at IS NULL`);
    expect(await one(`SELECT team_id, recipient_ref FROM notifications WHERE id = $1`, [rule?.id])).toEqual({
      team_id: team?.id,
      recipient_ref: null,
    });
    expect((await api(`/api/specs/unresolved/notifications/${rule?.id}`)).json).toEqual({ unresolved: [] });

    // A notification that runs a playbook applied after it.
    expect((await run('apply', '-f', file('c-notify-playbook.yaml'))).code).toBe(0);
    const runner = await one<{ id: string }>(`SELECT id FROM notifications WHERE name = 'shop-restart'`);
    expect((await api(`/api/specs/unresolved/notifications/${runner?.id}`)).json).toEqual({
      unresolved: [
        {
          path: 'spec.to.playbook',
          message: 'playbook web/restart-shop not found; its sends fail until it exists',
        },
      ],
    });
    expect((await run('apply', '-f', file('f-playbook.yaml'))).code).toBe(0);
    expect((await api(`/api/specs/unresolved/notifications/${runner?.id}`)).json).toEqual({ unresolved: [] });
  });

  it('applies the whole folder again and changes nothing; diff says so', async () => {
    const again = await run('apply', '-f', dir);
    expect(again.code).toBe(0);
    // The two new canaries of extras/ are created; what the first test applied is unchanged.
    expect(again.out.filter((l) => l.endsWith(' unchanged'))).toHaveLength(6);
    expect(again.out.filter((l) => l.endsWith(' created'))).toHaveLength(2);
    const twice = await run('apply', '-f', dir);
    expect(twice.out.every((l) => l.endsWith(' unchanged'))).toBe(true);
    expect(await run('diff', '-f', dir)).toMatchObject({ code: 0, out: ['no changes'] });
    const stored = await one<{ applied: { file: string; document: unknown } }>(
      `SELECT applied FROM connections WHERE name = 'shop-api'`,
    );
    expect(stored?.applied.file).toBe(file('b-connection.yaml'));
    // The copy kept for diff holds no credential.
    expect(JSON.stringify(stored?.applied.document)).not.toContain('s3cret-pass');
  });

  it('shows a changed file as a diff, applies it, and puts a hand edit back', async () => {
    const text = fs.readFileSync(file('a-canary.yaml'), 'utf8');
    fs.writeFileSync(file('a-canary.yaml'), text.replace('@every 5m', '@every 10m'));
    const diff = await run('diff', '-f', dir);
    expect(diff.code).toBe(1);
    expect(diff.out.join('\n')).toContain('-  schedule: "@every 5m"');
    expect(diff.out.join('\n')).toContain('+  schedule: "@every 10m"');
    expect((await run('apply', '-f', dir)).out).toContain(
      `Canary/web/shop-api (${file('a-canary.yaml')}) configured`,
    );
    expect(await one(`SELECT schedule FROM canaries WHERE name = 'shop-api' AND deleted_at IS NULL`)).toEqual(
      {
        schedule: '@every 10m',
      },
    );

    // Someone changes the rule in the console; the next apply says so and restores the file's.
    const rule = await one<{ id: string }>(`SELECT id FROM notifications WHERE name = 'shop-down'`);
    const edit = await api(`/api/db/notifications?id=eq.${rule?.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'changed by hand' }),
    });
    expect(edit.status).toBe(204);
    const back = await run('apply', '-f', dir);
    expect(back.out).toContain(
      `Notification/web/shop-down (${file('c-notification.yaml')}; edited by hand since the last apply) configured`,
    );
    expect(await one(`SELECT title FROM notifications WHERE id = $1`, [rule?.id])).toEqual({ title: null });
  });

  it('--prune removes the object of a deleted file among the selected labels, and nothing else', async () => {
    // A canary made in the UI with the same label is not the folder's to remove.
    const ui = await api('/api/db/canaries', {
      method: 'POST',
      body: JSON.stringify({ name: 'made-by-hand', namespace: 'web', labels: { app: 'shop' }, spec: {} }),
    });
    expect(ui.status).toBe(201);
    const text = fs.readFileSync(file('extras/e-canaries.yaml'), 'utf8');
    fs.rmSync(file('extras/e-canaries.yaml'));
    expect(await run('apply', '-f', dir, '--prune')).toMatchObject({ code: 2 });
    const dry = await run('apply', '-f', dir, '--prune', '--selector', 'app=shop', '--dry-run');
    expect(dry.out).toContain(
      'Canary/web/extra-one (applied from ' + file('extras/e-canaries.yaml') + ') deleted (dry run)',
    );
    expect(
      await one(`SELECT count(*)::int AS n FROM canaries WHERE name = 'extra-one' AND deleted_at IS NULL`),
    ).toEqual({
      n: 1,
    });
    const pruned = await run('apply', '-f', dir, '--prune', '--selector', 'app=shop');
    expect(pruned.code).toBe(0);
    expect(pruned.out.filter((l) => l.endsWith(' deleted'))).toEqual([
      `Canary/web/extra-one (applied from ${file('extras/e-canaries.yaml')}) deleted`,
    ]);
    const live = await server.db.query<{ name: string }>(
      `SELECT name FROM canaries WHERE deleted_at IS NULL AND namespace = 'web' ORDER BY name`,
    );
    // other-team carries app=other; made-by-hand was not applied.
    expect(live.rows.map((r) => r.name)).toEqual(['made-by-hand', 'other-team', 'shop-api']);
    fs.writeFileSync(file('extras/e-canaries.yaml'), text);
  });

  it('reports a refused document with the server reason and applies the others', async () => {
    const bad = path.join(dir, 'z-bad.yaml');
    fs.writeFileSync(
      bad,
      'kind: Canary\nmetadata: {name: typo, namespace: web}\nspec:\n  htpp: [{name: x, url: "http://127.0.0.1:1"}]\n',
    );
    const res = await run('apply', '-f', bad, '-f', file('d-team.yaml'));
    expect(res.code).toBe(1);
    expect(res.err.join('\n')).toMatch(/error: Canary\/web\/typo .*htpp/);
    expect(res.out).toEqual([`Team/default/sre (${file('d-team.yaml')}) unchanged`]);
    fs.writeFileSync(bad, 'kind: Canary\nmetadata: {name: [broken\n');
    const unreadable = await run('apply', '-f', bad);
    expect(unreadable.code).toBe(2);
    expect(unreadable.err[0]).toContain(`${bad}: not valid YAML`);
    fs.writeFileSync(bad, 'kind: Deployment\nmetadata: {name: web}\n');
    expect((await run('diff', '-f', bad)).err[0]).toContain('kind Deployment is not one Opsdeck stores');
    fs.rmSync(bad);
  });

  it('refuses what the token may not do, in the server words', async () => {
    const viewer = await signIn(server, null);
    const { token } = await createAccessToken(server.db, viewer.personId, 'read-only', null);
    const saved = env;
    env = { ...env, OPSDECK_TOKEN: token };
    fs.writeFileSync(
      file('a-canary.yaml'),
      fs.readFileSync(file('a-canary.yaml'), 'utf8').replace('10m', '15m'),
    );
    const res = await run('apply', '-f', file('a-canary.yaml'));
    env = saved;
    expect(res.code).toBe(1);
    expect(res.err[0]).toMatch(/error: Canary\/web\/shop-api .*(permission|forbidden|denied)/i);
    env = { ...saved, OPSDECK_TOKEN: 'od_0000.nope' };
    expect((await run('diff', '-f', dir)).err[0]).toContain('refused the token');
    env = saved;
  });

  it('delete -f removes the objects the files name', async () => {
    const res = await run('delete', '-f', file('extras/e-canaries.yaml'));
    expect(res.code).toBe(0);
    // extra-one was pruned already.
    expect(res.out).toEqual(['Canary/web/other-team deleted']);
    expect(
      await one(
        `SELECT count(*)::int AS n FROM canaries WHERE name IN ('extra-one', 'other-team') AND deleted_at IS NULL`,
      ),
    ).toEqual({ n: 0 });
  });
});
