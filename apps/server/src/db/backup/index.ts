import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../../config.js';
import { buildInfo } from '../../version.js';
import { DataDirLockedError, lockDataDir } from '../lock.js';
import { openDb } from '../open.js';
import type { Db } from '../types.js';
import { readArchive, writeArchive, type ArchiveEntry } from './archive.js';
import {
  BackupError,
  KEY_FILE,
  keyFingerprint,
  keyText,
  MANIFEST,
  manifestSchema,
  newerMigrations,
  type Manifest,
} from './manifest.js';
import { pgTool, runTool } from './pg-tools.js';
import { askServer } from './socket.js';

export { BackupError } from './manifest.js';

type BackupConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'db'> & {
  auth: Pick<Config['auth'], 'secretKey'>;
};

const PGDATA_TAR = 'pgdata.tar';
const PG_DUMP = 'database.pgdump';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-backup-'));
}

async function applied(db: Db): Promise<string[]> {
  const exists = await db.query<{ t: string | null }>(`SELECT to_regclass('schema_migrations')::text AS t`);
  if (!exists.rows[0]?.t) return [];
  const { rows } = await db.query<{ version: string; name: string }>(
    'SELECT version, name FROM schema_migrations ORDER BY version',
  );
  return rows.map((r) => `${r.version}_${r.name}`);
}

/** The embedded database's files: from the running server, else opened here (nobody else has it). */
async function dumpPglite(dataDir: string): Promise<{ tar: Buffer; migrations: string[] }> {
  let db: Db;
  try {
    db = await openDb({
      databaseUrl: undefined,
      dataDir,
      db: { statementTimeoutMs: 0, maxRows: 0, poolSize: 1 },
    });
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    const answer = await askServer(dataDir, 'backup');
    if (!answer)
      throw new BackupError(
        `${e.message} It does not answer backup requests on ${path.join(dataDir, 'opsdeck.sock')} ` +
          '(an older version?): stop it and run opsdeck backup again.',
      );
    const { header, body } = answer;
    if (!header.ok) throw new BackupError(`the running server could not take the backup: ${header.error}`);
    if (!('size' in header) || header.size !== body.length)
      throw new BackupError('the running server sent an incomplete backup; try again');
    return { tar: body, migrations: header.migrations };
  }
  try {
    const migrations = await applied(db);
    if (!db.dumpDataDir) throw new BackupError('this database cannot be copied');
    return { tar: await db.dumpDataDir(), migrations };
  } finally {
    await db.close();
  }
}

export type BackupResult = { file: string; manifest: Manifest; bytes: number };

/**
 * `opsdeck backup`: one .tar.gz with the database (PGlite: a consistent copy of its files, taken
 * by the running server between transactions; PostgreSQL: pg_dump's custom format, one
 * snapshot) and, unless `withoutKey`, the key that opens the sealed secrets.
 */
