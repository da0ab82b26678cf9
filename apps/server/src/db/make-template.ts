/**
 * Build step (build.mjs): writes the empty, migrated embedded database a first start copies
 * in (db/template.ts) to `<out>/db-template/`. Usage: make-template <migrations dir> <out dir>.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { migrationsHash, TEMPLATE_DIR_NAME, templateFileName } from './template.js';

const [migrationsDir, outDir] = process.argv.slice(2);
if (!migrationsDir || !outDir) {
  console.error('usage: make-template <migrations dir> <out dir>');
  process.exit(2);
}
const db = await openPglite(null);
await migrate(db, migrationsDir);
const tar = await db.dumpDataDir?.();
await db.close();
if (!tar) throw new Error('the embedded database gave no copy of its data folder');
const dir = path.join(outDir, TEMPLATE_DIR_NAME);
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, templateFileName(migrationsHash(migrationsDir)));
fs.writeFileSync(file, zlib.gzipSync(tar, { level: 6 }));
