import { configSelectorSchema } from '@opsdeck/shared';
import { z } from 'zod';
import type { Queryable } from '../db/types.js';
import type { JobDefinition } from '../jobs/scheduler.js';
import { selectConfigs, selectorId } from '../selectors.js';

const relationshipsSchema = z.object({ configs: z.array(configSelectorSchema).optional() }).loose();

type CheckRow = { id: string; canary_id: string; relationships: unknown };

/**
 * Links checks to the config items their spec's `relationships.configs` select
 * (check_config_relationships, read by a config item's Checks tab and a check's
 * Relationships tab). Links no longer selected are removed; checks without relationships
 * lose theirs. `canaryId` limits the work to one canary (after it is saved).
 */
export async function syncCheckConfigLinks(db: Queryable, canaryId?: string): Promise<number> {
  const { rows: checks } = await db.query<CheckRow>(
    `SELECT k.id, k.canary_id, k.spec->'relationships' AS relationships FROM checks k
     WHERE k.deleted_at IS NULL AND ($1::uuid IS NULL OR k.canary_id = $1::uuid)
       AND (k.spec ? 'relationships'
         OR EXISTS (SELECT 1 FROM check_config_relationships r WHERE r.check_id = k.id))`,
    [canaryId ?? null],
  );
  let linked = 0;
  for (const check of checks) {
    // The spec was validated when the canary was saved; anything else links nothing.
    const parsed = relationshipsSchema.safeParse(check.relationships);
    const selectors = parsed.success ? (parsed.data.configs ?? []) : [];
    const links = new Map<string, string>();
    for (const selector of selectors) {
      for (const config of await selectConfigs(db, selector)) {
        if (!links.has(config.id)) links.set(config.id, selectorId(selector));
      }
    }
    const ids = [...links.keys()];
    await db.query(
      `INSERT INTO check_config_relationships (config_id, check_id, canary_id, selector_id)
       SELECT l.config_id, $1, $2, l.selector_id FROM unnest($3::uuid[], $4::text[]) AS l(config_id, selector_id)
       ON CONFLICT (config_id, check_id) DO UPDATE
         SET selector_id = excluded.selector_id, canary_id = excluded.canary_id, deleted_at = NULL
         WHERE (check_config_relationships.selector_id, check_config_relationships.canary_id,
           check_config_relationships.deleted_at) IS DISTINCT FROM (excluded.selector_id, excluded.canary_id, NULL)`,
      [check.id, check.canary_id, ids, ids.map((id) => links.get(id))],
    );
    await db.query(
      'DELETE FROM check_config_relationships WHERE check_id = $1 AND NOT (config_id = ANY ($2::uuid[]))',
      [check.id, ids],
    );
    linked += ids.length;
  }
  return linked;
}

/** Configs appear and go as scrapers run: the links are re-resolved every few minutes. */
export const checkConfigLinksJob: JobDefinition = {
  name: 'CheckConfigLinks',
  cron: '*/5 * * * *',
  runOnStart: true,
  async run(ctx) {
    return { success: await syncCheckConfigLinks(ctx.db) };
  },
};
