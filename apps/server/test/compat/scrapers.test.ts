import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../helpers.js';
import { api, catalogServer, createScraper, runNow } from '../catalog/helpers.js';
import { fakeKubernetes } from '../catalog/peers.js';

/**
 * config-db scraper features (the shapes of its own fixtures, cases written anew), each through
 * a real scrape of files written here, asserting what is stored. docs/catalog.md has the table.
 */

type Stored = {
  name: string;
  type: string;
  config_class: string;
  config: Record<string, unknown>;
  deleted_at: unknown;
};

const SECRETS = [
  { name: 'Config1', id: 1, password: 'p1', secret: 'secret_1', token: 't1' },
  { name: 'Config2', id: 2, password: 'p2', secret: 'secret_2', token: 't2' },
];

const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  }).toString();
}

describe.each(DB_KINDS)('config-db scraper compatibility (%s)', (kind) => {
  let server: Awaited<ReturnType<typeof catalogServer>>;
  const write = (file: string, text: string) => {
    const p = path.join(server.dir, file);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  };
  const stored = async (scraperId: string) =>
    (
      await server.db.query<Stored>(
        `SELECT name, type, config_class, config, deleted_at FROM config_items WHERE scraper_id = $1 ORDER BY name`,
        [scraperId],
      )
    ).rows.map((r) => ({ ...r, config: typeof r.config === 'string' ? JSON.parse(r.config) : r.config }));
  const scrape = async (name: string, spec: unknown) => {
    const id = await createScraper(server, name, spec);
    const result = await runNow(server, id);
    return { id, result, items: await stored(id) };
  };
  const refused = async (spec: unknown) => {
    const r = await api<{ code: string; message: string }>(server, 'POST', '/api/db/config_scrapers', {
      name: 'bad',
      spec,
    });
    expect(r.status).toBe(400);
    return r.body.message;
  };

  beforeAll(async () => {
    server = await catalogServer(kind);
    write('data/secrets.json', JSON.stringify(SECRETS));
    write(
      'data/servers.yaml',
      `- metadata: {uid: s-1}\n  name: web\n  role: frontend\n- metadata: {uid: s-2}\n  name: db\n  role: database\n`,
    );
  });
  afterAll(async () => server?.close());

  it('makes one item per element of a top-level JSON or YAML array, with paths without $', async () => {
    const { result, items } = await scrape('arrays', {
      file: [
        { paths: ['data/secrets.json'], type: 'Secret', id: '.id', name: '.name' },
        { paths: ['data/servers.yaml'], type: '$.role', id: 'metadata.uid', name: '@.name', class: 'Server' },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(items.map((i) => [i.name, i.type, i.config_class])).toEqual([
      ['Config1', 'Secret', 'Secret'],
      ['Config2', 'Secret', 'Secret'],
      ['db', 'database', 'Server'],
      ['web', 'frontend', 'Server'],
    ]);
    const ids = await server.db.query<{ external_id: string[] }>(
      `SELECT external_id FROM config_items WHERE name IN ('web', 'db') ORDER BY name`,
    );
    expect(ids.rows.map((r) => r.external_id)).toEqual([['s-2'], ['s-1']]);
  });

  it('runs a javascript transform on the whole document, then exclude (by type) and mask (by CEL selector)', async () => {
    const { result, items } = await scrape('js-exclude-mask', {
      file: [
        {
          paths: ['data/secrets.json'],
          type: '$.name',
          id: '$.id',
          name: '$.name',
          class: 'MySecrets',
          transform: {
            javascript:
              'for (var i = 0; i < config.length; i++) { config[i].id = "n-" + (i + 1); config[i].added = "a" }\nJSON.stringify(config)',
            exclude: [{ jsonpath: '.password' }, { types: ['Config2'], jsonpath: 'secret' }],
            mask: [
              { selector: "config.name == 'Config1'", jsonpath: '$.secret', value: 'md5sum' },
              { selector: "config_type == 'Config2'", jsonpath: '$.token', value: 'sha256' },
              { selector: 'config.missing.field == 1', jsonpath: '$.name', value: 'never' },
              { jsonpath: '$.added', value: '***' },
            ],
          },
        },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(items.map((i) => [i.name, i.type, i.config_class, i.config])).toEqual([
      [
        'Config1',
        'Config1',
        'MySecrets',
        { name: 'Config1', id: 'n-1', secret: md5('secret_1'), token: 't1', added: '***' },
      ],
      ['Config2', 'Config2', 'MySecrets', { name: 'Config2', id: 'n-2', token: sha256('t2'), added: '***' }],
    ]);
  });

  it('runs gotemplate and expr (CEL) transforms whose output is the items', async () => {
    const tpl = await scrape('gotemplate', {
      file: [
        {
          paths: ['data/secrets.json'],
          type: 'Summary',
          id: '$.id',
          name: 'scraped',
          transform: {
            gotemplate: '[{ {{- range .config }}"name-{{ .id }}": "hi {{ .name }}", {{ end -}} "id": "1" }]',
          },
        },
      ],
    });
    expect(tpl.result.errors).toEqual([]);
    expect(tpl.items.map((i) => [i.name, i.config])).toEqual([
      ['scraped', { 'name-1': 'hi Config1', 'name-2': 'hi Config2', id: '1' }],
    ]);

    const cel = await scrape('expr', {
      file: [
        {
          paths: ['data/secrets.json'],
          type: 'Todo',
          id: '$.id',
          name: '$.title',
          transform: {
            expr: 'dyn(config).filter(item, item.id <= 1).map(item, {"title": item.name + "!", "id": item.id}).toJSON()',
          },
        },
      ],
    });
    expect(cel.result.errors).toEqual([]);
    expect(cel.items.map((i) => [i.name, i.config])).toEqual([['Config1!', { title: 'Config1!', id: 1 }]]);
  });

  it('turns a runaway javascript transform into a clear scrape error, not a crash', async () => {
    const { result, items } = await scrape('js-loop', {
      file: [
        {
          paths: ['data/secrets.json'],
          type: 'T',
          id: '$.id',
          transform: { javascript: 'while (true) {}' },
        },
      ],
    });
    expect(items).toEqual([]);
    expect(result.errors).toEqual([
      `${path.join(server.dir, 'data/secrets.json')}: transform.javascript: JavaScript ran longer than 2s and was stopped`,
    ]);
    // The server still answers.
    expect((await api(server, 'GET', '/api/db/config_scrapers?select=id&limit=1')).status).toBe(200);
  });

  it('reads format: properties files to a flat object', async () => {
    write(
      'conf/postgresql.conf',
      [
        '# comment',
        "data_directory = '/var/lib/postgresql/data'\t\t# use data in another directory",
        'shared_buffers = 128MB\t\t\t# min 128kB',
        '#port = 5432',
        "log_line_prefix = '%h %m [%p] # not a comment'",
        'cron.database_name = postgres',
        'app.title: Shop \\',
        '    Front',
        '! also a comment',
        'listen_addresses=*',
      ].join('\n'),
    );
    const { result, items } = await scrape('properties', {
      file: [
        {
          format: 'properties',
          type: 'PostgreSQLProperties',
          id: 'postgresql-properties',
          paths: ['conf/*.conf'],
        },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(items.map((i) => [i.name, i.type, i.config])).toEqual([
      [
        'postgresql-properties',
        'PostgreSQLProperties',
        {
          data_directory: "'/var/lib/postgresql/data'",
          shared_buffers: '128MB',
          log_line_prefix: "'%h %m [%p] # not a comment'",
          'cron.database_name': 'postgres',
          'app.title': 'Shop Front',
          listen_addresses: '*',
        },
      ],
    ]);
  });

  it('scrapes a local git repository (file:// url with ?ref=) and keeps its paths inside it', async () => {
    const repo = path.join(server.dir, 'repos', 'canaries');
    fs.mkdirSync(path.join(repo, 'fixtures/minimal'), { recursive: true });
    git(repo, 'init', '--quiet', '--initial-branch=main');
    fs.writeFileSync(
      path.join(repo, 'fixtures/minimal/http_pass.yaml'),
      'kind: Canary\nmetadata: {name: http-pass}\nspec: {interval: 30}\n',
    );
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'first');
    git(repo, 'tag', 'v1');
    fs.writeFileSync(
      path.join(repo, 'fixtures/minimal/http_fail.yaml'),
      'kind: Canary\nmetadata: {name: http-fail}\nspec: {interval: 60}\n',
    );
    fs.symlinkSync('/etc/hostname', path.join(repo, 'fixtures/minimal/escape.yaml'));
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'second');

    const tagged = await scrape('git-v1', {
      file: [
        {
          type: '$.kind',
          id: '$.metadata.name',
          url: `file://${repo}?ref=v1`,
          paths: ['fixtures/minimal/*.yaml'],
        },
      ],
    });
    expect(tagged.result.errors).toEqual([]);
    expect(tagged.items.map((i) => [i.name, i.type, i.config.spec])).toEqual([
      ['http-pass', 'Canary', { interval: 30 }],
    ]);

    const head = await scrape('git-head', {
      file: [{ type: '$.kind', id: '$.metadata.name', url: `file://${repo}`, paths: ['fixtures/**/*.yaml'] }],
    });
    expect(head.items.map((i) => i.name)).toEqual(['http-fail', 'http-pass']);
    expect(head.result.errors).toEqual(['fixtures/minimal/escape.yaml: points outside the repository']);
    // The clone is temporary.
    expect(
      fs
        .readdirSync('/tmp')
        .filter(
          (f) =>
            f.startsWith('opsdeck-git-') && fs.existsSync(`/tmp/${f}/repo/fixtures/minimal/http_fail.yaml`),
        ),
    ).toEqual([]);

    const conn = await api(
      server,
      'POST',
      '/api/db/connections',
      {
        name: 'canaries',
        namespace: 'default',
        type: 'git',
        url: `file://${repo}`,
        properties: { ref: 'v1' },
      },
      { prefer: 'return=representation' },
    );
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    const viaConnection = await scrape('git-connection', {
      file: [
        {
          type: '$.kind',
          id: '$.metadata.name',
          connection: 'connection://default/canaries',
          paths: ['fixtures/**/*.yaml'],
        },
      ],
    });
    expect(viaConnection.result.errors).toEqual([]);
    expect(viaConnection.items.map((i) => i.name)).toEqual(['http-pass']);

    expect(
      await refused({ file: [{ type: 'T', id: '$.id', url: 'file:///etc', paths: ['*.yaml'] }] }),
    ).toMatch(/^spec: file\.0\.url: path \/etc is outside the allowed file roots/);
    expect(
      await refused({ file: [{ type: 'T', id: '$.id', url: `file://${repo}`, paths: ['../../*.json'] }] }),
    ).toBe('spec: file.0.paths.0: must be a relative path inside the repository');
    // A remote repository is accepted (imports keep working) and reported when run.
    const remote = await scrape('git-remote', {
      file: [
        {
          type: '$.kind',
          id: '$.metadata.name',
          url: 'github.com/flanksource/canary-checker?ref=abc',
          paths: ['a.yaml'],
        },
      ],
    });
    expect(remote.result.errors).toEqual([
      'github.com/flanksource/canary-checker: only local file:// git repositories are read by this server (remote repositories are not fetched)',
    ]);
  });

  it('keeps stale items with retention.staleItemAge: keep', async () => {
    write('data/fleet.json', JSON.stringify([{ id: 'a' }, { id: 'b' }]));
    const spec = (age: string) => ({
      retention: { staleItemAge: age },
      file: [{ paths: ['data/fleet.json'], type: 'Box', id: '$.id' }],
    });
    const kept = await createScraper(server, 'keep', spec('keep'));
    const dropped = await createScraper(server, 'drop', spec('0s'));
    await runNow(server, kept);
    await runNow(server, dropped);
    write('data/fleet.json', JSON.stringify([{ id: 'a' }]));
    await runNow(server, kept);
    await runNow(server, dropped);
    const gone = (rows: Stored[]) => rows.filter((r) => r.deleted_at !== null).map((r) => r.name);
    expect(gone(await stored(kept))).toEqual([]);
    expect(gone(await stored(dropped))).toEqual(['b']);
  });

  it('links scraped items with transform.relationship selectors (filter, fields, expr, parent)', async () => {
    write(
      'data/catalog.json',
      JSON.stringify([
        { id: 'team-a', kind: 'Team', name: 'payments' },
        { id: 'svc-1', kind: 'Service', name: 'checkout', owner: 'payments', system: 'shop' },
        { id: 'sys-1', kind: 'System', name: 'shop' },
      ]),
    );
    const { id, result } = await scrape('relationships', {
      file: [
        {
          paths: ['data/catalog.json'],
          type: '$.kind',
          id: '$.id',
          name: '$.name',
          transform: {
            relationship: [
              { filter: "config_type == 'Service'", type: { value: 'Team' }, name: { expr: 'config.owner' } },
              {
                filter: 'has(config.system)',
                expr: '[{"type": "System", "name": config.system}].toJSON()',
                parent: true,
              },
            ],
          },
        },
      ],
    });
    expect(result.errors).toEqual([]);
    const rels = await server.db.query<{ from: string; to: string; relation: string }>(
      `SELECT a.name AS "from", b.name AS "to", r.relation FROM config_relationships r
       JOIN config_items a ON a.id = r.config_id JOIN config_items b ON b.id = r.related_id
       WHERE a.scraper_id = $1 AND r.deleted_at IS NULL`,
      [id],
    );
    expect(rels.rows).toEqual([{ from: 'checkout', to: 'payments', relation: 'related' }]);
    const parent = await server.db.query<{ parent: string }>(
      `SELECT p.name AS parent FROM config_items c JOIN config_items p ON p.id = c.parent_id WHERE c.scraper_id = $1`,
      [id],
    );
    expect(parent.rows).toEqual([{ parent: 'shop' }]);
  });

  it('kubernetes: config-db exclusions with wildcards and event.exclusions {reason, name}, and a mask', async () => {
    const kube = await fakeKubernetes('k-token');
    try {
      const { result, items } = await scrape('kube-exclusions', {
        kubernetes: [
          {
            clusterName: 'kind',
            kubeconfig: { value: kube.kubeconfig },
            exclusions: { name: ['web-5d4f8-*'], kind: ['Node'] },
            event: { exclusions: { reason: ['Scaling*'], name: ['nothing'] } },
            transform: {
              mask: [
                {
                  selector: "config_type == 'Kubernetes::Deployment'",
                  jsonpath: '$.spec.replicas',
                  value: 'md5sum',
                },
              ],
            },
          },
        ],
      });
      expect(result.errors).toEqual([]);
      expect(items.map((i) => i.type)).not.toContain('Kubernetes::Pod');
      expect(items.map((i) => i.type)).not.toContain('Kubernetes::Node');
      expect(items.find((i) => i.type === 'Kubernetes::Deployment')?.config.spec).toMatchObject({
        replicas: md5('2'),
      });
      // BackOff was about an excluded pod, ScalingReplicaSet is excluded by reason.
      expect(result.changes).toBe(0);
    } finally {
      await kube.close();
    }
  });

  it('refuses bad transforms at save with a 400 naming the field', async () => {
    const file = (transform: unknown, extra: object = {}) => ({
      file: [{ paths: ['data/secrets.json'], type: 'T', id: '$.id', transform, ...extra }],
    });
    expect(await refused(file({ javascirpt: '1' }))).toBe(
      'spec: file.0.transform: Unrecognized key: "javascirpt"',
    );
    expect(await refused(file({ exclude: [{ jsonpath: '$.a[?(@.b)]' }] }))).toBe(
      'spec: file.0.transform.exclude.0.jsonpath: Unsupported selector [?(@.b)] in $.a[?(@.b)]',
    );
    expect(
      await refused(file({ mask: [{ selector: 'config.name ==', jsonpath: '$.a', value: 'md5sum' }] })),
    ).toMatch(/^spec: file\.0\.transform\.mask\.0\.selector: expression \(config\.name ==\) is invalid/);
    expect(await refused(file({ javascript: 'for (;;' }))).toMatch(
      /^spec: file\.0\.transform\.javascript: SyntaxError: /,
    );
    expect(await refused(file({ expr: 'config.filter(' }))).toMatch(
      /^spec: file\.0\.transform\.expr: expression/,
    );
    expect(await refused(file({ gotemplate: '{{ range .config }}' }))).toMatch(
      /^spec: file\.0\.transform\.gotemplate: template:/,
    );
    expect(await refused(file({ relationship: [{ filter: 'config_type ==' }] }))).toMatch(
      /^spec: file\.0\.transform\.relationship\.0\.filter: expression/,
    );
    expect(await refused(file({ expr: '[config].toJSON()', javascript: 'config' }))).toBe(
      'spec: file.0.transform: use one of gotemplate, expr, javascript, jsonpath, not several',
    );
    expect(await refused(file(undefined, { items: '$.a[?(@.b)]' }))).toBe(
      'spec: file.0.items: Unsupported selector [?(@.b)] in $.a[?(@.b)]',
    );
    expect(await refused({ retention: { staleItemAge: 'forever' }, file: [{ paths: ['a'] }] })).toBe(
      'spec: retention.staleItemAge: must be a duration such as 30s, 5m, 1h or 7d, or keep',
    );
    expect(await refused({ file: [{ paths: ['a'], format: 'toml' }] })).toMatch(/^spec: file\.0\.format: /);
    // A kind this server only keeps in the spec does not run its expressions: not refused.
    await createScraper(server, 'aws-kept', {
      aws: [
        {
          region: ['eu-west-1'],
          transform: { relationship: [{ filter: 'catalog.traverse(config.id, "X").size() > 0' }] },
        },
      ],
    });
  });
});
