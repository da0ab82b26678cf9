import { canaryJsonSchema } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { parseCanarySpec } from '../../src/health/canary-spec.js';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { canaryWriteHook } from '../../src/health/write-hook.js';
import type { DataWriteContext } from '../../src/platform/data-write-hook.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { healthContext } from './context.js';
import { refusal } from './spec-refusal.js';

describe('canary spec validation', () => {
  it('accepts canary-checker YAML unchanged, whole documents included', () => {
    const yaml = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: http-check
  namespace: web
  labels: {team: edge}
spec:
  schedule: "@every 30s"
  http:
    - name: google
      url: https://www.google.com
      responseCodes: [200]
      maxSSLExpiry: 7
      thresholdMillis: 3000
      headers:
        - name: Accept
          value: text/html
      test:
        expr: "code == 200"
  dns:
    - name: a-record
      server: 8.8.8.8
      port: 53
      query: flanksource.com
      querytype: A
      minrecords: 1
      exactreply: ["1.2.3.4"]
  icmp:
    - name: ping
      endpoint: 1.1.1.1
      packetCount: 3
      packetLossThreshold: 10
  s3:
    - name: bucket
      bucket: backups
`;
    const { spec, metadata } = parseCanarySpec(yaml);
    expect(metadata).toMatchObject({ name: 'http-check', namespace: 'web', labels: { team: 'edge' } });
    expect(spec.http?.[0]?.url).toBe('https://www.google.com');
    expect(spec.s3?.[0]).toMatchObject({ bucket: 'backups' });
  });

  it('refuses broken specs with the reason and the path', () => {
    expect(refusal({ http: [{ name: 'x' }] })).toBe('spec.http.0.url: url or connection is required');
    expect(refusal({ tcp: [{ endpoint: 'db.local' }] })).toBe(
      'spec.tcp.0.endpoint: endpoint must be host:port, for example db.local:5432',
    );
    expect(refusal({ schedule: 'every now and then' })).toContain(
      'spec.schedule: must be "@every <duration>"',
    );
    expect(refusal({ htpp: [] })).toContain('Unrecognized key: "htpp"');
    expect(refusal({ http: [{ url: 'http://a', test: { expr: '' } }] })).toBe(
      'spec.http.0.test.expr: expr must not be empty',
    );
    expect(refusal('http: [oops')).toContain('spec is not valid YAML or JSON');
  });

  it('refuses an http check whose url is not a url, placeholders aside', () => {
    expect(refusal({ http: [{ url: 'not a url' }] })).toBe('spec.http.0.url: not a url');
    expect(refusal({ http: [{ url: 'https://ok.example' }, { url: 'example.com/health' }] })).toBe(
      'spec.http.1.url: not a url',
    );
    expect(refusal({ http: [{ url: 'ftp://files.example' }] })).toBe('spec.http.0.url: not a url');
    expect(refusal({ http: [{ endpoint: 'localhost' }] })).toBe('spec.http.0.endpoint: not a url');
    expect(
      refusal({
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'doc' },
        spec: { http: [{ url: 'htp:/broken' }] },
      }),
    ).toBe('spec.http.0.url: not a url');
    // Filled when the check runs: not judged at save.
    expect(() => parseCanarySpec({ http: [{ url: '$(.env.BASE)/health' }] })).not.toThrow();
    expect(() => parseCanarySpec({ http: [{ url: '{{ .base }}/health' }] })).not.toThrow();
    expect(() => parseCanarySpec({ http: [{ url: 'http://127.0.0.1:{{port}}/x' }] })).not.toThrow();
  });

  it('serves a JSON Schema for the editor', () => {
    const schema = canaryJsonSchema() as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['schedule', 'http', 'tcp', 'dns', 'exec', 's3']),
    );
  });
});

describe.each(DB_KINDS)('saving canaries on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
  });
  afterAll(() => drop());

  const w = (method: 'POST' | 'PATCH'): DataWriteContext =>
    ({ ctx: healthContext(db), req: {}, method }) as unknown as DataWriteContext;

  /** What the data API does for POST /api/db/canaries: hook, insert, hook, in one transaction. */
  async function post(row: Record<string, unknown>): Promise<string> {
    const [clean] = await canaryWriteHook.beforeWrite!([row], w('POST'));
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        "INSERT INTO canaries (name, namespace, labels, spec, schedule) VALUES ($1, coalesce($2, 'default'), coalesce($3::jsonb, '{}'::jsonb), $4, $5) RETURNING id",
        [
          clean!.name,
          clean!.namespace ?? null,
          clean!.labels ? JSON.stringify(clean!.labels) : null,
          JSON.stringify(clean!.spec),
          clean!.schedule ?? null,
        ],
      );
      await canaryWriteHook.afterWrite!(tx, rows, w('POST'));
      return rows[0]!.id;
    });
  }

  const checksOf = async (id: string) =>
    (
      await db.query<{
        id: string;
        type: string;
        name: string;
        endpoint: string;
        labels: Record<string, string>;
        deleted_at: Date | null;
      }>(
        'SELECT id, type, name, endpoint, labels, deleted_at FROM checks WHERE canary_id = $1 ORDER BY type, name',
        [id],
      )
    ).rows;

  it('creates the checks of a new canary, named and labelled', async () => {
    const id = await post({
      name: 'shop',
      labels: { team: 'web' },
      spec: {
        schedule: '@every 1m',
        http: [{ name: 'home', url: 'http://127.0.0.1:9/' }],
        tcp: [{ endpoint: 'db:5432', labels: { tier: 'db' } }],
      },
    });
    const checks = await checksOf(id);
    expect(checks.map((c) => [c.type, c.name, c.endpoint])).toEqual([
      ['http', 'home', 'http://127.0.0.1:9/'],
      ['tcp', 'db:5432', 'db:5432'],
    ]);
    expect(checks[1]?.labels).toEqual({ team: 'web', tier: 'db' });
    const { rows } = await db.query<{ schedule: string }>('SELECT schedule FROM canaries WHERE id = $1', [
      id,
    ]);
    expect(rows[0]?.schedule).toBe('@every 1m');
  });

  it('updates kept checks in place, adds new ones and soft-deletes removed ones', async () => {
    const id = await post({
      name: 'api',
      spec: {
        http: [
          { name: 'a', url: 'http://a/' },
          { name: 'b', url: 'http://b/' },
        ],
      },
    });
    const before = await checksOf(id);
    await db.query('UPDATE canaries SET spec = $2 WHERE id = $1', [
      id,
      JSON.stringify({
        http: [
          { name: 'a', url: 'http://a2/' },
          { name: 'c', url: 'http://c/' },
        ],
      }),
    ]);
    expect(await syncCanaryChecks(db, id)).toEqual({ created: 1, updated: 1, deleted: 1 });
    const after = await checksOf(id);
    const a = after.find((c) => c.name === 'a');
    expect(a?.id).toBe(before.find((c) => c.name === 'a')?.id);
    expect(a?.endpoint).toBe('http://a2/');
    // The dashboard's cached entry follows the spec too.
    const cached = await db.query<{ json: string }>('SELECT json FROM check_summaries WHERE check_id = $1', [
      a?.id,
    ]);
    expect(JSON.parse(cached.rows[0]!.json)).toMatchObject({
      name: 'a',
      endpoint: 'http://a2/',
      canary_name: 'api',
    });
    expect(after.find((c) => c.name === 'b')?.deleted_at).not.toBeNull();
    expect(after.find((c) => c.name === 'c')?.deleted_at).toBeNull();
    // A second pass with no change touches nothing.
    expect(await syncCanaryChecks(db, id)).toEqual({ created: 0, updated: 0, deleted: 0 });
  });

  it('soft-deletes every check of a deleted canary', async () => {
    const id = await post({ name: 'gone', spec: { tcp: [{ endpoint: 'x:1' }] } });
    await db.query('UPDATE canaries SET deleted_at = now() WHERE id = $1', [id]);
    await syncCanaryChecks(db, id);
    expect((await checksOf(id)).every((c) => c.deleted_at !== null)).toBe(true);
  });

  it('refuses a broken spec with a 400 {code, message} and stores nothing; accepts a repeated name', async () => {
    const { rows: before } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM canaries');
    const attempt = post({ name: 'broken', spec: { http: [{ name: 'x' }, { name: 'x', url: 'http://a' }] } });
    await expect(attempt).rejects.toMatchObject({
      statusCode: 400,
      code: 'OPSDECK_INVALID_SPEC',
      message: 'spec.http.0.url: url or connection is required',
    });
    const dup = post({
      name: 'dup',
      spec: {
        http: [
          { name: 'x', url: 'http://a' },
          { name: 'x', url: 'http://b' },
        ],
      },
    });
    // canary-checker accepts a repeated name; the repeat is numbered (its own check and history).
    const dupId = await dup;
    const { rows: dupChecks } = await db.query<{ name: string; endpoint: string }>(
      'SELECT name, endpoint FROM checks WHERE canary_id = $1 ORDER BY name',
      [dupId],
    );
    expect(dupChecks).toEqual([
      { name: 'x', endpoint: 'http://a/' },
      { name: 'x (2)', endpoint: 'http://b/' },
    ]);
    const { rows: after } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM canaries');
    expect(after[0]?.n).toBe((before[0]?.n ?? 0) + 1);
  });

  it('refuses an http url that is not a url with a 400 naming the field', async () => {
    await expect(
      post({ name: 'bad-url', spec: { http: [{ name: 'x', url: 'not a url' }] } }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'OPSDECK_INVALID_SPEC',
      message: 'spec.http.0.url: not a url',
    });
  });

  it('takes name, namespace and labels from an imported canary-checker document', async () => {
    const id = await post({
      spec: {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'imported', namespace: 'ops', labels: { a: 'b' } },
        spec: { schedule: '@every 5m', tcp: [{ endpoint: 'h:1' }] },
      },
    });
    const { rows } = await db.query<{
      name: string;
      namespace: string;
      labels: unknown;
      spec: unknown;
      schedule: string;
    }>('SELECT name, namespace, labels, spec, schedule FROM canaries WHERE id = $1', [id]);
    expect(rows[0]).toEqual({
      name: 'imported',
      namespace: 'ops',
      labels: { a: 'b' },
      spec: { schedule: '@every 5m', tcp: [{ endpoint: 'h:1' }] },
      schedule: '@every 5m',
    });
  });

  it('leaves a PATCH without a spec alone', async () => {
    const rows = await canaryWriteHook.beforeWrite!([{ name: 'renamed' }], w('PATCH'));
    expect(rows[0]).toMatchObject({ name: 'renamed' });
    expect(rows[0]).not.toHaveProperty('spec');
  });
});
