import { can, FUNCTION_ACCESS, ROLES, TABLE_ACCESS, type Role } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { createRun } from '../../src/playbooks/create-run.js';
import type { RouteEntry } from '../../src/platform/route-table.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { readZip } from '../topology/fixtures.js';
import { apiRoutes } from './route-variants.js';
import { secretBox } from '../../src/lib/secrets/index.js';

/**
 * "No secret reaches a reader", walked over the router's own route table (docs/security.md):
 * every GET route, and every POST that only reads, is called as each role with every id of the
 * seeded canary, playbook, run and topology; a reader without write must never find one of the
 * planted credentials in any answer, and a writer must find them where specs are returned. A
 * new route is walked without editing this file; a new route (or table) that returns a spec
 * to writers fails the list below until it is added there, masked.
 */

const START_TIMEOUT = 300_000;
const WALK_TIMEOUT = 600_000;

/** Credentials planted in each seeded resource, by the group a route is expected to show. */
const SECRETS = {
  canary: [
    'cn-http-pw-1',
    'cn-bearer-2',
    'cn-xauth-3',
    'cn-ocp-4',
    'cn-ddapp-5',
    'cn-script-6',
    'cn-flag-7',
    'cn-curl-8',
    'cn-env-9',
    'cn-env-10',
    // a Postgres password holding `/`: neither half may show
    'cn-pgA',
    'cn-pgB',
  ],
  playbook: [
    'pb-param-21',
    'pb-env-22',
    'pb-xauth-23',
    'pb-bearer-24',
    'pb-flag-25',
    'pb-env-26',
    'pb-env-27',
  ],
  // the default of the playbook's parameter of type secret, rendered for the run form
  secretParameter: ['pb-param-21'],
  // the value a run was given for that parameter: sealed, [REDACTED] for writers too
  runParameters: ['run-param-31'],
  runRequest: ['run-req-32', 'run-req-33'],
  runResults: ['run-out-34', 'run-out-35', 'run-cookie-36'],
  topology: ['tp-url-41'],
  component: ['tp-prop-42'],
} as const;
type Group = keyof typeof SECRETS;
const ALL_SECRETS: string[] = Object.values(SECRETS).flat();

const CANARY_SPEC = {
  schedule: '@every 1h',
  http: [
    {
      name: 'api',
      url: 'https://api.example/health',
      username: 'probe',
      password: { value: 'cn-http-pw-1' },
      headers: [
        { name: 'Authorization', value: 'Bearer cn-bearer-2' },
        { name: 'X-Auth-Key', value: 'cn-xauth-3' },
        { name: 'Ocp-Apim-Subscription-Key', value: 'cn-ocp-4' },
        { name: 'DD-APPLICATION-KEY', value: 'cn-ddapp-5' },
        { name: 'X-From-Secret', valueFrom: { secretKeyRef: { name: 'http-creds', key: 'token' } } },
      ],
    },
  ],
  exec: [
    {
      name: 'sh',
      script: [
        'psql "host=db password=cn-script-6 dbname=app" -c "select 1"',
        'mysql --password cn-flag-7 -e "select 1"',
        'curl -H "X-Api-Secret: cn-curl-8" https://api.example/',
      ].join('\n'),
      env: [
        { name: 'DB_PASS', value: 'cn-env-9' },
        { name: 'GITHUB_PAT', value: 'cn-env-10' },
        { name: 'FROM_REF', valueFrom: { secretKeyRef: { name: 'exec-creds', key: 'pat' } } },
      ],
    },
  ],
  postgres: [{ name: 'db', url: 'postgres://app:cn-pgA/cn-pgB@db.example:5432/app' }],
};

const PLAYBOOK_SPEC = {
  title: 'Rotate keys',
  parameters: [
    { name: 'api_secret', type: 'secret', default: 'pb-param-21' },
    { name: 'region', type: 'text', default: 'eu-west-1' },
  ],
  env: [{ name: 'DEPLOY_TOKEN', value: 'pb-env-22' }],
  actions: [
    {
      name: 'call',
      http: {
        url: 'https://ops.example/rotate',
        method: 'POST',
        headers: [
          { name: 'X-Auth-Key', value: 'pb-xauth-23' },
          { name: 'Authorization', value: 'Bearer pb-bearer-24' },
        ],
      },
    },
    {
      name: 'shell',
      exec: {
        script: 'mysql --password=pb-flag-25 -e "select 1"',
        env: [
          { name: 'DB_PASS', value: 'pb-env-26' },
          { name: 'GITHUB_PAT', value: 'pb-env-27' },
        ],
      },
    },
  ],
};

