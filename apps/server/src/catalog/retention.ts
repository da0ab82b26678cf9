import { parseDuration, type RetentionSpec } from '@opsdeck/shared';
import type { Db } from '../db/types.js';

/** config-db's default: items missing from scrapes for 30 minutes are marked deleted. */
export const DEFAULT_STALE_ITEM_AGE = '30m';

function seconds(duration: string | undefined): number | undefined {
  const ms = duration === undefined ? undefined : parseDuration(duration);
  return ms === undefined ? undefined : Math.floor(ms / 1000);
}

/** Items soft-deleted per statement: each batch commits on its own, well inside the timeout. */
export const STALE_BATCH = 5000;

/**
 * Items of this scraper not seen for the stale age are soft-deleted, with a DELETE change so
 * the history shows when they went away. Only call after a scrape without errors: a source
 * that failed to answer must not make its items disappear.
 *
 * The database writes the items and their changes (they are never read into the server), in
 * batches along the scraper's unique key: a push scraper whose agent was away can have a
 * million stale items, and one statement for them all ran past the statement timeout (69 s at
 * ten times our sizes), was rolled back and started again at every run, holding its locks.
 */
export async function deleteStaleItems(
  db: Db,
  scraperId: string,
  retention: RetentionSpec | undefined,
  scrapeStartedAt: Date,
  batch: number = STALE_BATCH,
): Promise<number> {
  // config-db's `keep`: items missing from scrapes stay as they are.
  if (retention?.staleItemAge === 'keep') return 0;
  const age = seconds(retention?.staleItemAge ?? DEFAULT_STALE_ITEM_AGE) ?? 1800;
  let total = 0;
  let after: { type: string; external_id: string[] } | undefined;
  for (;;) {
    const r = await db.query<{ n: number; last_type: string | null; last_external_id: string[] | null }>(
      `WITH picked AS (
         SELECT id, type, external_id, last_scraped_time FROM config_items
         WHERE scraper_id = $1 AND deleted_at IS NULL
           AND coalesce(last_scraped_time, created_at) < $3::timestamptz - make_interval(secs => $2)
           ${after ? 'AND (scraper_id, type, external_id) > ($1, $5::text, $6::text[])' : ''}
         ORDER BY type, external_id LIMIT $4
       ), gone AS (
         UPDATE config_items c SET deleted_at = now(), updated_at = now()
         FROM picked p WHERE c.id = p.id
         RETURNING c.id, c.last_scraped_time
       ), changed AS (
         INSERT INTO config_changes (config_id, change_type, severity, source, summary, fingerprint)
         SELECT id, 'DELETE', 'info', 'scraper', 'Not seen by the scraper since ' || coalesce(last_scraped_time::text, 'creation'), NULL
         FROM gone
         RETURNING 1
       ), last AS (SELECT type, external_id FROM picked ORDER BY type DESC, external_id DESC LIMIT 1)
       SELECT (SELECT count(*)::int FROM changed) AS n, (SELECT type FROM last) AS last_type,
         (SELECT external_id FROM last) AS last_external_id`,
      after
        ? [scraperId, age, scrapeStartedAt, batch, after.type, after.external_id]
        : [scraperId, age, scrapeStartedAt, batch],
    );
    const row = r.rows[0];
    total += row?.n ?? 0;
    if (!row || row.n < batch || row.last_type === null || row.last_external_id === null) break;
    // The next batch starts after this one's last key: a bound on the index, so no batch reads
    // again the items before it.
    after = { type: row.last_type, external_id: row.last_external_id };
  }
  return total;
}

export type RetentionResult = { changesDeleted: number; itemsDeleted: number };

/** retention.changes (per change type: age, count) and retention.types (per item type: ages). */
export async function applyRetention(
  db: Db,
  scraperId: string,
  retention: RetentionSpec | undefined,
): Promise<RetentionResult> {
  const result: RetentionResult = { changesDeleted: 0, itemsDeleted: 0 };
  for (const rule of retention?.changes ?? []) {
    const age = seconds(rule.age);
    if (age !== undefined) {
      const r = await db.query(
        `DELETE FROM config_changes cc USING config_items ci
         WHERE ci.id = cc.config_id AND ci.scraper_id = $1 AND cc.change_type = $2
           AND cc.created_at < now() - make_interval(secs => $3)`,
        [scraperId, rule.name, age],
      );
      result.changesDeleted += r.affectedRows;
    }
    if (rule.count !== undefined) {
      const r = await db.query(
        `DELETE FROM config_changes WHERE id IN (
           SELECT id FROM (
             SELECT cc.id, row_number() OVER (PARTITION BY cc.config_id ORDER BY cc.created_at DESC, cc.id) AS n
             FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
             WHERE ci.scraper_id = $1 AND cc.change_type = $2
           ) ranked WHERE n > $3)`,
        [scraperId, rule.name, rule.count],
      );
      result.changesDeleted += r.affectedRows;
    }
  }
  for (const rule of retention?.types ?? []) {
    const created = seconds(rule.createdAge);
    const updated = seconds(rule.updatedAge);
    const deleted = seconds(rule.deletedAge);
    if (created !== undefined || updated !== undefined) {
      const r = await db.query(
        `UPDATE config_items SET deleted_at = now()
         WHERE scraper_id = $1 AND type = $2 AND deleted_at IS NULL AND (
           ($3::float8 IS NOT NULL AND created_at < now() - make_interval(secs => $3::float8)) OR
           ($4::float8 IS NOT NULL AND updated_at < now() - make_interval(secs => $4::float8)))`,
        [scraperId, rule.name, created ?? null, updated ?? null],
      );
      result.itemsDeleted += r.affectedRows;
    }
    if (deleted !== undefined) {
      // Hard delete: their changes, insights and relationships go with them (ON DELETE CASCADE).
      const r = await db.query(
        `DELETE FROM config_items
         WHERE scraper_id = $1 AND type = $2 AND deleted_at IS NOT NULL
           AND deleted_at < now() - make_interval(secs => $3)`,
        [scraperId, rule.name, deleted],
      );
      result.itemsDeleted += r.affectedRows;
    }
  }
  return result;
}
