import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

type Row = Record<string, unknown>;
const LIST = '/api/db/integrations_with_status';

/**
 * /settings/integrations reads one view: scrapers, topologies and logging backends together,
 * each with its last job and last failure, paged, sorted and searched by the data API.
 */
describe.each(DB_KINDS)('integrations_with_status on %s', (kind) => {
  let server: TestServer;
  let viewer: SignedIn;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    viewer = await signIn(server, 'viewer');
    const editor = await signIn(server, 'editor');
    const one = async (sql: string, params: unknown[]): Promise<string> => {
      const r = await server.db.query<{ id: string }>(sql, params);
      return r.rows[0]?.id ?? '';
    };
    ids.scraper = await one(
      `INSERT INTO config_scrapers (name, spec, created_by) VALUES ($1, $2, $3) RETURNING id`,
      ['alpha-kube', JSON.stringify({ kubernetes: [{ clusterName: 'a' }] }), editor.personId],
    );
    ids.topology = await one(`INSERT INTO topologies (name, spec) VALUES ($1, '{}') RETURNING id`, [
      'beta-topology',
    ]);
    ids.backend = await one(`INSERT INTO logging_backends (name, spec) VALUES ($1, '{}') RETURNING id`, [
      'gamma-logs',
    ]);
    await one(
      `INSERT INTO topologies (name, spec, deleted_at) VALUES ('deleted-topology', '{}', now()) RETURNING id`,
      [],
    );
    const job = (type: string, id: string, status: string, at: string) =>
      server.db.query(
        `INSERT INTO job_history (name, resource_type, resource_id, status, details, time_start, created_at)
         VALUES ('Scrape', $1, $2, $3, $4, $5, $5)`,
        [type, id, status, JSON.stringify({ errors: status === 'FAILED' ? ['boom'] : [] }), at],
      );
    await job('config_scraper', ids.scraper, 'FAILED', '2026-01-01T00:00:00Z');
    await job('config_scraper', ids.scraper, 'SUCCESS', '2026-01-02T00:00:00Z');
    await job('topology', ids.topology, 'WARNING', '2026-01-03T00:00:00Z');
  });
  afterAll(() => server.close());

  async function get(path: string, headers: Record<string, string> = viewer.headers) {
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { ...headers, prefer: 'count=exact' } });
    const text = await res.text();
    return {
      status: res.status,
      range: res.headers.get('content-range'),
      body: text ? (JSON.parse(text) as unknown) : null,
    };
  }

  it('lists the three kinds with their last job, last failure, creator and agent; deleted rows are left out', async () => {
    const a = await get(`${LIST}?select=*&order=name.asc`);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const rows = a.body as Row[];
    expect(rows.map((r) => [r.name, r.integration_type])).toEqual([
      ['alpha-kube', 'scrapers'],
      ['beta-topology', 'topologies'],
      ['gamma-logs', 'logging_backends'],
    ]);
    const [scraper, topology, backend] = rows;
    expect(scraper).toMatchObject({
      id: ids.scraper,
      type: 'kubernetes',
      source: 'UI',
      job_status: 'SUCCESS',
      job_name: 'Scrape',
      agent: { id: '00000000-0000-0000-0000-000000000000' },
      created_by: { name: 'editor User' },
    });
    expect(new Date(String(scraper?.job_time_start)).toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(new Date(String(scraper?.job_last_failed)).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(topology).toMatchObject({ job_status: 'WARNING', job_last_failed: null, created_by: null });
    expect(backend).toMatchObject({ job_status: null, namespace: 'default' });
    // The list never carries a spec: it is readable with read on 'integrations' alone.
    expect(Object.keys(scraper ?? {})).not.toContain('spec');
  });

  it('pages with an exact total, sorts by any column and searches by name', async () => {
    const first = await get(`${LIST}?select=id,name&order=name.desc&limit=2&offset=0`);
    expect((first.body as Row[]).map((r) => r.name)).toEqual(['gamma-logs', 'beta-topology']);
    expect(first.range).toBe('0-1/3');
    const second = await get(`${LIST}?select=id,name&order=name.desc&limit=2&offset=2`);
    expect((second.body as Row[]).map((r) => r.name)).toEqual(['alpha-kube']);
    expect(second.range).toBe('2-2/3');

    const byJob = await get(`${LIST}?select=name&order=job_time_start.desc.nullslast`);
    expect((byJob.body as Row[]).map((r) => r.name)).toEqual(['beta-topology', 'alpha-kube', 'gamma-logs']);

    const found = await get(`${LIST}?select=name&or=(name.ilike.*TOPO*,type.ilike.*TOPO*)`);
    expect((found.body as Row[]).map((r) => r.name)).toEqual(['beta-topology']);
    expect(found.range).toBe('0-0/1');

    const typed = await get(`${LIST}?select=name&integration_type=eq.logging_backends`);
    expect((typed.body as Row[]).map((r) => r.name)).toEqual(['gamma-logs']);
  });

  it('needs a session to read and cannot be written', async () => {
    expect((await get(`${LIST}?select=id`, {})).status).toBe(401);
    const res = await fetch(`${server.baseUrl}${LIST}`, {
      method: 'POST',
      headers: { ...viewer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect([403, 405]).toContain(res.status);
  });
});
