import { parseDuration, type RetentionSpec } from '@opsdeck/shared';
import type { Db } from '../db/types.js';

/** config-db's default: items missing from scrapes for 30 minutes are marked deleted. */
export const DEFAULT_STALE_ITEM_AGE = '30m';

function seconds(duration: string | undefined): number | undefined {
  const ms = duration === undefined ? undefined : parseDuration(duration);
  return ms === undefined ? undefined : Math.floor(ms / 1000);
}

/**
 * Items of this scraper not seen for the stale age are soft-deleted, with a DELETE change so
 * the history shows when they went away. Only call after a scrape without errors: a source
 * that failed to answer must not make its items disappear.
 */
export async function deleteStaleItems(
  db: Db,
  scraperId: string,
  retention: RetentionSpec | undefined,
  scrapeStartedAt: Date,
): Promise<number> {
  // config-db's `keep`: items missing from scrapes stay as they are.
  if (retention?.staleItemAge === 'keep') return 0;
  const age = seconds(retention?.staleItemAge ?? DEFAULT_STALE_ITEM_AGE) ?? 1800;
  // One statement: the items and their DELETE changes are written by the database, not read
  // into the server and sent back as JSON (that can be every item of a push scraper whose
  // agent was away: a million rows at ten times our sizes).
  const r = await db.query<{ n: number }>(
    `WITH gone AS (
       UPDATE config_items SET deleted_at = now(), updated_at = now()
       WHERE scraper_id = $1 AND deleted_at IS NULL
         AND coalesce(last_scraped_time, created_at) < $3::timestamptz - make_interval(secs => $2)
       RETURNING id, last_scraped_time
     ), changed AS (
       INSERT INTO config_changes (config_id, change_type, severity, source, summary, fingerprint)
       SELECT id, 'DELETE', 'info', 'scraper', 'Not seen by the scraper since ' || coalesce(last_scraped_time::text, 'creation'), NULL
       FROM gone
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM changed`,
    [scraperId, age, scrapeStartedAt],
  );
  return r.rows[0]?.n ?? 0;
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
