import type { Role } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { readZip } from '../topology/fixtures.js';
import { call } from './helpers.js';

const START_TIMEOUT = 300_000;

/** Every credential planted in a spec below; none may reach a caller without write. */
const SECRETS = [
  'hunter2-canary',
  'tok-abc123',
  'urlpass-9',
  'qs-secret-1',
  'env-secret-7',
  'kube-secret-5',
  'pgpass-3',
  'key-secret-12',
  'scraper-secret-2',
  'sqlpass-4',
  'ghp-secret-6',
  'topo-secret-8',
  'team-secret-10',
  'hook-secret-13',
  'prop-secret-11',
];

const CANARY_SPEC = {
  http: [
    {
      name: 'api',
      url: 'https://probe:urlpass-9@api.example/x?token=qs-secret-1&page=2',
      username: 'probe',
      password: { value: 'hunter2-canary' },
      headers: [
        { name: 'Authorization', value: 'Bearer tok-abc123' },
        { name: 'Accept', value: 'application/json' },
      ],
    },
  ],
  postgres: [{ name: 'db', url: 'postgres://app:pgpass-3@db.example:5432/app' }],
  exec: [{ name: 'sh', script: 'true', env: [{ name: 'DB_PASSWORD', value: 'env-secret-7' }] }],
  kubernetes: [
    {
      name: 'k8s',
      kind: 'Pod',
      kubeconfig: { value: 'apiVersion: v1\nusers:\n- user:\n    token: kube-secret-5' },
    },
  ],
  sftp: [
    {
      name: 'files',
      host: 'files.example',
      privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nkey-secret-12\n-----END OPENSSH PRIVATE KEY-----',
      password: { valueFrom: { secretKeyRef: { name: 'sftp-creds', key: 'password' } } },
    },
  ],
};

const SCRAPER_SPEC = {
  http: [
    { url: 'https://api.example/items', type: 'T', id: '$.id', username: 'u', password: 'scraper-secret-2' },
  ],
  sql: [
    { connection: 'postgres://reader:sqlpass-4@db.example/app', query: 'select 1', type: 'T', id: '$.id' },
  ],
  githubActions: [{ owner: 'acme', repository: 'app', personalAccessToken: 'ghp-secret-6' }],
};

const TOPOLOGY_SPEC = {
  components: [{ name: 'api', lookup: { http: [{ url: 'http://svc:topo-secret-8@api.example/status' }] } }],
};

const TEAM_SPEC = {
  notifications: [
    { url: 'slack://team-secret-10@alerts' },
    { url: 'https://hooks.slack.com/services/T01/B02/hook-secret-13' },
  ],
};

const COMPONENT_PROPERTIES = [
  { name: 'password', text: 'prop-secret-11' },
  { name: 'region', text: 'eu-west-1' },
];

/** Table → what to read, and a value that must stay visible (masking is not blanking). */
const READS: { path: string; visible: string }[] = [
  { path: '/api/db/canaries?select=*', visible: 'api.example' },
  { path: '/api/db/canaries_with_status?select=*', visible: 'api.example' },
  { path: '/api/db/checks?select=*', visible: 'db.example' },
  { path: '/api/db/canaries?select=name,checks(name,spec)', visible: 'files.example' },
  { path: '/api/db/config_scrapers?select=*', visible: 'api.example/items' },
  { path: '/api/db/topologies?select=*', visible: 'api.example/status' },
  { path: '/api/db/components?select=*', visible: 'eu-west-1' },
  { path: '/api/db/teams?select=*', visible: 'alerts-team' },
];

