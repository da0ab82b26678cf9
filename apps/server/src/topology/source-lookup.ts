import type { Queryable } from '../db/types.js';
import { SOURCE_LOOKUP_LIMIT, type SourceLookupQuery, type SourceMatch } from '../lib/source-lookup.js';

/** Components whose external id is the given one, of the given type if any. */
export async function lookupComponentsBySource(db: Queryable, q: SourceLookupQuery): Promise<SourceMatch[]> {
  const { rows } = await db.query<SourceMatch>(
    `SELECT id, name, type, to_json(deleted_at) #>> '{}' AS deleted_at FROM components
     WHERE external_id = $1 AND ($2::text IS NULL OR type = $2)
     ORDER BY deleted_at IS NOT NULL, updated_at DESC LIMIT ${SOURCE_LOOKUP_LIMIT}`,
    [q.external_id, q.type ?? null],
  );
  return rows;
}
