import type { Db } from '../../db/types.js';
import { loadSchemaCache } from './load.js';
import type { SchemaCache } from './types.js';

/** One cache per database (tests run several servers in one process). */
const caches = new WeakMap<Db, Promise<SchemaCache>>();

/** The schema cache of `db`, read on first use. */
export function schemaCache(db: Db): Promise<SchemaCache> {
  let cache = caches.get(db);
  if (!cache) {
    cache = loadSchemaCache(db);
    caches.set(db, cache);
    cache.catch(() => caches.delete(db));
  }
  return cache;
}

/** Re-reads the schema (after a migration or a test's CREATE TABLE). */
export async function reloadSchemaCache(db: Db): Promise<SchemaCache> {
  const cache = loadSchemaCache(db);
  caches.set(db, cache);
  cache.catch(() => caches.delete(db));
  return cache;
}
