import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../../src/catalog/demo/files.js';
import { DEMO_SCRAPER_SPEC, DEMO_SOURCE } from '../../src/catalog/demo/seed.js';
import { DB_KINDS, type TestServer } from '../helpers.js';
import { api, catalogServer } from './helpers.js';

const DAY_MS = 86_400_000;

type ChangesPage = {
  total: number;
  summary: Record<string, number>;
  changes: { change_type: string; created_at: string }[];
};

describe.each(DB_KINDS)('the demo catalog history on %s', (kind) => {
  let server: TestServer & { dir: string };
  let scraperId: string;
  const run = () => api(server, 'POST', `/api/config/run/${scraperId}`);

  beforeAll(async () => {
    server = await catalogServer(kind);
    ensureDemoCatalog(path.join(server.dir, 'files'));
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO config_scrapers (name, namespace, spec, source) VALUES ('demo-cluster', 'default', $1, $2) RETURNING id`,
      [JSON.stringify(DEMO_SCRAPER_SPEC), DEMO_SOURCE],
    );
    scraperId = rows[0]!.id;
  });
  afterAll(() => server.close());

  it('has a week of releases, scaling, restarts, cloud edits and a deleted pod after the first scrape', async () => {
    expect((await run()).status).toBe(200);
    const page = await api<ChangesPage>(server, 'POST', '/api/catalog/changes', {
      from: 'now-8d',
      page_size: 500,
      include_deleted_configs: true,
    });
    expect(page.status).toBe(200);
    const types = Object.keys(page.body.summary);
    expect(types).toEqual(
      expect.arrayContaining(['diff', 'ScalingReplicaSet', 'BackOff', 'UpdateConfiguration', 'DELETE']),
    );
    const ages = page.body.changes.map((c) => Date.now() - new Date(c.created_at).getTime());
    expect(Math.max(...ages)).toBeGreaterThan(5 * DAY_MS);
    expect(Math.max(...ages)).toBeLessThan(8 * DAY_MS);
    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items WHERE scraper_id = $1 AND deleted_at IS NOT NULL AND type LIKE '%::Pod'`,
      [scraperId],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('adds the history once: later scrapes leave it as it is', async () => {
    const count = async () =>
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM config_changes WHERE created_at < now() - interval '1 day'`,
        )
      ).rows[0]?.n;
    const before = await count();
    expect((await run()).status).toBe(200);
    expect(await count()).toBe(before);
  });
});