/** What a webhook request and the actions' results of the run hold. */
const RUN_REQUEST = {
  url: '/api/playbook/webhook/rotate',
  method: 'POST',
  headers: { 'x-auth-key': 'run-req-32', 'content-type': 'application/json' },
  params: {},
  content: '{"password":"run-req-33"}',
  json: { password: 'run-req-33' },
};
const RUN_RESULTS = [
  {
    name: 'shell',
    result: { stdout: 'DB_PASS=run-out-34\nGITHUB_PAT=run-out-35\n', stderr: '', exitCode: 0 },
  },
  {
    name: 'call',
    result: { code: 200, headers: { 'set-cookie': 'sid=run-cookie-36' }, content: '{"ok":true}' },
  },
];

const TOPOLOGY_SPEC = {
  components: [{ name: 'api', lookup: { http: [{ url: 'http://svc:tp-url-41@api.example/status' }] } }],
};
const COMPONENT_PROPERTIES = [
  { name: 'password', text: 'tp-prop-42' },
  { name: 'region', text: 'eu-west-1' },
];

/**
 * Every route that answers with a spec, a playbook or a run, as `METHOD pattern` (data API
 * tables and functions by name): the groups of secrets a writer reads there whole, what a
 * reader must still see (masking is not blanking), and whether readers may call it at all.
 */
const SPEC_ROUTES: Record<string, { shows: Group[]; visible: string[]; readers?: 'refused' }> = {
  'GET /api/db/canaries': { shows: ['canary'], visible: ['api.example', 'http-creds', 'X-Auth-Key'] },
  'GET /api/db/canaries_with_status': { shows: ['canary'], visible: ['api.example', 'exec-creds'] },
  'GET /api/db/checks': { shows: ['canary'], visible: ['db.example', 'DB_PASS'] },
  'GET /api/db/playbooks': { shows: ['playbook'], visible: ['ops.example', 'eu-west-1'] },
  'GET /api/db/playbook_runs': {
    shows: ['playbook', 'runRequest'],
    visible: ['ops.example', 'eu-west-1', 'x-auth-key'],
  },
  'GET /api/db/playbook_run_actions': { shows: ['runResults'], visible: ['DB_PASS', 'set-cookie'] },
  'GET /api/db/rpc/get_playbook_run_actions': { shows: ['runResults'], visible: ['DB_PASS'] },
  'POST /api/db/rpc/get_playbook_run_actions': { shows: ['runResults'], visible: [], readers: 'refused' },
  'GET /api/db/topologies': { shows: ['topology'], visible: ['api.example/status'] },
  'GET /api/db/components': { shows: ['component'], visible: ['eu-west-1'] },
  'GET /apis/canaries.flanksource.com/v1/canaries': {
    shows: ['canary'],
    visible: ['api.example', 'X-Auth-Key'],
  },
  'GET /apis/canaries.flanksource.com/v1/namespaces/:namespace/canaries': {
    shows: ['canary'],
    visible: ['api.example', 'X-Auth-Key'],
  },
  'GET /apis/canaries.flanksource.com/v1/namespaces/:namespace/canaries/:name': {
    shows: ['canary'],
    visible: ['api.example', 'X-Auth-Key', 'exec-creds'],
  },
  'GET /api/playbook/list': { shows: ['playbook'], visible: ['ops.example', 'eu-west-1'] },
  'POST /api/playbook/:id/params': { shows: ['secretParameter'], visible: ['eu-west-1'] },
  'GET /api/playbook/run/:id': {
    shows: ['playbook', 'runRequest'],
    visible: ['ops.example', 'eu-west-1'],
  },
  'GET /api/playbook/run/:id/status': {
    shows: ['playbook', 'runRequest', 'runResults'],
    visible: ['ops.example', 'eu-west-1', 'DB_PASS'],
  },
  'GET /api/topology': { shows: ['component'], visible: ['eu-west-1'] },
  'GET /api/canary/api/topology': { shows: ['component'], visible: ['eu-west-1'] },
};

/** GET routes not walked, and why. */
const SKIPPED_GETS: Record<string, string> = {
  'GET /api/auth/self-service/logout': 'ends the caller’s session',
  'GET /api/auth/self-service/logout/browser': 'ends the caller’s session',
  'GET /api/playbook/webhook/*': 'public; starts a run and answers only its id',
};

