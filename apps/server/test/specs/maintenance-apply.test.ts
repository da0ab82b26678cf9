import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../../src/auth/access-tokens.js';
import { runSpecCommand } from '../../src/specs/index.js';
import { DB_KINDS, signIn, startTestServer, type TestServer } from '../helpers.js';

const START_TIMEOUT = 300_000;

const WINDOW = `apiVersion: mission-control.flanksource.com/v1
kind: MaintenanceWindow
metadata:
  name: saturday-patching
  namespace: web
  labels: {app: shop}
spec:
  description: OS patches
  schedule: "0 2 * * 6"
  duration: 2h
  timeZone: Europe/Berlin
  selectors:
    - name: "web-*"
      resourceTypes: [check, component]
  notify:
    recipients: [ops@example.org]
    endMessage: Patching is over.
`;

describe.each(DB_KINDS)('opsdeck apply of a MaintenanceWindow, and the data API, on %s', (kind) => {
  let server: TestServer;
  let env: Record<string, string>;
  let dir: string;

  async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runSpecCommand(argv, env, { log: (l) => out.push(l), error: (l) => err.push(l) });
    return { code, out, err };
  }
  const api = async (url: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${env.OPSDECK_TOKEN}`,
        prefer: 'return=representation',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as unknown };
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    const admin = await signIn(server, 'admin');
    const { token } = await createAccessToken(server.db, admin.personId, 'gitops', null);
    env = { OPSDECK_URL: server.baseUrl, OPSDECK_TOKEN: token };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-maint-'));
    fs.writeFileSync(path.join(dir, 'window.yaml'), WINDOW);
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the window from its spec, leaves it alone on a second apply, and notes a hand edit', async () => {
    const first = await run('apply', '-f', dir);
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    const { rows } = await server.db.query<Record<string, unknown>>(
      `SELECT name, namespace, schedule, duration, time_zone, selectors, notify, source, applied->>'edited' AS edited
       FROM maintenance_windows WHERE deleted_at IS NULL`,
    );
    expect(rows).toEqual([
      {
        name: 'saturday-patching',
        namespace: 'web',
        schedule: '0 2 * * 6',
        duration: '2h',
        time_zone: 'Europe/Berlin',
        selectors: [{ name: 'web-*', resourceTypes: ['check', 'component'] }],
        notify: { recipients: ['ops@example.org'], endMessage: 'Patching is over.' },
        source: 'apply',
        edited: null,
      },
    ]);
    const again = await run('apply', '-f', dir);
    expect(again.code).toBe(0);
    expect(again.out.join('\n')).toMatch(/unchanged/);
    await server.db.query(`UPDATE maintenance_windows SET duration = '3h'`);
    const edited = await server.db.query<{ edited: string }>(
      `SELECT applied->>'edited' AS edited FROM maintenance_windows`,
    );
    expect(edited.rows).toEqual([{ edited: 'true' }]);
  });

  it('refuses a spec with a bad field, naming it', async () => {
    const bad = path.join(dir, 'bad');
    fs.mkdirSync(bad);
    fs.writeFileSync(
      path.join(bad, 'w.yaml'),
      WINDOW.replace('    - name: "web-*"\n      resourceTypes: [check, component]\n', '    - {}\n'),
    );
    const r = await run('apply', '-f', bad);
    expect(r.code).not.toBe(0);
    expect(r.err.join('\n')).toContain('spec.selectors.0');
  });

  it('the data API checks the whole window on every write', async () => {
    const base = { name: 'x', namespace: 'default', selectors: [{ name: 'db-*' }] };
    const refused = async (body: unknown) => {
      const r = await api('/api/db/maintenance_windows', { method: 'POST', body });
      expect(r.status).toBe(400);
      return (r.json as { message: string }).message;
    };
    expect(await refused({ ...base, schedule: 'every tuesday', duration: '1h' })).toContain(
      'schedule: not a cron',
    );
    expect(
      await refused({ ...base, schedule: '0 2 * * *', duration: '1h', time_zone: 'Mars/Base' }),
    ).toContain('time_zone: unknown time zone Mars/Base');
    expect(await refused({ ...base, schedule: '0 2 * * *', duration: '0s' })).toContain(
      'duration: a positive',
    );
    expect(
      await refused({ ...base, starts_at: '2026-01-02T00:00:00Z', ends_at: '2026-01-01T00:00:00Z' }),
    ).toContain('ends_at');
    expect(await refused({ ...base, selectors: [], schedule: '0 2 * * *', duration: '1h' })).toContain(
      'selectors: at least one selector',
    );
    const created = await api('/api/db/maintenance_windows', {
      method: 'POST',
      body: {
        ...base,
        starts_at: new Date(Date.now() - 60_000).toISOString(),
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const id = (created.json as { id: string }[])[0]!.id;
    // A PATCH is checked with the rest of the row.
    const patched = await api(`/api/db/maintenance_windows?id=eq.${id}`, {
      method: 'PATCH',
      body: { ends_at: '2000-01-01T00:00:00Z' },
    });
    expect(patched.status).toBe(400);
    // The window covers a check at once, and the badges' endpoint says so.
    const { rows: canary } = await server.db.query<{ id: string }>(
      `INSERT INTO canaries (name, namespace) VALUES ('c', 'default') RETURNING id`,
    );
    const { rows: check } = await server.db.query<{ id: string }>(
      `INSERT INTO checks (canary_id, name, type, namespace) VALUES ($1, 'db-ping', 'tcp', 'default') RETURNING id`,
      [canary[0]!.id],
    );
    await api(`/api/db/maintenance_windows?id=eq.${id}`, { method: 'PATCH', body: { description: 'touch' } });
    const active = await api(`/api/maintenance/active?ids=${check[0]!.id}`);
    expect(active.status).toBe(200);
    expect(active.json).toEqual({
      [check[0]!.id]: { window_id: id, name: 'x', ends_at: expect.any(String) },
    });
    expect((await api('/api/maintenance/active?ids=nope')).status).toBe(400);
  });
});
