import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isCommentOnlyEdit } from './comment-edits.js';
import type { Db } from './types.js';

export class MigrationError extends Error {}

export type Migration = { version: string; name: string; sql: string; checksum: string };

/** Migrations sit next to this module in the source tree and next to main.js in the build. */
export function defaultMigrationsDir(): string {
  return fileURLToPath(new URL('./migrations/', import.meta.url));
}

const FILE_PATTERN = /^(\d{3,})_([a-z0-9_]+)\.sql$/;

export function readMigrations(dir: string = defaultMigrationsDir()): Migration[] {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const migrations = files.map((file) => {
    const m = FILE_PATTERN.exec(file);
    if (!m) throw new MigrationError(`Migration file name ${file} does not match NNN_name.sql`);
    const sql = fs.readFileSync(`${dir}/${file}`, 'utf8').replace(/\r\n/g, '\n');
    const checksum = crypto.createHash('sha256').update(sql).digest('hex');
    return { version: m[1] as string, name: m[2] as string, sql, checksum };
  });
  migrations.sort((a, b) => a.version.localeCompare(b.version, 'en', { numeric: true }));
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new MigrationError(`Two migrations share the number ${migrations[i]?.version}`);
    }
  }
  return migrations;
}

// Any constant works; it only has to be the same for every Opsdeck process.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the migrations not yet recorded, in order, in one transaction under an advisory
 * lock, so concurrent replicas do not race. A recorded migration whose file changed stops
 * start-up: silently diverging schemas are worse than a clear failure. The one exception is a
 * comment-only edit listed in comment-edits.ts, whose new checksum is then recorded.
 */
export async function migrate(db: Db, dir?: string): Promise<{ applied: string[] }> {
  const migrations = readMigrations(dir);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: string; name: string; checksum: string }>(
      'SELECT version, name, checksum FROM schema_migrations',
    );
    const recorded = new Map(rows.map((r) => [r.version, r]));
    const applied: string[] = [];
    for (const m of migrations) {
      const done = recorded.get(m.version);
      if (done) {
        if (done.checksum !== m.checksum && isCommentOnlyEdit(m.version, done.checksum, m.sql)) {
          await tx.query('UPDATE schema_migrations SET checksum = $1 WHERE version = $2', [
            m.checksum,
            m.version,
          ]);
        } else if (done.checksum !== m.checksum) {
          throw new MigrationError(
            `Migration ${m.version}_${m.name}.sql was changed after it was applied to this database. ` +
              'Applied migrations must never be edited: restore the file and add a new migration instead.',
          );
        }
        continue;
      }
      try {
        await tx.exec(m.sql);
      } catch (e) {
        throw new MigrationError(`Migration ${m.version}_${m.name}.sql failed: ${(e as Error).message}`);
      }
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        m.checksum,
      ]);
      applied.push(`${m.version}_${m.name}`);
    }
    return { applied };
  });
}
