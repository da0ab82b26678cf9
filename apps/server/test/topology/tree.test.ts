import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/types.js';
import { planTree, topologyTreeJson, treeChunks, type TreeResponse } from '../../src/topology/tree.js';
import { treeQuerySchema } from '../../src/topology/tree-query.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { insertChecks, insertTopology } from './fixtures.js';

type Seed = {
  name: string;
  parent?: string;
  status: string;
  type: string;
  labels?: Record<string, string>;
  hidden?: boolean;
  cpu?: number;
  agent?: string;
  updated: string;
};

const AGENT = '11111111-1111-4111-8111-111111111111';
const COMPONENTS: Seed[] = [
  {
    name: 'alpha',
    status: 'healthy',
    type: 'Service',
    labels: { env: 'prod' },
    cpu: 50,
    updated: '2026-01-03',
  },
  {
    name: 'bravo',
    status: 'unhealthy',
    type: 'Database',
    labels: { env: 'dev' },
    cpu: 10,
    updated: '2026-01-01',
  },
  {
    name: 'charlie',
    status: 'warning',
    type: 'Service',
    labels: { env: 'dev' },
    cpu: 90,
    updated: '2026-01-04',
    agent: AGENT,
  },
  { name: 'delta', status: 'info', type: 'Queue', updated: '2026-01-02' },
  { name: 'hotel', status: 'healthy', type: 'Service', hidden: true, updated: '2026-01-05' },
  { name: 'a1', parent: 'alpha', status: 'unhealthy', type: 'Pod', updated: '2026-01-01' },
  { name: 'a2', parent: 'alpha', status: 'healthy', type: 'Pod', updated: '2026-01-01' },
  { name: 'a1x', parent: 'a1', status: 'unhealthy', type: 'Container', updated: '2026-01-01' },
];

