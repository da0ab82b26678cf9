import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changesRequestSchema,
  searchChanges,
  type ChangesRequest,
} from '../../src/catalog/changes-search.js';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { DB_KINDS, freshDb } from '../helpers.js';

/**
 * The changes page's total and per-type counts: counted from the changes alone when the only
 * condition on their items is "not deleted" (issue 39, 10M changes), joined to the items when
 * a filter names them. Both must agree with the rows the page lists.
 */
describe.each(DB_KINDS)('catalog change counts on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
    await db.exec(`
      INSERT INTO config_items (id, type, name, tags, deleted_at) VALUES
        ('00000000-0000-0000-0000-0000000000a1', 'Kubernetes::Pod', 'live-pod', '{"cluster": "east"}', NULL),
        ('00000000-0000-0000-0000-0000000000a2', 'Kubernetes::Service', 'live-svc', '{"cluster": "west"}', NULL),
        ('00000000-0000-0000-0000-0000000000b1', 'Kubernetes::Pod', 'gone-pod', '{"cluster": "east"}', now());
      INSERT INTO config_changes (config_id, change_type, created_at) VALUES
        ('00000000-0000-0000-0000-0000000000a1', 'diff', now() - interval '1 hour'),
        ('00000000-0000-0000-0000-0000000000a1', 'diff', now() - interval '2 hours'),
        ('00000000-0000-0000-0000-0000000000a1', 'BackOff', now() - interval '3 days'),
        ('00000000-0000-0000-0000-0000000000a2', 'Pulled', now() - interval '5 hours'),
        ('00000000-0000-0000-0000-0000000000b1', 'diff', now() - interval '1 hour'),
        ('00000000-0000-0000-0000-0000000000b1', 'DELETE', now() - interval '30 minutes');`);
  });
  afterAll(() => drop());

  const search = async (req: ChangesRequest) => {
    const r = await searchChanges(db, changesRequestSchema.parse(req));
    // The counts describe the rows listed (every page here fits in one).
    expect(r.total).toBe(r.changes.length);
    return { total: r.total, summary: r.summary, names: [...new Set(r.changes.map((c) => c.name))].sort() };
  };

  it('leaves deleted items out of the rows and the counts alike, unless asked for them', async () => {
    expect(await search({})).toEqual({
      total: 4,
      summary: { diff: 2, BackOff: 1, Pulled: 1 },
      names: ['live-pod', 'live-svc'],
    });
    expect(await search({ include_deleted_configs: true })).toEqual({
      total: 6,
      summary: { diff: 3, BackOff: 1, Pulled: 1, DELETE: 1 },
      names: ['gone-pod', 'live-pod', 'live-svc'],
    });
  });

  it('counts within the time bounds and the change filters', async () => {
    expect(await search({ from: 'now-2d' })).toEqual({
      total: 3,
      summary: { diff: 2, Pulled: 1 },
      names: ['live-pod', 'live-svc'],
    });
    expect(await search({ from: 'now-2d', type: 'diff', include_deleted_configs: true })).toEqual({
      total: 3,
      summary: { diff: 3 },
      names: ['gone-pod', 'live-pod'],
    });
  });

  it('joins the items when a filter names them: type and tags', async () => {
    expect(await search({ config_type: 'Kubernetes::Pod' })).toEqual({
      total: 3,
      summary: { diff: 2, BackOff: 1 },
      names: ['live-pod'],
    });
    expect(await search({ tags: 'cluster____east', include_deleted_configs: true })).toEqual({
      total: 5,
      summary: { diff: 3, BackOff: 1, DELETE: 1 },
      names: ['gone-pod', 'live-pod'],
    });
  });
});
