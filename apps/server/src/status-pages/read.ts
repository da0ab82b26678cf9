import { publicStatusPageSchema, type PublicStatusPage } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { encodePage, type EncodedPage } from './encoded.js';
import { READ_PAGE_SQL } from './read-sql.js';
import { ShortCache } from './short-cache.js';

/** A page as served: the checked document and its JSON text, plain and compressed (sent as is to every reader). */
export type ServedPage = { doc: PublicStatusPage; json: string; encoded: EncodedPage; etag: string };

/**
 * Reads one public page by slug or custom domain (one statement), or null when there is none.
 * The database's document is parsed with the public schema, which keeps only its fields: a
 * column added to the SQL by mistake still never reaches the public.
 */
export async function readPublicPage(
  db: Queryable,
  by: { slug: string } | { domain: string },
): Promise<ServedPage | null> {
  const { rows } = await db.query<{ doc: string }>(READ_PAGE_SQL, [
    'slug' in by ? by.slug : null,
    'domain' in by ? by.domain : null,
  ]);
  const text = rows[0]?.doc;
  if (text === undefined) return null;
  const doc = publicStatusPageSchema.parse(JSON.parse(text));
  const json = JSON.stringify(doc);
  return { doc, json, encoded: await encodePage(json), etag: `W/"${doc.generated_at}"` };
}

/** The pages read in the last few seconds, by `slug:` or `host:` key (misses cached too). */
export function pageCache(
  db: Queryable,
  ttlMs: number,
): (by: { slug: string } | { domain: string }) => Promise<ServedPage | null> {
  const cache = new ShortCache<ServedPage | null>(ttlMs);
  return (by) =>
    cache.get('slug' in by ? `slug:${by.slug}` : `host:${by.domain}`, () => readPublicPage(db, by));
}