/** POST routes that only read, walked with these bodies. */
const READ_POSTS: Record<string, unknown> = {
  'POST /api/playbook/:id/params': {},
  'POST /api/db/rpc/:name': null, // per function, below
  'POST /api/catalog/summary': {},
  'POST /api/catalog/changes': {},
  'POST /api/notification/summary': {},
  'POST /api/logs': {},
  // Names and states of what a status page's groups would choose.
  'POST /api/status-pages/preview': { groups: [{ name: 'all', selectors: [{ name: '*' }] }] },
};

/** Routes that change something: not walked. Their answers are ids, counts or check results. */
const WRITES = new Set([
  'DELETE /api/agent/:id',
  'DELETE /api/auth/token/:id',
  'DELETE /api/db/:name',
  'DELETE /api/db/rpc/:name',
  'DELETE /api/people/:id',
  'PATCH /api/db/:name',
  'PATCH /api/db/rpc/:name',
  'PUT /api/db/:name',
  'POST /api/agent/generate',
  'POST /api/auth/create_token',
  'POST /api/auth/invite_user',
  'POST /api/auth/self-service/:kind',
  'POST /api/canary/run/check/:id',
  'POST /api/canary/try',
  'POST /api/config/run/:id',
  'POST /api/config/try',
  'POST /api/connection/test',
  'POST /api/connection/test/:id',
  'POST /api/db/:name',
  'POST /api/kubeconfig',
  'POST /api/notification/silence',
  // Sends mail; answers the title sent and a resource's type, id and name, no spec.
  'POST /api/notification/test',
  'POST /api/people/update',
  'POST /api/playbook/run',
  'POST /api/playbook/run/approve/:id',
  'POST /api/playbook/run/cancel/:id',
  'POST /api/playbook/webhook/*',
  'POST /api/rbac/:personId/update_role',
  'POST /api/topology/run/:id',
  'POST /api/upstream/push',
]);

type Seeded = {
  canaryId: string;
  checkIds: string[];
  playbookId: string;
  runId: string;
  topologyId: string;
  componentId: string;
};

