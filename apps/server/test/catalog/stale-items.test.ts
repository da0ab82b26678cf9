import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteStaleItems } from '../../src/catalog/retention.js';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { DB_KINDS, freshDb } from '../helpers.js';

describe.each(DB_KINDS)('stale items of a scraper, on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  const scraper = '00000000-0000-4000-8000-00000000a001';

  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
    await db.query(`INSERT INTO config_scrapers (id, name, spec) VALUES ($1, 'pushed', '{"push": [{}]}')`, [
      scraper,
    ]);
    // Eleven items of two types the agent stopped pushing an hour ago, two seen just now.
    await db.query(
      `INSERT INTO config_items (scraper_id, external_id, type, name, last_scraped_time)
       SELECT $1::uuid, ARRAY['old-' || i], CASE WHEN i % 2 = 0 THEN 'Kubernetes::Pod' ELSE 'Kubernetes::Node' END,
         'old-' || i, now() - interval '1 hour'
       FROM generate_series(1, 11) i
       UNION ALL SELECT $1::uuid, ARRAY['new-' || i], 'Kubernetes::Pod', 'new-' || i, now() FROM generate_series(1, 2) i`,
      [scraper],
    );
  });
  afterAll(async () => drop());

  it('soft-deletes every stale item, a batch at a time, each with its DELETE change; the others stay', async () => {
    // Batches of 3: four statements, the last one short.
    const deleted = await deleteStaleItems(db, scraper, undefined, new Date(), 3);
    expect(deleted).toBe(11);
    const { rows } = await db.query<{ name: string; deleted: boolean; changes: number }>(
      `SELECT ci.name, ci.deleted_at IS NOT NULL AS deleted,
         (SELECT count(*)::int FROM config_changes cc WHERE cc.config_id = ci.id AND cc.change_type = 'DELETE') AS changes
       FROM config_items ci WHERE ci.scraper_id = $1 ORDER BY ci.name`,
      [scraper],
    );
    expect(rows.filter((r) => r.deleted).map((r) => r.name)).toHaveLength(11);
    expect(rows.filter((r) => r.deleted).every((r) => r.changes === 1)).toBe(true);
    expect(rows.filter((r) => !r.deleted).map((r) => r.name)).toEqual(['new-1', 'new-2']);
    // Nothing is left to delete, and 'keep' deletes nothing.
    expect(await deleteStaleItems(db, scraper, undefined, new Date(), 3)).toBe(0);
    expect(
      await deleteStaleItems(db, scraper, { staleItemAge: 'keep' }, new Date(Date.now() + 86_400_000), 3),
    ).toBe(0);
  });
});
