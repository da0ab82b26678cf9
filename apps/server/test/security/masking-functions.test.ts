import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { DB_KINDS, freshDb } from '../helpers.js';

/**
 * The one masking rule (migrations 050 and 130, docs/connections.md "Masking") by field kind:
 * what a reader without write sees of each shape a spec, a playbook or a run holds.
 */

/** A string of a spec (a script, a URL, a connection string) → what a reader sees of it. */
const TEXTS: [string, string][] = [
  // URL passwords, whatever they hold
  ['postgres://app:pg-a1/pg-b2@db.example:5432/app', 'postgres://app:***@db.example:5432/app'],
  [
    'postgres://app:p@ss@db:5432/app?sslmode=require&x=a@b',
    'postgres://app:***@db:5432/app?sslmode=require&x=a@b',
  ],
  ['postgres://app:pa?ss@db/app', 'postgres://app:***@db/app'],
  ['postgres://app:pa#ss@db', 'postgres://app:***@db'],
  ['postgres://u:pct%2Fpw%40x@db/x', 'postgres://u:***@db/x'],
  [
    'smtp://me@example.com:pw1@smtp.example:587/?from=a@b.c',
    'smtp://me@example.com:***@smtp.example:587/?from=a@b.c',
  ],
  ['jdbc:postgresql://u:p3@h:5432/db', 'jdbc:postgresql://u:***@h:5432/db'],
  [
    'see https://u:p1@a.example/x and https://v:q2@b.example/y',
    'see https://u:***@a.example/x and https://v:***@b.example/y',
  ],
  // addresses without a password stay as they are
  ['https://medium.example/@user', 'https://medium.example/@user'],
  ['https://host.example:8080/path?email=a@b.example', 'https://host.example:8080/path?email=a@b.example'],
  [
    'https://api.example/x?api_key=k1&page=2&X-Amz-Signature=s1',
    'https://api.example/x?api_key=***&page=2&X-Amz-Signature=***',
  ],
  // key=value pairs naming a credential, in scripts and connection strings
  [
    'psql "host=db password=s3cr3t dbname=app" -c \'select 1\'',
    'psql "host=db password=*** dbname=app" -c \'select 1\'',
  ],
  ['Server=db;Password=y;Database=z', 'Server=db;Password=***;Database=z'],
  ["passwd: 'a b c'\npwd=bar;", "passwd: '***'\npwd=***;"],
  [
    'export DB_PASS=abc123\nexport GITHUB_PAT=ghp_x\nDATA_PATH=/var/data',
    'export DB_PASS=***\nexport GITHUB_PAT=***\nDATA_PATH=/var/data',
  ],
  ['PGPASSWORD=xyz psql -h db -U app', 'PGPASSWORD=*** psql -h db -U app'],
  ['DD_API_KEY=dd1 OCP_APIM_SUBSCRIPTION_KEY=ocp1', 'DD_API_KEY=*** OCP_APIM_SUBSCRIPTION_KEY=***'],
  [
    '{"X-Auth-Key":"abc","Accept":"json","password":"p2"}',
    '{"X-Auth-Key":"***","Accept":"json","password":"***"}',
  ],
  ['Authorization: Bearer abc.def\nAccept: text/html', 'Authorization: ***\nAccept: text/html'],
  // flags
  ['mysql --password=f1 -u root', 'mysql --password=*** -u root'],
  ['mysql --password f2 db', 'mysql --password *** db'],
  ["mysql --password 'f 3' db", "mysql --password '***' db"],
  ['--api-key f4 --verbose', '--api-key *** --verbose'],
  // curl: every header value, and -u user:pass
  [
    'curl -H \'X-Anything: h1\' -H "Authorization: Bearer h2" -H Accept:h3 https://x.example',
    'curl -H \'X-Anything: ***\' -H "Authorization: ***" -H Accept:*** https://x.example',
  ],
  [
    'curl --header=X-Custom:h4 -u admin:h5 https://x.example',
    'curl --header=X-Custom:*** -u admin:*** https://x.example',
  ],
  // expressions and plain words are left alone
  ["json.token == 'x' && code == 200", "json.token == 'x' && code == 200"],
  ['a check of the api', 'a check of the api'],
  ['-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----', '***'],
];

