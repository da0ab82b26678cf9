import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, Db } from '../db/types.js';

/** Parses a `key=value` file: blank lines and lines starting with # are skipped. */
export function parsePropertiesFile(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    out.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  return out;
}

/**
 * Mirrors PROPERTIES_FILE into the properties table with source 'local', so lists show them;
 * a trigger (migration 010) keeps those rows read-only for everyone but this sync.
 */
export async function syncLocalProperties(
  db: Db,
  file: string | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  let flags = new Map<string, string>();
  if (file) {
    try {
      flags = parsePropertiesFile(fs.readFileSync(file, 'utf8'));
    } catch (e) {
      log.error({ err: e }, `could not read PROPERTIES_FILE ${file}`);
    }
  }
  await db.transaction(async (tx) => {
    await tx.query("SELECT set_config('opsdeck.sync_local', 'on', true)");
    await tx.query("DELETE FROM properties WHERE source = 'local' AND NOT (name = ANY($1::text[]))", [
      [...flags.keys()],
    ]);
    for (const [name, value] of flags) {
      await tx.query(
        `INSERT INTO properties (name, value, source, description) VALUES ($1, $2, 'local', 'From PROPERTIES_FILE')
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, source = 'local', updated_at = now()`,
        [name, value],
      );
    }
  });
}

export async function localPropertyNames(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>("SELECT name FROM properties WHERE source = 'local'");
  return new Set(rows.map((r) => r.name));
}