async function seed(server: TestServer): Promise<Seeded> {
  const db = server.db;
  const canary = await db.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, schedule) VALUES ('secretive', 'default', $1, '@every 1h') RETURNING id`,
    [JSON.stringify(CANARY_SPEC)],
  );
  const canaryId = canary.rows[0]?.id ?? '';
  await syncCanaryChecks(db, canaryId, {});
  const checks = await db.query<{ id: string }>('SELECT id FROM checks WHERE canary_id = $1', [canaryId]);
  const playbook = await db.query<{ id: string }>(
    `INSERT INTO playbooks (name, title, spec) VALUES ('rotate', 'Rotate keys', $1) RETURNING id`,
    [JSON.stringify(PLAYBOOK_SPEC)],
  );
  const playbookId = playbook.rows[0]?.id ?? '';
  const run = await createRun(db, {
    playbookId,
    params: { api_secret: 'run-param-31', region: 'eu-west-1' },
    trigger: 'webhook',
    createdBy: null,
    request: RUN_REQUEST,
    secrets: secretBox(server.ctx.config),
  });
  const runId = run?.run_id ?? '';
  await db.query(`UPDATE playbook_runs SET status = 'completed', end_time = now() WHERE id = $1`, [runId]);
  for (const action of RUN_RESULTS) {
    await db.query(
      `INSERT INTO playbook_run_actions (name, status, playbook_run_id, start_time, end_time, result)
       VALUES ($1, 'completed', $2, now(), now(), $3)`,
      [action.name, runId, JSON.stringify(action.result)],
    );
  }
  const topology = await db.query<{ id: string }>(
    `INSERT INTO topologies (name, spec) VALUES ('secretive', $1) RETURNING id`,
    [JSON.stringify(TOPOLOGY_SPEC)],
  );
  const topologyId = topology.rows[0]?.id ?? '';
  const component = await db.query<{ id: string }>(
    `INSERT INTO components (topology_id, name, properties) VALUES ($1, 'api', $2) RETURNING id`,
    [topologyId, JSON.stringify(COMPONENT_PROPERTIES)],
  );
  const componentId = component.rows[0]?.id ?? '';
  // The canary's checks under the component: its snapshot carries their specs.
  await db.query(
    `INSERT INTO check_component_relationships (component_id, check_id, canary_id)
     SELECT $1, id, canary_id FROM checks WHERE canary_id = $2`,
    [componentId, canaryId],
  );
  return { canaryId, checkIds: checks.rows.map((r) => r.id), playbookId, runId, topologyId, componentId };
}

type Call = { key: string; method: string; path: string; body?: unknown };

const keyOf = (r: Pick<RouteEntry, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** Arguments of the data API's functions, by name. */
function functionArgs(name: string, s: Seeded): Record<string, string> {
  if (name === 'get_playbook_run_actions') return { run_id: s.runId };
  if (name === 'related_configs_recursive') return { config_id: '00000000-0000-0000-0000-000000000001' };
  return {};
}

/** Query strings a route is called with, beyond none. */
function queriesOf(url: string, s: Seeded): string[] {
  if (url === '/api/canary/api/graph') return s.checkIds.map((id) => `?check=${id}`);
  if (url === '/api/notification/silence_preview') return [`?id=${s.canaryId}&type=canary&recursive=true`];
  if (url === '/api/playbook/list') return ['', ...s.checkIds.map((id) => `?check_id=${id}`)];
  if (url === '/api/topology' || url === '/api/canary/api/topology') return ['', `?id=${s.componentId}`];
  return [''];
}

/** The concrete calls of one route: every table or function, every seeded id, the caller's own id. */
function callsOf(route: RouteEntry, s: Seeded, personId: string): Call[] {
  const key = keyOf(route);
  const body = route.method === 'POST' ? (READ_POSTS[key] ?? {}) : undefined;
  if (route.url === '/api/db/:name') {
    return Object.keys(TABLE_ACCESS).map((t) => ({
      key: `GET /api/db/${t}`,
      method: 'GET',
      path: `/api/db/${t}`,
    }));
  }
  if (route.url === '/api/db/rpc/:name') {
    return Object.keys(FUNCTION_ACCESS).map((fn) => {
      const args = functionArgs(fn, s);
      const query = new URLSearchParams(args).toString();
      return route.method === 'GET'
        ? {
            key: `GET /api/db/rpc/${fn}`,
            method: 'GET',
            path: `/api/db/rpc/${fn}${query ? `?${query}` : ''}`,
          }
        : { key: `POST /api/db/rpc/${fn}`, method: 'POST', path: `/api/db/rpc/${fn}`, body: args };
    });
  }
  const ids = [s.canaryId, ...s.checkIds, s.playbookId, s.runId, s.topologyId, s.componentId];
  let paths = [route.url];
  const fill = (param: string, values: string[]) => {
    paths = paths.flatMap((p) => (p.includes(param) ? values.map((v) => p.replace(param, v)) : [p]));
  };
  fill(':personId', [personId]);
  fill(':namespace', ['default']);
  fill(':name', ['secretive']);
  fill(':kind', ['login']);
  fill(':id', ids);
  return paths.flatMap((p) =>
    queriesOf(route.url, s).map((q) => ({ key, method: route.method, path: `${p}${q}`, body })),
  );
}

type Answer = Call & { status: number; text: string };

/** The answer's text; a zip (snapshots) as the text of every file in it. */
async function answer(server: TestServer, who: SignedIn, call: Call): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}${call.path}`, {
    method: call.method,
    redirect: 'manual',
    headers: {
      ...who.headers,
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const type = res.headers.get('content-type') ?? '';
  const text = type.includes('zip')
    ? [...readZip(Buffer.from(await res.arrayBuffer())).values()].join('\n')
    : await res.text();
  return { ...call, status: res.status, text };
}

/** Every call of the walk as `who`, a few at a time. */
async function walk(server: TestServer, who: SignedIn, calls: Call[]): Promise<Answer[]> {
  const out: Answer[] = [];
  for (let i = 0; i < calls.length; i += 6) {
    out.push(...(await Promise.all(calls.slice(i, i + 6).map((c) => answer(server, who, c)))));
  }
  return out;
}

/** Roles that may write everything seeded here, and roles that may write none of it. */
const SEEDED_RESOURCES = ['canaries', 'playbooks', 'topologies'] as const;
const WRITERS = ROLES.filter((r) => SEEDED_RESOURCES.every((res) => can([r], res, 'write')));
const READERS = ROLES.filter((r) => SEEDED_RESOURCES.every((res) => !can([r], res, 'write')));

describe.each(DB_KINDS)(
  'every route that returns a spec, a playbook or a run masks secrets on %s',
  (kind) => {
    let server: TestServer;
    let seeded: Seeded;
    const users = new Map<Role, SignedIn>();
    const answers = new Map<Role, Answer[]>();

    beforeAll(async () => {
      server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin', AUTH_RATE_LIMIT_IP: '1000000' });
      seeded = await seed(server);
      for (const role of ROLES) users.set(role, await signIn(server, role));
    }, START_TIMEOUT);
    afterAll(() => server?.close());

    const routes = () => apiRoutes(server.routes);
    const callsFor = (role: Role) =>
      routes()
        .filter((r) => (r.method === 'GET' && !(keyOf(r) in SKIPPED_GETS)) || keyOf(r) in READ_POSTS)
        .flatMap((r) => callsOf(r, seeded, users.get(role)?.personId ?? ''));
    const answersOf = async (role: Role) => {
      let got = answers.get(role);
      if (!got) {
        got = await walk(server, users.get(role)!, callsFor(role));
        answers.set(role, got);
      }
      return got;
    };

    it('knows every route: walked, skipped with a reason, or a write', () => {
      expect(WRITERS).toEqual(['admin', 'editor']);
      expect(READERS).toEqual(['commander', 'responder', 'viewer']);
      const unknown = routes()
        .map(keyOf)
        .filter((k) => !k.startsWith('GET ') && !(k in READ_POSTS) && !WRITES.has(k));
      expect(unknown, 'classify each new route in READ_POSTS or WRITES').toEqual([]);
      const listed = [...Object.keys(SKIPPED_GETS), ...Object.keys(READ_POSTS), ...WRITES];
      const stale = listed.filter((k) => !routes().some((r) => keyOf(r) === k));
      expect(stale).toEqual([]);
      // Spec routes name routes the router has (data API ones through /api/db/:name).
      for (const key of Object.keys(SPEC_ROUTES)) {
        const pattern = key.replace(/^(GET|POST) \/api\/db\/(rpc\/)?[a-z_]+$/, '$1 /api/db/$2:name');
        expect(routes().map(keyOf), key).toContain(pattern);
      }
    });

    it.each(['viewer', 'responder', 'commander'] as const)(
      '%s never reads a planted secret in any answer, and still reads the rest of each spec',
      async (role) => {
        const got = await answersOf(role);
        expect(got.length).toBeGreaterThan(150);
        const leaks = got.flatMap((a) =>
          ALL_SECRETS.filter((s) => a.text.includes(s)).map(
            (s) => `${a.method} ${a.path} → ${a.status} shows ${s}`,
          ),
        );
        expect(leaks).toEqual([]);
        for (const [key, rule] of Object.entries(SPEC_ROUTES)) {
          const hits = got.filter((a) => a.key === key);
          expect(hits.length, key).toBeGreaterThan(0);
          if (rule.readers === 'refused') {
            expect(
              hits.every((a) => a.status === 403),
              key,
            ).toBe(true);
            continue;
          }
          const ok = hits.filter((a) => a.status === 200);
          expect(ok.length, `${key} answers ${role}`).toBeGreaterThan(0);
          const text = ok.map((a) => a.text).join('\n');
          expect(text, key).toContain('***');
          for (const v of rule.visible) expect(text, `${key} still shows ${v}`).toContain(v);
        }
      },
      WALK_TIMEOUT,
    );

    it.each(['admin', 'editor'] as const)(
      '%s reads the secrets whole on exactly the routes listed as returning specs',
      async (role) => {
        const got = await answersOf(role);
        const showing = [
          ...new Set(got.filter((a) => ALL_SECRETS.some((s) => a.text.includes(s))).map((a) => a.key)),
        ];
        expect(showing.sort(), 'a route that returns specs must be listed in SPEC_ROUTES').toEqual(
          Object.keys(SPEC_ROUTES).sort(),
        );
        // A secret parameter's value is read back by no one: writers see [REDACTED].
        expect(
          got.filter((a) => SECRETS.runParameters.some((v) => a.text.includes(v))).map((a) => a.key),
        ).toEqual([]);
        expect(got.some((a) => a.key === 'GET /api/playbook/run/:id' && a.text.includes('[REDACTED]'))).toBe(
          true,
        );
        for (const [key, rule] of Object.entries(SPEC_ROUTES)) {
          const text = got
            .filter((a) => a.key === key && a.status === 200)
            .map((a) => a.text)
            .join('\n');
          for (const group of rule.shows) {
            for (const secret of SECRETS[group]) expect(text, `${key} shows ${secret}`).toContain(secret);
          }
        }
      },
      WALK_TIMEOUT,
    );
  },
);
