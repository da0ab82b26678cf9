import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defaultMigrationsDir, readMigrations } from './migrate.js';

/**
 * A first start on the embedded database spends most of its time in PostgreSQL's initdb
 * (run in WebAssembly: seconds) and then in the migrations. The build makes that empty,
 * migrated database once (`pgdata-<hash>.tar.gz`, db/make-template.ts); a first start copies it
 * in instead. The hash names the exact migrations it holds, so a build whose migrations differ
 * (or a run from source, which has no template) creates the database the slow way.
 */
export const TEMPLATE_DIR_NAME = 'db-template';

/** A short hash of every migration's version and checksum, in order. */
export function migrationsHash(dir: string = defaultMigrationsDir()): string {
  const h = crypto.createHash('sha256');
  for (const m of readMigrations(dir)) h.update(`${m.version}:${m.checksum}\n`);
  return h.digest('hex').slice(0, 16);
}

export function templateFileName(hash: string): string {
  return `pgdata-${hash}.tar.gz`;
}

/** The template for this build's migrations, when the build made one; undefined otherwise. */
export function findTemplate(migrationsDir: string = defaultMigrationsDir()): string | undefined {
  const dir = path.join(migrationsDir, '..', TEMPLATE_DIR_NAME);
  if (!fs.existsSync(dir)) return undefined;
  const file = path.join(dir, templateFileName(migrationsHash(migrationsDir)));
  return fs.existsSync(file) ? file : undefined;
}