/** Components written directly, so each filter and sort has a known answer. */
async function seed(db: Queryable, topologyId: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const paths = new Map<string, string>();
  await db.query(`INSERT INTO agents (id, name) VALUES ($1, 'edge-agent')`, [AGENT]);
  for (const c of COMPONENTS) {
    const parentId = c.parent ? ids.get(c.parent)! : null;
    const path = c.parent ? [paths.get(c.parent), parentId].filter(Boolean).join('.') : '';
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO components (topology_id, parent_id, path, name, status, type, labels, hidden, properties, agent_id, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10::uuid, '00000000-0000-0000-0000-000000000000'), $11)
       RETURNING id`,
      [
        topologyId,
        parentId,
        path,
        c.name,
        c.status,
        c.type,
        JSON.stringify(c.labels ?? {}),
        c.hidden ?? false,
        JSON.stringify(c.cpu === undefined ? [] : [{ name: 'cpu', value: c.cpu, headline: true }]),
        c.agent ?? null,
        c.updated,
      ],
    );
    ids.set(c.name, rows[0]!.id);
    paths.set(c.name, path);
  }
  const { rows: team } = await db.query<{ id: string }>(
    `INSERT INTO teams (name, icon) VALUES ('Core', 'star') RETURNING id`,
  );
  for (const n of ['alpha', 'bravo']) {
    await db.query('INSERT INTO team_components (team_id, component_id) VALUES ($1, $2)', [
      team[0]!.id,
      ids.get(n),
    ]);
  }
  const checks = await insertChecks(db, { name: 'web', namespace: 'default' }, [
    { name: 'alpha-home', status: 'healthy' },
  ]);
  const { rows: canary } = await db.query<{ canary_id: string }>(
    'SELECT canary_id FROM checks WHERE id = $1',
    [checks['alpha-home']],
  );
  await db.query(
    'INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES ($1, $2, $3)',
    [ids.get('alpha'), checks['alpha-home'], canary[0]!.canary_id],
  );
  return ids;
}

describe.each(DB_KINDS)('topology tree API (%s)', (kind) => {
  let server: TestServer;
  let ids: Map<string, string>;

  const get = async (query: string): Promise<TreeResponse> => {
    const res = await fetch(`${server.baseUrl}/api/canary/api/topology${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as TreeResponse;
  };
  const names = async (query: string) => (await get(query)).components.map((c) => c.name);

  beforeAll(async () => {
    server = await startTestServer(kind);
    const topologyId = await insertTopology(server.db, 'fixture', {});
    ids = await seed(server.db, topologyId);
  });
  afterAll(async () => server?.close());

  it('lists root cards by health, descending by default (info 4, healthy 3, warning 2, unhealthy 1), hidden ones left out', async () => {
    expect(await names('')).toEqual(['delta', 'alpha', 'charlie', 'bravo']);
    expect(await names('?sortBy=status&sortOrder=asc')).toEqual(['bravo', 'charlie', 'alpha', 'delta']);
    expect(await names('?hidden=true')).toEqual(['delta', 'alpha', 'hotel', 'charlie', 'bravo']);
  });

  it('sorts by name, type, last updated and a headline property', async () => {
    expect(await names('?sortBy=name')).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
    expect(await names('?sortBy=name&sortOrder=desc')).toEqual(['delta', 'charlie', 'bravo', 'alpha']);
    expect(await names('?sortBy=type')).toEqual(['bravo', 'delta', 'alpha', 'charlie']);
    expect(await names('?sortBy=updated_at&sortOrder=desc')).toEqual(['charlie', 'alpha', 'delta', 'bravo']);
    // Components without the property come last either way.
    expect(await names('?sortBy=cpu&sortOrder=desc')).toEqual(['charlie', 'alpha', 'bravo', 'delta']);
    expect(await names('?sortBy=cpu&sortOrder=asc')).toEqual(['bravo', 'alpha', 'charlie', 'delta']);
  });

  it('filters by status, type, team, labels and agent', async () => {
    expect(await names('?status=unhealthy')).toEqual(['bravo']);
    expect(await names('?status=healthy,warning&sortBy=name')).toEqual(['alpha', 'charlie']);
    expect(await names('?type=Database')).toEqual(['bravo']);
    expect(await names('?team=Core&sortBy=name')).toEqual(['alpha', 'bravo']);
    expect(await names('?labels=env=prod')).toEqual(['alpha']);
    expect(await names('?labels=env=dev&sortBy=name')).toEqual(['bravo', 'charlie']);
    expect(await names(`?agent_id=${AGENT}`)).toEqual(['charlie']);
    expect(await names('?status=all&type=all&sortBy=name')).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
  });

  it('flattens: a type filter finds components at any depth', async () => {
    expect(await names('?type=Pod&flatten=true&sortBy=name')).toEqual(['a1', 'a2']);
    expect(await names('?type=Container&flatten=true')).toEqual(['a1x']);
  });

  it("answers the health page's component filter: the component, its subtree and their check links", async () => {
    const id = ids.get('alpha')!;
    const q = new URLSearchParams({
      select: 'id,name,check_component_relationships(check_id)',
      or: `(id.eq.${id},path.like.*${id}*)`,
      deleted_at: 'is.null',
      'check_component_relationships.deleted_at': 'is.null',
    });
    const res = await fetch(`${server.baseUrl}/api/db/components?${q}`);
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { name: string; check_component_relationships: unknown[] }[];
    expect(rows.map((r) => r.name).sort()).toEqual(['a1', 'a1x', 'a2', 'alpha']);
    expect(rows.flatMap((r) => r.check_component_relationships)).toHaveLength(1);
  });

  it('returns exactly the component for id=, its children filtered, sorted and cut at depth', async () => {
    const one = await get(`?id=${ids.get('alpha')}`);
    expect(one.components).toHaveLength(1);
    const alpha = one.components[0]!;
    expect(alpha.name).toBe('alpha');
    expect(alpha.children.map((c) => c.name)).toEqual(['a2', 'a1']);
    expect(alpha.children[1]!.children.map((c) => c.name)).toEqual(['a1x']);
    expect(alpha.checks.map((c) => [c.name, c.status])).toEqual([['alpha-home', 'healthy']]);
    expect(alpha.teams.map((t) => t.team.name)).toEqual(['Core']);
    // Every field of the row travels, typed as the web reads it.
    expect(alpha).toMatchObject({
      id: ids.get('alpha'),
      parent_id: null,
      path: '',
      labels: { env: 'prod' },
      properties: [{ name: 'cpu', value: 50, headline: true }],
      summary: {},
      hidden: false,
      cost_total_30d: null,
      deleted_at: null,
      logs: [],
    });
    expect(alpha.updated_at).toMatch(/^2026-01-0\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/);
    expect(alpha.children[1]!.parent_id).toBe(ids.get('alpha'));

    const filtered = await get(`?id=${ids.get('alpha')}&status=unhealthy`);
    expect(filtered.components).toHaveLength(1);
    expect(filtered.components[0]!.children.map((c) => c.name)).toEqual(['a1']);

    const shallow = await get(`?id=${ids.get('alpha')}&depth=0`);
    expect(shallow.components[0]!.children.map((c) => [c.name, c.children.length])).toEqual([
      ['a2', 0],
      ['a1', 0],
    ]);
  });

  it('offers the filter options of the whole scope', async () => {
    const all = await get('?status=unhealthy');
    expect(all.healthStatuses).toEqual(['healthy', 'info', 'unhealthy', 'warning']);
    expect(all.types).toEqual(['Container', 'Database', 'Pod', 'Queue', 'Service']);
    expect(all.teams).toEqual(['Core']);
    expect(all.tags).toEqual({ env: ['dev', 'prod'] });
  });

  it('writes the same tree a chunk at a time, whatever the chunk size (a large tree is sent so)', async () => {
    const queryOf = (query: string) => treeQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const chunked = async (query: string, size: number) => {
      const parts: string[] = [];
      for await (const part of treeChunks(server.db, await planTree(server.db, queryOf(query)), size)) {
        parts.push(part);
      }
      return parts;
    };
    for (const query of [
      '',
      'flatten=true',
      `id=${ids.get('alpha')}`,
      `id=${ids.get('alpha')}&flatten=true`,
      'sortBy=name&depth=1',
      'hidden=true&depth=0',
      'status=unhealthy',
    ]) {
      const whole = JSON.parse(await topologyTreeJson(server.db, queryOf(query))) as TreeResponse;
      expect(whole.components.length, query).toBeGreaterThan(0);
      for (const size of [1, 2, 1000]) {
        expect(JSON.parse((await chunked(query, size)).join('')), `${query} in chunks of ${size}`).toEqual(
          whole,
        );
      }
    }
    // Four cards of one or more components each: a chunk per card, and the closing.
    expect((await chunked('', 1)).length).toBe(5);
  });

  it('leaves out a component deleted after the tree was planned, as one deleted between two reads', async () => {
    const plan = await planTree(server.db, treeQuerySchema.parse({}));
    await server.db.query('UPDATE components SET deleted_at = now() WHERE id = $1', [ids.get('a2')]);
    try {
      let text = '';
      for await (const part of treeChunks(server.db, plan, 1)) text += part;
      const tree = JSON.parse(text) as TreeResponse;
      expect(tree.components.map((c) => c.name)).toEqual(['delta', 'alpha', 'charlie', 'bravo']);
      expect(tree.components[1]!.children.map((c) => c.name)).toEqual(['a1']);
    } finally {
      await server.db.query('UPDATE components SET deleted_at = NULL WHERE id = $1', [ids.get('a2')]);
    }
  });

  it('refuses bad input with 4xx and a message', async () => {
    const cases: [string, number, RegExp][] = [
      ['?id=nope', 400, /component id/],
      ['?id=00000000-0000-4000-8000-000000000009', 404, /not found/],
      ['?sortOrder=sideways', 400, /asc or desc/],
      ['?depth=-1', 400, /depth/],
      ['?flatten=maybe', 400, /true or false/],
      ['?labels==x', 400, /key=value/],
    ];
    for (const [q, status, message] of cases) {
      const res = await fetch(`${server.baseUrl}/api/canary/api/topology${q}`);
      expect(res.status, q).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
  });

  it('exposes the component views through the data API', async () => {
    const db = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${server.baseUrl}/api/db/${path}`);
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    const checks = await db<{ name: string }[]>(
      `checks_by_component?component_id=eq.${ids.get('alpha')}&select=name`,
    );
    expect(checks).toEqual([{ name: 'alpha-home' }]);
    const names = await db<{ name: string }[]>('component_names?select=name&order=name');
    expect(names.map((n) => n.name)).not.toContain('hotel');
    expect(names.map((n) => n.name)).toContain('a1x');
    const labels = await db<{ key: string; value: string }[]>('component_labels?order=value');
    expect(labels).toEqual([
      { key: 'env', value: 'dev' },
      { key: 'env', value: 'prod' },
    ]);
    const teams = await db<{ component_id: string }[]>(`team_components?component_id=eq.${ids.get('bravo')}`);
    expect(teams).toHaveLength(1);
  });

  it('serves the topology spec JSON Schema', async () => {
    const res = await fetch(`${server.baseUrl}/api/schemas/topology.schema.json`);
    expect(res.status).toBe(200);
    const schema = (await res.json()) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining([
        'components',
        'lookup',
        'forEach',
        'checks',
        'configs',
        'properties',
        'schedule',
      ]),
    );
  });
});