export async function backup(
  config: BackupConfig,
  options: { output: string; withoutKey?: boolean },
): Promise<BackupResult> {
  const key = keyText(config.auth.secretKey, config.dataDir);
  const tmp = tempDir();
  try {
    const entries: ArchiveEntry[] = [];
    let migrations: string[];
    if (config.databaseUrl) {
      const db = await openDb(config);
      try {
        migrations = await applied(db);
      } finally {
        await db.close();
      }
      const dump = path.join(tmp, PG_DUMP);
      // Custom format, one snapshot; sign-in counters (unlogged) are not worth keeping.
      await runTool(pgTool('pg_dump'), [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        '--no-unlogged-table-data',
        `--file=${dump}`,
        `--dbname=${config.databaseUrl}`,
      ]);
      entries.push({ name: PG_DUMP, file: dump });
    } else {
      const { tar, migrations: m } = await dumpPglite(config.dataDir);
      migrations = m;
      entries.push({ name: PGDATA_TAR, data: tar });
    }
    if (migrations.length === 0)
      throw new BackupError('the database has no Opsdeck schema yet: nothing to back up');
    const includeKey = !options.withoutKey && key !== null;
    const manifest: Manifest = {
      format: 'opsdeck-backup/1',
      createdAt: new Date().toISOString(),
      opsdeckVersion: buildInfo.version,
      database: config.databaseUrl ? 'postgresql' : 'pglite',
      migrations,
      key: { included: includeKey, fingerprint: key === null ? null : keyFingerprint(key) },
    };
    entries.unshift({
      name: MANIFEST,
      data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
      mode: 0o644,
    });
    if (includeKey && key !== null) entries.push({ name: KEY_FILE, data: Buffer.from(`${key}\n`) });
    const partial = `${options.output}.partial`;
    await writeArchive(partial, entries);
    fs.renameSync(partial, options.output);
    return { file: options.output, manifest, bytes: fs.statSync(options.output).size };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export type RestoreResult = { manifest: Manifest; notes: string[] };

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/**
 * Reads the archive and checks, before anything is changed, that this build can run its schema
 * and that the configured key fits (or the archive brings one).
 */
async function unpack(file: string, dir: string, config: BackupConfig, withoutKey: boolean) {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  let names: string[];
  try {
    names = await readArchive(file, dir);
  } catch (e) {
    throw new BackupError(`${file} is not an Opsdeck backup: ${(e as Error).message}`);
  }
  if (!names.includes(MANIFEST)) throw new BackupError(`${file} is not an Opsdeck backup (no ${MANIFEST})`);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    raw = undefined;
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError(`${file}: ${MANIFEST} is not one this version understands`);
  const manifest = parsed.data;
  const newer = newerMigrations(manifest.migrations);
  if (newer.length)
    throw new BackupError(
      `The backup was taken by a newer version of Opsdeck (${manifest.opsdeckVersion}; its schema has ` +
        `${newer.join(', ')}, which this version does not know). Restore it with that version or newer.`,
    );
  const target = config.databaseUrl ? 'postgresql' : 'pglite';
  if (manifest.database !== target)
    throw new BackupError(
      manifest.database === 'pglite'
        ? 'This is a backup of the embedded database: restore it without DATABASE_URL (into DATA_DIR).'
        : 'This is a backup of a PostgreSQL server: set DATABASE_URL to the (empty) database to restore into.',
    );
  const backupKey =
    !withoutKey && manifest.key.included ? fs.readFileSync(path.join(dir, KEY_FILE), 'utf8').trim() : null;
  if (
    backupKey !== null &&
    config.auth.secretKey &&
    keyFingerprint(config.auth.secretKey) !== manifest.key.fingerprint
  )
    throw new BackupError(
      'SECRET_KEY is not the key this backup was taken with, so the stored credentials would not open. ' +
        `Set SECRET_KEY to the backup's key (the file ${KEY_FILE} inside the archive), or unset it to ` +
        'let restore write DATA_DIR/secret.key, or pass --without-key to restore the data alone.',
    );
  return { manifest, backupKey };
}

/** Writes DATA_DIR/secret.key from the backup (the old one, if different, is kept beside it). */
function restoreKey(
  config: BackupConfig,
  manifest: Manifest,
  backupKey: string | null,
  notes: string[],
): void {
  const current = keyText(config.auth.secretKey, config.dataDir);
  const fits = current !== null && keyFingerprint(current) === manifest.key.fingerprint;
  if (backupKey === null) {
    if (manifest.key.fingerprint && !fits)
      notes.push(
        `The backup holds no key. Its credentials open only with the key of fingerprint ${manifest.key.fingerprint}; ` +
          `this server's key ${current === null ? 'does not exist yet' : `is ${keyFingerprint(current)}`}: set SECRET_KEY or DATA_DIR/secret.key to the original key.`,
      );
    return;
  }
  if (fits) return;
  const file = path.join(config.dataDir, KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (fs.existsSync(file)) {
    const aside = `${file}.before-restore-${stamp()}`;
    fs.renameSync(file, aside);
    notes.push(`The previous ${file} was moved to ${aside}.`);
  }
  fs.writeFileSync(file, `${backupKey}\n`, { mode: 0o600 });
  notes.push(
    `The backup's key was written to ${file}: every replica needs this key (SECRET_KEY or secret.key).`,
  );
}

async function restorePglite(
  config: BackupConfig,
  dir: string,
  force: boolean,
  notes: string[],
): Promise<void> {
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (e) {
    if (e instanceof DataDirLockedError)
      throw new BackupError(`${e.message} Stop the server before restoring.`);
    throw e;
  }
  try {
    const pgdata = path.join(config.dataDir, 'pgdata');
    if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
      if (!force)
        throw new BackupError(
          `${pgdata} already holds a database. Restore into an empty DATA_DIR, or pass --force to replace it (the current one is moved aside).`,
        );
      const aside = `${pgdata}.before-restore-${stamp()}`;
      fs.renameSync(pgdata, aside);
      notes.push(`The previous database was moved to ${aside}.`);
    }
    // PGlite unpacks a tarball only into a folder that does not exist yet.
    if (fs.existsSync(pgdata)) fs.rmdirSync(pgdata);
    const tar = fs.readFileSync(path.join(dir, PGDATA_TAR));
    const pg = await PGlite.create(pgdata, { loadDataDir: new Blob([tar]) });
    await pg.close();
  } finally {
    unlock();
  }
}

async function restorePostgres(
  url: string,
  config: BackupConfig,
  dir: string,
  force: boolean,
): Promise<void> {
  const db = await openDb(config);
  try {
    if ((await applied(db)).length > 0 && !force)
      throw new BackupError(
        'The database of DATABASE_URL already holds Opsdeck data. Restore into an empty database, ' +
          'or stop every server and pass --force to replace its contents.',
      );
  } finally {
    await db.close();
  }
  const args = [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
  ];
  if (force) args.unshift('--clean', '--if-exists');
  await runTool(pgTool('pg_restore'), [...args, path.join(dir, PG_DUMP)]);
}

/** `opsdeck restore <file>`: into an empty DATA_DIR (embedded) or database (DATABASE_URL). */
export async function restore(
  config: BackupConfig,
  file: string,
  options: { force?: boolean; withoutKey?: boolean } = {},
): Promise<RestoreResult> {
  const dir = tempDir();
  try {
    const { manifest, backupKey } = await unpack(file, dir, config, options.withoutKey === true);
    const notes: string[] = [];
    if (config.databaseUrl) await restorePostgres(config.databaseUrl, config, dir, options.force === true);
    else await restorePglite(config, dir, options.force === true, notes);
    // The restored schema, checked again in the database itself.
    const db = await openDb(config);
    try {
      const newer = newerMigrations(await applied(db));
      if (newer.length)
        throw new BackupError(
          `the restored database has migrations this version does not know: ${newer.join(', ')}`,
        );
    } finally {
      await db.close();
    }
    restoreKey(config, manifest, backupKey, notes);
    return { manifest, notes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