describe.each(DB_KINDS)('no secret reaches a reader on %s', (kind) => {
  let server: TestServer;
  let componentId = '';
  const users = new Map<Role, SignedIn>();

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    for (const role of ['admin', 'editor', 'commander', 'responder', 'viewer'] as const) {
      users.set(role, await signIn(server, role));
    }
    const db = server.db;
    const canary = await db.query<{ id: string }>(
      `INSERT INTO canaries (name, spec) VALUES ('secretive', $1) RETURNING id`,
      [JSON.stringify(CANARY_SPEC)],
    );
    await syncCanaryChecks(db, canary.rows[0]?.id ?? '', {});
    await db.query(`INSERT INTO config_scrapers (name, spec) VALUES ('secretive', $1)`, [
      JSON.stringify(SCRAPER_SPEC),
    ]);
    const topology = await db.query<{ id: string }>(
      `INSERT INTO topologies (name, spec) VALUES ('secretive', $1) RETURNING id`,
      [JSON.stringify(TOPOLOGY_SPEC)],
    );
    const component = await db.query<{ id: string }>(
      `INSERT INTO components (topology_id, name, properties) VALUES ($1, 'api', $2) RETURNING id`,
      [topology.rows[0]?.id, JSON.stringify(COMPONENT_PROPERTIES)],
    );
    componentId = component.rows[0]?.id ?? '';
    // Every check of the canary linked to the component, so its snapshot carries their specs.
    await db.query(
      `INSERT INTO check_component_relationships (component_id, check_id, canary_id)
       SELECT $1, id, canary_id FROM checks WHERE canary_id = $2`,
      [componentId, canary.rows[0]?.id],
    );
    await db.query(`INSERT INTO teams (name, spec) VALUES ('alerts-team', $1)`, [JSON.stringify(TEAM_SPEC)]);
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it.each(['viewer', 'responder', 'commander'] as const)(
    '%s reads every spec-like column with its credentials as ***',
    async (role) => {
      for (const { path, visible } of READS) {
        const res = await call(server, users.get(role), path);
        expect(res.status, path).toBe(200);
        for (const secret of SECRETS) expect(res.text, `${path} shows ${secret}`).not.toContain(secret);
        expect(res.text, path).toContain('***');
        expect(res.text, path).toContain(visible);
      }
      // References say where a secret lives, not what it is: they stay readable.
      const checks = await call(server, users.get(role), '/api/db/checks?type=eq.sftp&select=spec');
      expect(checks.text).toContain('sftp-creds');
    },
  );

  it('shows whole specs to those who may write them (admin and editor)', async () => {
    for (const role of ['admin', 'editor'] as const) {
      const res = await call(server, users.get(role), '/api/db/canaries?select=spec');
      expect(res.text).toContain('hunter2-canary');
      expect(res.text).toContain('urlpass-9');
      const teams = await call(server, users.get(role), '/api/db/teams?select=spec');
      expect(teams.text).toContain('team-secret-10');
    }
  });

  it('keeps credentials out of the topology tree for readers, and out of every snapshot', async () => {
    const tree = await call(server, users.get('viewer'), '/api/topology?flatten=true');
    expect(tree.status).toBe(200);
    expect(tree.text).toContain('eu-west-1');
    expect(tree.text).not.toContain('prop-secret-11');
    const adminTree = await call(server, users.get('admin'), '/api/topology?flatten=true');
    expect(adminTree.text).toContain('prop-secret-11');
    for (const role of ['viewer', 'admin'] as const) {
      const res = await fetch(`${server.baseUrl}/api/snapshot/topology/${componentId}`, {
        headers: users.get(role)?.headers,
      });
      expect(res.status).toBe(200);
      const files = readZip(Buffer.from(await res.arrayBuffer()));
      const all = [...files.values()].join('\n');
      expect(all).toContain('api.example');
      for (const secret of SECRETS) expect(all, `${role} snapshot shows ${secret}`).not.toContain(secret);
    }
  });

  it('does not let a reader guess a secret with a filter', async () => {
    const viewer = users.get('viewer');
    const guess = await call(
      server,
      viewer,
      `/api/db/canaries?select=name&spec->http->0->password->>value=eq.hunter2-canary`,
    );
    expect(guess.json).toEqual([]);
    const masked = await call(
      server,
      viewer,
      `/api/db/canaries?select=name&spec->http->0->password->>value=eq.***`,
    );
    expect(masked.json).toEqual([{ name: 'secretive' }]);
    const admin = await call(
      server,
      users.get('admin'),
      `/api/db/canaries?select=name&spec->http->0->password->>value=eq.hunter2-canary`,
    );
    expect(admin.json).toEqual([{ name: 'secretive' }]);
    const embedded = await call(
      server,
      viewer,
      `/api/db/canaries?select=name,checks!inner(name)&checks.spec->>url=like.*pgpass*`,
    );
    expect(embedded.json).toEqual([]);
  });
});
