import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isCommentOnlyEdit } from './comment-edits.js';
import type { Db, Queryable } from './types.js';

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

/** Where migrate() reports each migration it applies (a logger; nothing by default). */
export type MigrationLog = { info(message: string): void };

/** A migration still running after this long says so, and again at each further interval. */
const STILL_RUNNING_MS = 5000;
/** A migration that took at least this long is named in the log when it ends. */
const SLOW_MS = 1000;

/**
 * The database was migrated by a newer Opsdeck: it has migrations this build does not know.
 * Running on it could break the newer schema's rules (a column this build does not fill, a
 * table it does not know), so start-up and every command stop.
 */
export class NewerSchemaError extends MigrationError {
  constructor(readonly unknown: string[]) {
    super(
      `The database has migrations this version of Opsdeck does not know: ${unknown.join(', ')}. ` +
        'A newer version migrated it; run that version (or newer). To go back to this version, ' +
        'restore the backup taken before the upgrade (docs/deploy.md, Upgrades).',
    );
  }
}

/** What a replica that is still running when a newer version migrates its database says. */
export function outdatedReplicaMessage(unknown: readonly string[], version: string): string {
  return (
    `A newer version of Opsdeck migrated the database (${unknown.join(', ')}) while this replica ` +
    `(version ${version}) was running. It has stopped its background work and answers 503 until ` +
    'it is replaced by the new version (docs/deploy.md, Upgrades).'
  );
}

type Recorded = { version: string; name: string; checksum: string; applied_at: Date };

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version text PRIMARY KEY,
  name text NOT NULL,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** Recorded migrations this build has no file for, as `version_name`. */
function unknownTo(known: ReadonlySet<string>, recorded: readonly Recorded[]): string[] {
  return recorded
    .filter((r) => !known.has(r.version))
    .sort((a, b) => a.version.localeCompare(b.version, 'en', { numeric: true }))
    .map((r) => `${r.version}_${r.name}`);
}

/** Runs one migration's SQL, logging its duration and, while it takes long, that it still runs. */
async function applyOne(
  tx: Queryable,
  m: Migration,
  log: MigrationLog | undefined,
  progressMs: number,
): Promise<void> {
  const label = `${m.version}_${m.name}`;
  const started = Date.now();
  const timer = setInterval(() => {
    log?.info(`migration ${label} is still running (${Math.round((Date.now() - started) / 1000)} s)`);
  }, progressMs);
  try {
    await tx.exec(m.sql);
  } catch (e) {
    throw new MigrationError(`Migration ${label}.sql failed: ${(e as Error).message}`);
  } finally {
    clearInterval(timer);
  }
  const took = Date.now() - started;
  // Quick ones are only counted (a first start applies every migration); slow ones are named.
  if (took >= SLOW_MS) log?.info(`migration ${label} applied in ${took} ms`);
}

/**
 * Applies the migrations not yet recorded, in order, in one transaction under an advisory
 * lock, so concurrent replicas do not race. A recorded migration whose file changed stops
 * start-up: silently diverging schemas are worse than a clear failure. The one exception is a
 * comment-only edit listed in comment-edits.ts, whose new checksum is then recorded. A
 * database with migrations this build does not know (a newer version migrated it) stops
 * start-up too (NewerSchemaError).
 */
export async function migrate(
  db: Db,
  dir?: string,
  options: { log?: MigrationLog; progressMs?: number } = {},
): Promise<{ applied: string[] }> {
  const migrations = readMigrations(dir);
  const { log } = options;
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(CREATE_TABLE);
    const { rows } = await tx.query<Recorded>(
      'SELECT version, name, checksum, applied_at FROM schema_migrations',
    );
    const unknown = unknownTo(new Set(migrations.map((m) => m.version)), rows);
    if (unknown.length) throw new NewerSchemaError(unknown);
    const recorded = new Map(rows.map((r) => [r.version, r]));
    const applied: string[] = [];
    const started = Date.now();
    const pending = migrations.filter((m) => !recorded.has(m.version)).length;
    const progressMs = options.progressMs ?? STILL_RUNNING_MS;
    // Between migrations too: the embedded database runs a statement without yielding, so the
    // timer inside applyOne cannot fire there, but this line is written after each one.
    let reported = started;
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
      await applyOne(tx, m, log, progressMs);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        m.checksum,
      ]);
      applied.push(`${m.version}_${m.name}`);
      if (Date.now() - reported >= progressMs && applied.length < pending) {
        reported = Date.now();
        log?.info(
          `migrations: ${applied.length} of ${pending} applied (${Math.round((reported - started) / 1000)} s)`,
        );
      }
    }
    if (applied.length > 0) log?.info(`${applied.length} migrations applied in ${Date.now() - started} ms`);
    return { applied };
  });
}

/**
 * The migrations recorded in the database that are not among `known` (this build's versions):
 * a newer Opsdeck migrated it. A running replica asks this every little while (rolling upgrades).
 */
export async function newerMigrations(q: Queryable, known: ReadonlySet<string>): Promise<string[]> {
  const { rows } = await q.query<Recorded>(
    'SELECT version, name, checksum, applied_at FROM schema_migrations',
  );
  return unknownTo(known, rows);
}

export type MigrationState = {
  version: string;
  name: string;
  /** applied; pending (this build will apply it); unknown (applied by a newer version). */
  state: 'applied' | 'pending' | 'unknown';
  appliedAt: Date | null;
  /** For applied ones: the file is as applied, a listed comment-only edit, or changed. */
  checksum: 'ok' | 'comment-edit' | 'changed' | null;
};

/** Every migration of this build and of the database, in order; reads only. */
export async function migrationStatus(db: Db, dir?: string): Promise<MigrationState[]> {
  const migrations = readMigrations(dir);
  const exists = await db.query<{ t: string | null }>(`SELECT to_regclass('schema_migrations')::text AS t`);
  const rows = exists.rows[0]?.t
    ? (await db.query<Recorded>('SELECT version, name, checksum, applied_at FROM schema_migrations')).rows
    : [];
  const recorded = new Map(rows.map((r) => [r.version, r]));
  const states: MigrationState[] = migrations.map((m) => {
    const r = recorded.get(m.version);
    if (!r) return { version: m.version, name: m.name, state: 'pending', appliedAt: null, checksum: null };
    const checksum =
      r.checksum === m.checksum
        ? 'ok'
        : isCommentOnlyEdit(m.version, r.checksum, m.sql)
          ? 'comment-edit'
          : 'changed';
    return {
      version: m.version,
      name: m.name,
      state: 'applied',
      appliedAt: new Date(r.applied_at),
      checksum,
    };
  });
  const known = new Set(migrations.map((m) => m.version));
  for (const r of rows)
    if (!known.has(r.version))
      states.push({
        version: r.version,
        name: r.name,
        state: 'unknown',
        appliedAt: new Date(r.applied_at),
        checksum: null,
      });
  return states.sort((a, b) => a.version.localeCompare(b.version, 'en', { numeric: true }));
}
