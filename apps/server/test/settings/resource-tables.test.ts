import type { Role } from '@opsdeck/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleSeed } from '../../src/auth/seed.js';
import { parseIncidentRuleSpec } from '../../src/incidents/incident-rule-spec.js';
import { incidentsSeed } from '../../src/incidents/seed.js';
import { parseLoggingBackendSpec } from '../../src/logs/logging-backend-spec.js';
import { logsSeed } from '../../src/logs/seed.js';
import { parseNotificationSpec } from '../../src/notifications/notification-spec.js';
import { notificationsSeed } from '../../src/notifications/seed.js';
import { runSeeds } from '../../src/seed/index.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

type Answer = { status: number; body: unknown };
type Row = Record<string, unknown>;

const FILE_BACKEND = {
  backends: [{ file: { path: ['files/app/*.log'], routes: [{ idPrefix: 'app-' }] } }],
};

/**
 * The tables behind the generic settings pages that the coming logs, notifications and
 * incidents areas fill: logging_backends, notifications, incident_rules — through the data API,
 * with the permission matrix and each table's spec check.
 */
describe.each(DB_KINDS)('logging_backends, notifications and incident_rules on %s', (kind) => {
  let server: TestServer;
  const users = {} as Record<Role, SignedIn>;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    for (const role of ['admin', 'editor', 'commander', 'responder', 'viewer'] as const)
      users[role] = await signIn(server, role);
  });
  afterAll(() => server.close());

  async function call(role: Role, method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        ...users[role].headers,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }
  const created = (a: Answer): Row => {
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    return (a.body as Row[])[0] ?? {};
  };
  const message = (a: Answer): string => (a.body as { message?: string }).message ?? '';

  it('serves the JSON Schema of each spec, so the spec editor can validate it', async () => {
    for (const [name, field] of [
      ['logging-backend', 'backends'],
      ['notification', 'events'],
      ['incident-rule', 'components'],
    ] as const) {
      const a = await call('viewer', 'GET', `/api/schemas/${name}.schema.json`);
      expect(a.status).toBe(200);
      expect((a.body as { properties: Row }).properties).toHaveProperty(field);
    }
  });

  it('lets each role write only what the matrix allows, and everyone read', async () => {
    const backend = (name: string) => ({ name, spec: FILE_BACKEND });
    const rule = (name: string) => ({ name, spec: { filter: { status: ['unhealthy'] } } });
    const notification = (name: string) => ({
      name,
      spec: { events: ['check.failed'], to: { url: 'generic+https://hooks.example.com/x' } },
    });

    created(await call('editor', 'POST', '/api/db/logging_backends', backend('by-editor')));
    for (const role of ['commander', 'responder', 'viewer'] as const)
      expect((await call(role, 'POST', '/api/db/logging_backends', backend(`by-${role}`))).status).toBe(403);

    created(await call('editor', 'POST', '/api/db/notifications', notification('by-editor')));
    for (const role of ['commander', 'responder', 'viewer'] as const)
      expect((await call(role, 'POST', '/api/db/notifications', notification(`by-${role}`))).status).toBe(
        403,
      );

    // Incident rules are guarded by `incident`, which responders and commanders write too.
    for (const role of ['editor', 'commander', 'responder'] as const)
      created(await call(role, 'POST', '/api/db/incident_rules', rule(`by-${role}`)));
    expect((await call('viewer', 'POST', '/api/db/incident_rules', rule('by-viewer'))).status).toBe(403);

    for (const table of ['logging_backends', 'notifications', 'incident_rules']) {
      const a = await call('viewer', 'GET', `/api/db/${table}?select=name&order=name`);
      expect(a.status).toBe(200);
      expect((a.body as Row[]).map((r) => r.name)).toContain('by-editor');
      expect((a.body as Row[]).map((r) => r.name).join()).not.toMatch(/by-viewer/);
    }
  });

  it('stamps created_by with the person who created the row, whatever the body says', async () => {
    const row = created(
      await call('editor', 'POST', '/api/db/incident_rules', {
        name: 'stamped',
        spec: {},
        created_by: users.admin.personId,
      }),
    );
    expect(row.created_by).toBe(users.editor.personId);
  });

  it('refuses a logging backend whose spec is wrong with a 400 naming the field, and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ backends: [{ file: { path: [] } }] }, 'spec.backends.0.file.path'],
      [
        { backends: [{ file: { path: ['a'] }, opensearch: { address: 'x', index: 'i' } }] },
        'spec.backends.0',
      ],
      [
        { backends: [{ elasticsearch: { address: 'http://es:9200' } }] },
        'spec.backends.0.elasticsearch.index',
      ],
      [{ backend: [] }, 'spec'],
      ['backends: [', 'not valid YAML'],
    ];
    for (const [spec, field] of cases) {
      const a = await call('admin', 'POST', '/api/db/logging_backends', { name: 'broken-backend', spec });
      expect(a.status, JSON.stringify(spec)).toBe(400);
      expect(message(a)).toContain(field);
    }
    expect((await call('admin', 'POST', '/api/db/logging_backends', { name: 'no-spec' })).status).toBe(400);
    const { rows } = await server.db.query(
      "SELECT count(*)::int AS n FROM logging_backends WHERE name IN ('broken-backend', 'no-spec')",
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('takes a whole LoggingBackend document: metadata names the row', async () => {
    const row = created(
      await call('admin', 'POST', '/api/db/logging_backends', {
        spec: `apiVersion: apm-hub.flanksource.com/v1
kind: LoggingBackend
metadata:
  name: from-document
  namespace: logs
  labels: {team: edge}
spec:
  backends:
    - file:
        path: [files/nginx/*.log]
`,
      }),
    );
    expect(row).toMatchObject({ name: 'from-document', namespace: 'logs', labels: { team: 'edge' } });
    expect(row.spec).toEqual({ backends: [{ file: { path: ['files/nginx/*.log'] } }] });
  });

  it('shows a reader without write no password from a logging backend spec', async () => {
    const spec = {
      backends: [{ elasticsearch: { address: 'http://es:9200', index: 'logs-*', password: 'es-pass-123' } }],
    };
    created(await call('admin', 'POST', '/api/db/logging_backends', { name: 'with-password', spec }));
    const viewer = await call('viewer', 'GET', '/api/db/logging_backends?name=eq.with-password');
    expect(viewer.status).toBe(200);
    expect(JSON.stringify(viewer.body)).not.toContain('es-pass-123');
    const editor = await call('editor', 'GET', '/api/db/logging_backends?name=eq.with-password');
    expect(JSON.stringify(editor.body)).toContain('es-pass-123');
  });

  it('refuses an incident rule whose spec is wrong with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ filter: { status: 'unhealthy' } }, 'spec.filter.status'],
      [{ components: [{ nmae: 'typo' }] }, 'spec.components.0'],
      [{ autoClose: { timeout: 'soon' } }, 'spec.autoClose.timeout'],
    ];
    for (const [spec, field] of cases) {
      const a = await call('admin', 'POST', '/api/db/incident_rules', { name: 'broken-rule', spec });
      expect(a.status, JSON.stringify(spec)).toBe(400);
      expect(message(a)).toContain(field);
    }
    const row = created(
      await call('admin', 'POST', '/api/db/incident_rules', {
        name: 'good-rule',
        spec: 'components: [{types: [Database]}]\nfilter: {status: [unhealthy]}\n',
      }),
    );
    const bad = await call('admin', 'PATCH', `/api/db/incident_rules?id=eq.${String(row.id)}`, {
      spec: { priority: 'high' },
    });
    expect(bad.status).toBe(400);
    expect(message(bad)).toContain('spec.priority');
    const { rows } = await server.db.query('SELECT spec FROM incident_rules WHERE id = $1', [row.id]);
    expect(rows[0]).toEqual({
      spec: { components: [{ types: ['Database'] }], filter: { status: ['unhealthy'] } },
    });
  });

  it('stores a notification rule’s spec in its columns, looking up the person and the team', async () => {
    const row = created(
      await call('admin', 'POST', '/api/db/notifications', {
        name: 'to-editor',
        spec: {
          events: ['check.failed', 'config.unhealthy'],
          title: 'Down',
          filter: "check.type == 'http'",
          to: { person: users.editor.email.toUpperCase() },
          repeatInterval: '4h',
          waitFor: '5m',
          groupBy: ['type', 'label:team'],
        },
      }),
    );
    expect(row).toMatchObject({
      namespace: 'default',
      events: ['check.failed', 'config.unhealthy'],
      title: 'Down',
      person_id: users.editor.personId,
      team_id: null,
      custom_services: null,
      repeat_interval: '4h',
      wait_for: 300_000_000_000,
      group_by: ['type', 'label:team'],
      source: 'UI',
    });
    expect(row).not.toHaveProperty('spec');

    const { rows } = await server.db.query<{ id: string }>(
      "INSERT INTO teams (name) VALUES ('Night Shift') RETURNING id",
    );
    const patched = await call('admin', 'PATCH', `/api/db/notifications?id=eq.${String(row.id)}`, {
      spec: { events: ['check.failed'], to: { team: 'Night Shift' } },
    });
    expect(patched.status).toBe(200);
    expect((patched.body as Row[])[0]).toMatchObject({
      person_id: null,
      team_id: rows[0]?.id,
      title: null,
      wait_for: null,
    });
  });

  it('keeps a rule whose team does not exist yet, waiting for it', async () => {
    // Specs applied in any order (docs/specs-as-code.md): the team may come later.
    const waiting = created(
      await call('admin', 'POST', '/api/db/notifications', {
        name: 'waits-for-team',
        spec: { events: ['check.failed'], to: { team: 'No Such Team' } },
      }),
    );
    expect(waiting).toMatchObject({ team_id: null, recipient_ref: { team: 'No Such Team' } });
    const team = await call('admin', 'POST', '/api/db/teams', { name: 'No Such Team' });
    expect(team.status).toBe(201);
    const { rows } = await server.db.query<{ team_id: string | null; recipient_ref: unknown }>(
      'SELECT team_id, recipient_ref FROM notifications WHERE id = $1',
      [waiting.id],
    );
    expect(rows[0]?.team_id).toEqual(expect.any(String));
    expect(rows[0]?.recipient_ref).toBeNull();
  });

  it('refuses a notification rule that is wrong with a 400 naming the field, and keeps the stored one', async () => {
    const cases: [unknown, string][] = [
      [{ to: { team: 'Platform' } }, 'spec.events'],
      [{ events: ['check.exploded'], to: { url: 'x' } }, 'spec.events.0'],
      [{ events: ['check.failed'], to: {} }, 'spec.to'],
      [{ events: ['check.failed'], to: { person: 'a@example.com', url: 'x' } }, 'spec.to'],
      [
        { events: ['check.failed'], to: { url: 'x' }, repeatInterval: '30s' },
        'Duration must be greater than 1 minute',
      ],
    ];
    for (const [spec, text] of cases) {
      const a = await call('admin', 'POST', '/api/db/notifications', { name: 'broken-rule', spec });
      expect(a.status, JSON.stringify(spec)).toBe(400);
      expect(message(a)).toContain(text);
    }

    const row = created(
      await call('admin', 'POST', '/api/db/notifications', {
        name: 'by-columns',
        events: ['check.passed'],
        custom_services: [{ connection: 'connection://default/slack' }],
      }),
    );
    const patch = (body: Row) =>
      call('admin', 'PATCH', `/api/db/notifications?id=eq.${String(row.id)}`, body);
    expect(message(await patch({ events: [] }))).toContain('events: at least one event is required');
    expect(message(await patch({ filter: 'check.status ==' }))).toContain(
      'filter: not a valid CEL expression',
    );
    const noRecipient = await patch({ custom_services: null });
    expect(noRecipient.status).toBe(400);
    expect(message(noRecipient)).toContain(
      'exactly one of person, team, email, connection, url, webhook or playbook',
    );
    const twoRecipients = await patch({ person_id: users.admin.personId });
    expect(twoRecipients.status).toBe(400);
    const { rows } = await server.db.query(
      'SELECT events, person_id, custom_services FROM notifications WHERE id = $1',
      [row.id],
    );
    expect(rows[0]).toEqual({
      events: ['check.passed'],
      person_id: null,
      custom_services: [{ connection: 'connection://default/slack' }],
    });
  });

  it('soft-deletes: a deleted row leaves the live list and frees its name', async () => {
    const row = created(
      await call('admin', 'POST', '/api/db/logging_backends', { name: 'short-lived', spec: FILE_BACKEND }),
    );
    const del = await call('admin', 'PATCH', `/api/db/logging_backends?id=eq.${String(row.id)}`, {
      deleted_at: new Date().toISOString(),
    });
    expect(del.status).toBe(200);
    const live = await call(
      'admin',
      'GET',
      '/api/db/logging_backends?select=id&deleted_at=is.null&name=eq.short-lived',
    );
    expect(live.body).toEqual([]);
    created(
      await call('admin', 'POST', '/api/db/logging_backends', { name: 'short-lived', spec: FILE_BACKEND }),
    );
  });
});

describe.each(DB_KINDS)('the demo logging backend, notification rule and incident rule on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('are stored with specs their own checks accept', async () => {
    const log = pino({ level: 'silent' });
    await runSeeds(server.db, log, [peopleSeed, logsSeed, notificationsSeed, incidentsSeed]);
    const backends = await server.db.query<{ spec: unknown }>('SELECT spec FROM logging_backends');
    const rules = await server.db.query<{ spec: unknown }>('SELECT spec FROM incident_rules');
    const notifications = await server.db.query<{ events: string[]; team_id: string | null; filter: string }>(
      'SELECT events, team_id, filter FROM notifications',
    );
    expect(backends.rows).toHaveLength(1);
    expect(rules.rows).toHaveLength(1);
    expect(notifications.rows).toHaveLength(1);
    for (const b of backends.rows) expect(() => parseLoggingBackendSpec(b.spec)).not.toThrow();
    for (const r of rules.rows) expect(() => parseIncidentRuleSpec(r.spec)).not.toThrow();
    const n = notifications.rows[0];
    expect(n?.team_id).toEqual(expect.any(String));
    expect(() =>
      parseNotificationSpec({ events: n?.events, filter: n?.filter, to: { team: n?.team_id } }),
    ).not.toThrow();
  });
});