/** A spec-like document → what a reader sees of it. */
const DOCUMENTS: { name: string; doc: unknown; masked: unknown }[] = [
  {
    name: 'header lists: every value, whatever the name; valueFrom stays a reference',
    doc: {
      headers: [
        { name: 'X-Auth-Key', value: 'h1' },
        { name: 'Ocp-Apim-Subscription-Key', value: 'h2' },
        { name: 'DD-APPLICATION-KEY', value: 'h3' },
        { name: 'Accept', value: 'application/json' },
        { name: 'Empty', value: '' },
        { name: 'X-Ref', valueFrom: { secretKeyRef: { name: 'hdr-creds', key: 'k' } } },
      ],
    },
    masked: {
      headers: [
        { name: 'X-Auth-Key', value: '***' },
        { name: 'Ocp-Apim-Subscription-Key', value: '***' },
        { name: 'DD-APPLICATION-KEY', value: '***' },
        { name: 'Accept', value: '***' },
        { name: 'Empty', value: '' },
        { name: 'X-Ref', valueFrom: { secretKeyRef: { name: 'hdr-creds', key: 'k' } } },
      ],
    },
  },
  {
    name: 'header maps and header text',
    doc: {
      http: {
        headers: { 'X-Auth-Key': 'm1', Retries: 3, Ref: { valueFrom: { secretKeyRef: { name: 'n' } } } },
      },
      webhook: { headers: 'X-A: 1\nB: 2' },
    },
    masked: {
      http: {
        headers: { 'X-Auth-Key': '***', Retries: '***', Ref: { valueFrom: { secretKeyRef: { name: 'n' } } } },
      },
      webhook: { headers: 'X-A: ***\nB: ***' },
    },
  },
  {
    name: 'env lists, maps and NAME=value strings',
    doc: {
      exec: [
        {
          script: 'true',
          env: [
            { name: 'DB_PASS', value: 'e1' },
            { name: 'GITHUB_PAT', value: 'e2' },
            { name: 'REGION', value: 'eu-west-1' },
            { name: 'FROM', valueFrom: { secretKeyRef: { name: 'exec-creds', key: 'pat' } } },
          ],
        },
      ],
      other: { env: { TOKEN_X: 'e3' } },
      list: { env: ['A=e4', 'B: e5'] },
      // `env` as a plain word is not a list of values
      parameters: { env: 'prod' },
    },
    masked: {
      exec: [
        {
          script: 'true',
          env: [
            { name: 'DB_PASS', value: '***' },
            { name: 'GITHUB_PAT', value: '***' },
            { name: 'REGION', value: '***' },
            { name: 'FROM', valueFrom: { secretKeyRef: { name: 'exec-creds', key: 'pat' } } },
          ],
        },
      ],
      other: { env: { TOKEN_X: '***' } },
      list: { env: ['A=***', 'B: ***'] },
      parameters: { env: 'prod' },
    },
  },
  {
    name: 'secret-named keys, name/value pairs, secret parameters, strings inside',
    doc: {
      password: { value: 'p1' },
      tokenURL: 'https://auth.example/token',
      sftp: { password: { valueFrom: { secretKeyRef: { name: 'sftp-creds', key: 'password' } } } },
      properties: [
        { name: 'password', text: 'p2' },
        { name: 'region', text: 'eu-west-1' },
      ],
      parameters: [
        { name: 'api_secret', type: 'secret', default: 'p3' },
        { name: 'region', type: 'text', default: 'eu-west-1' },
      ],
      url: 'postgres://app:p4/p5@db.example/app',
      script: 'mysql --password p6',
    },
    masked: {
      password: { value: '***' },
      tokenURL: 'https://auth.example/token',
      sftp: { password: { valueFrom: { secretKeyRef: { name: 'sftp-creds', key: 'password' } } } },
      properties: [
        { name: 'password', text: '***' },
        { name: 'region', text: 'eu-west-1' },
      ],
      parameters: [
        { name: 'api_secret', type: 'secret', default: '***' },
        { name: 'region', type: 'text', default: 'eu-west-1' },
      ],
      url: 'postgres://app:***@db.example/app',
      script: 'mysql --password ***',
    },
  },
  {
    name: 'a document with nothing to mask is returned as it is',
    doc: { http: [{ name: 'api', url: 'https://api.example/health', thresholdMillis: 3000 }], interval: 30 },
    masked: {
      http: [{ name: 'api', url: 'https://api.example/health', thresholdMillis: 3000 }],
      interval: 30,
    },
  },
];

describe.each(DB_KINDS)('masking functions by field kind on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
  }, 300_000);
  afterAll(async () => {
    await drop?.();
  });

  const one = async <T>(sql: string, params: unknown[]): Promise<T> => {
    const { rows } = await db.query<{ v: T }>(sql, params);
    return rows[0]?.v as T;
  };

  it('masks credentials inside strings: URL passwords, key=value pairs, flags, curl headers', async () => {
    const seen: [string, string][] = [];
    for (const [text] of TEXTS)
      seen.push([text, await one<string>('SELECT redact_secret_text($1) AS v', [text])]);
    expect(seen).toEqual(TEXTS);
  });

  it('masks URL passwords in connection URLs the same way (the connection form reads them so)', async () => {
    expect(await one('SELECT redact_url_password($1) AS v', ['postgres://app:a/b@c@db.example/app'])).toBe(
      'postgres://app:***@db.example/app',
    );
  });

  it.each(DOCUMENTS)('masks documents by field kind: $name', async ({ doc, masked }) => {
    const once = await one<unknown>('SELECT redact_secrets($1::jsonb) AS v', [JSON.stringify(doc)]);
    expect(once).toEqual(masked);
    // Masking what is masked changes nothing (filters compare against the masked value).
    const twice = await one<unknown>('SELECT redact_secrets(redact_secrets($1::jsonb)) AS v', [
      JSON.stringify(doc),
    ]);
    expect(twice).toEqual(masked);
  });

  it("masks a run's parameters by the type its spec gives them, and by name", async () => {
    const spec = { parameters: [{ name: 'api_secret', type: 'secret' }, { name: 'region' }], actions: [] };
    const params = { api_secret: 'r1', region: 'eu-west-1', token: 'r2', dsn: 'postgres://a:r3@db/x' };
    expect(
      await one('SELECT redact_run_parameters($1::jsonb, $2::jsonb) AS v', [
        JSON.stringify(params),
        JSON.stringify(spec),
      ]),
    ).toEqual({ api_secret: '***', region: 'eu-west-1', token: '***', dsn: 'postgres://a:***@db/x' });
  });
});
