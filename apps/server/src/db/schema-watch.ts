import { newerMigrations } from './migrate.js';
import type { Queryable } from './types.js';

/** How often a running replica asks whether a newer version has migrated the database. */
export const SCHEMA_WATCH_MS = 15_000;

/**
 * Rolling upgrades: the first replica of a new version migrates the database while replicas of
 * the old one still run. Each asks every `intervalMs` (one read of a small table) and, the first
 * time the database has migrations it does not know, calls `onNewer` with them. Failures (the
 * database away) are left to the next round. Returns what stops the watch.
 */
export function watchSchema(
  db: Queryable,
  known: ReadonlySet<string>,
  onNewer: (unknown: string[]) => void,
  intervalMs = SCHEMA_WATCH_MS,
): () => void {
  let asking = false;
  const timer = setInterval(() => {
    if (asking) return;
    asking = true;
    newerMigrations(db, known)
      .then((unknown) => {
        if (!unknown.length) return;
        clearInterval(timer);
        onNewer(unknown);
      })
      .catch(() => {})
      .finally(() => (asking = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
