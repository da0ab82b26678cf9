import type { Queryable } from '../db/types.js';
import { SOURCE_LOOKUP_LIMIT, type SourceLookupQuery, type SourceMatch } from '../lib/source-lookup.js';

/**
 * Config items whose source (external) ids include the given one, of the given type if any:
 * how another system's id (a Kubernetes uid, an AWS ARN) finds the item here.
 */
export async function lookupConfigsBySource(db: Queryable, q: SourceLookupQuery): Promise<SourceMatch[]> {
  const { rows } = await db.query<SourceMatch>(
    `SELECT id, name, type, to_json(deleted_at) #>> '{}' AS deleted_at FROM config_items
     WHERE external_id @> ARRAY[$1]::text[] AND ($2::text IS NULL OR type = $2)
     ORDER BY deleted_at IS NOT NULL, updated_at DESC LIMIT ${SOURCE_LOOKUP_LIMIT}`,
    [q.external_id, q.type ?? null],
  );
  return rows;
}
