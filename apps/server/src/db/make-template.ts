/**
 * Build step (build.mjs): writes the empty, migrated embedded database a first start copies
 * in (db/template.ts) to `<out>/db-template/`. Usage: make-template <migrations dir> <out dir>.
 *
 * The database is made in a folder on disk and closed before it is packed: closing shuts
 * PostgreSQL down cleanly (a checkpoint), so a first start opens it as a restart opens its
 * database. A copy taken from a running database (PGlite's dumpDataDir) is opened with crash
 * recovery first, which cost a first start 1–1.5 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { packTemplate } from './template-pack.js';
import { migrationsHash, TEMPLATE_DIR_NAME, templateFileName } from './template.js';

const [migrationsDir, outDir] = process.argv.slice(2);
if (!migrationsDir || !outDir) {
  console.error('usage: make-template <migrations dir> <out dir>');
  process.exit(2);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-template-'));
try {
  // No template for these migrations exists yet (this makes it): PGlite runs initdb here.
  const db = await openPglite(work, { migrationsDir: path.join(work, 'no-template') });
  await migrate(db, migrationsDir);
  // initdb's template databases: Opsdeck uses `postgres` alone and never creates a database,
  // and they were a third of the template (15 of 45 MB) that every first start unpacks.
  for (const name of ['template0', 'template1']) {
    await db.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await db.exec(`DROP DATABASE ${name}`);
  }
  await db.close();
  const dir = path.join(outDir, TEMPLATE_DIR_NAME);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, templateFileName(migrationsHash(migrationsDir)));
  fs.writeFileSync(file, zlib.gzipSync(packTemplate(path.join(work, 'pgdata')), { level: 6 }));
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
