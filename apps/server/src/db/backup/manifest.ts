import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readMigrations } from '../migrate.js';

/** What a backup says about itself (`manifest.json` inside the archive). */
export const manifestSchema = z.object({
  format: z.literal('opsdeck-backup/1'),
  createdAt: z.string(),
  opsdeckVersion: z.string(),
  database: z.enum(['pglite', 'postgresql']),
  /** The migrations applied to the database when it was backed up, as `version_name`. */
  migrations: z.array(z.string()),
  key: z.object({
    /** Whether `secret.key` is in the archive. */
    included: z.boolean(),
    /** Fingerprint of the key that sealed the secrets (never the key), or null when none existed. */
    fingerprint: z.string().nullable(),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const MANIFEST = 'manifest.json';
export const KEY_FILE = 'secret.key';

/** The text the server derives its key from: SECRET_KEY, else DATA_DIR/secret.key (if made). */
export function keyText(secretKey: string | undefined, dataDir: string): string | null {
  if (secretKey) return secretKey;
  const file = path.join(dataDir, KEY_FILE);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
}

/** Names a key without revealing it: a hash of the derived AES key, shortened. */
export function keyFingerprint(text: string): string {
  const derived = crypto.createHash('sha256').update(text).digest();
  return crypto.createHash('sha256').update(derived).digest('hex').slice(0, 16);
}

/** Migrations of the backup this build does not know: it was taken by a newer version. */
export function newerMigrations(applied: readonly string[], dir?: string): string[] {
  const known = new Set(readMigrations(dir).map((m) => `${m.version}_${m.name}`));
  const knownVersions = new Set(readMigrations(dir).map((m) => m.version));
  return applied.filter((a) => !known.has(a) && !knownVersions.has(a.split('_')[0] ?? a));
}

export class BackupError extends Error {}
