#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.js';
import { describeDatabase } from './db/describe.js';
import { openPgliteEarly } from './db/pglite.js';
import type { Db } from './db/types.js';
import type { MigrationState } from './db/migrate.js';
import { createLogger } from './platform/logger.js';
import { buildInfo } from './version.js';

// Only what every command needs is imported above; each command loads the rest itself
// (import() below). A start so says its first line at once, and the embedded database opens on
// its own thread while the server's modules load (docs/deploy.md, Start-up time).

const USAGE = `Usage: opsdeck <command> [options]

Commands:
  serve     start the console (API, scheduler and web UI on one port); with UPSTREAM_URL
            and UPSTREAM_TOKEN it is also an agent pushing to that upstream
  agent     serve as an agent: the same, but UPSTREAM_URL and UPSTREAM_TOKEN are required
  migrate   apply database migrations and exit
  migrate --status
            list applied and pending migrations, change nothing
  backup [--output FILE] [--without-key]
            write a backup of the database and the secret key (one .tar.gz) while the
            server runs; the file opens every stored credential: keep it safe
  restore FILE [--force] [--without-key]
            restore a backup into an empty DATA_DIR or database (DATABASE_URL)
  seed      load the demo data modules this database has not had yet, and exit
  admin reset-password [--email E]
            give the first admin (or the account with email E) a new random password,
            print it, and sign that person out everywhere
  apply     specs as code: create or update the objects of YAML files on a running
            console (OPSDECK_URL, OPSDECK_TOKEN): -f <file|dir> (repeatable), --prune
            --selector k=v, --dry-run; opsdeck apply --help says more
  diff      print what apply -f <file|dir> would change
  delete    delete the objects the files given with -f name

Options:
  --demo        seed demo data on first start unless DEMO is set
  --port N      listen port (same as PORT)
  --role R      serve: all (default), api or worker (same as ROLE; docs/deploy.md, Scaling)
  --email E     account for admin reset-password
  --status      migrate: show the migrations instead of applying them
  --output F    backup: the file to write (default opsdeck-backup-<time>.tar.gz)
  --without-key backup/restore: leave the secret key out (keep it elsewhere)
  --force       restore: replace a database that already holds data
  -h, --help    show this help

Configuration is read from environment variables; see README.md.`;

const SPEC_COMMANDS = new Set(['apply', 'diff', 'delete']);

async function main(): Promise<number> {
  // A client of a running console, with options of its own: no configuration, no database.
  if (SPEC_COMMANDS.has(process.argv[2] ?? '')) {
    const { runSpecCommand } = await import('./specs/index.js');
    return runSpecCommand(process.argv.slice(2), process.env);
  }
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      demo: { type: 'boolean' },
      port: { type: 'string' },
      role: { type: 'string' },
      email: { type: 'string' },
      status: { type: 'boolean' },
      output: { type: 'string', short: 'o' },
      'without-key': { type: 'boolean' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0] ?? 'serve';
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const env = { ...process.env };
  // `npm start` passes --demo: demo data unless DEMO says otherwise.
  if (values.demo && env.DEMO === undefined) env.DEMO = 'true';
  if (values.port) env.PORT = values.port;
  if (values.role) env.ROLE = values.role;
  const config = loadConfig(env);
  const log = createLogger(config.logLevel);

  switch (command) {
    case 'agent':
    case 'serve': {
      if (command === 'agent' && !config.agent) {
        console.error('opsdeck agent: set UPSTREAM_URL and UPSTREAM_TOKEN (see docs/agents.md)');
        return 2;
      }
      log.info(`Opsdeck ${buildInfo.version} is starting on ${describeDatabase(config)}`);
      if (!config.databaseUrl) openPgliteEarly(config.dataDir);
      const { startServer } = await import('./server.js');
      // Signals are taken from here on, not only once the start is done: the start answers
      // /readyz as soon as it listens, and a signal before the handlers existed killed the
      // process with the embedded database open (crash recovery on the next start).
      let signalled: string | undefined;
      const whileStarting = (signal: string) => () => {
        // A PostgreSQL server has nothing of ours to close yet; the embedded database does.
        if (config.databaseUrl) process.exit(1);
        if (!signalled) log.info(`${signal} received while starting; stopping once the database is open`);
        signalled = signal;
      };
      const onInt = whileStarting('SIGINT');
      const onTerm = whileStarting('SIGTERM');
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
      const server = await startServer(config);
      if (signalled) {
        await server.stop();
        return 0;
      }
      // Node ends the process on a rejected promise nobody awaited. Here that is a bug in one
      // piece of work (seen during shutdown), and ending would take every replica down on the
      // same trigger (a database failover): it is logged, loudly, and the server goes on.
      process.on('unhandledRejection', (e: unknown) => {
        log.error({ err: e }, 'a failure nobody handled (a bug: please report it); the server goes on');
      });
      log.info(`Opsdeck is ready at ${server.url}${config.role === 'all' ? '' : ` (ROLE=${config.role})`}`);
      if (config.agent) log.info(`Agent mode: pushing to ${config.agent.upstreamUrls.join(', ')}`);
      // Last, after every start-up line; written directly so it is not a log entry (or JSON).
      for (const notice of server.notices) fs.writeSync(1, notice);
      const shutdown = (signal: string) => {
        log.info(`${signal} received, shutting down`);
        const force = setTimeout(() => {
          log.error(
            `shutdown did not finish within ${(config.shutdownTimeoutMs + 5000) / 1000}s ` +
              `(still ${server.stopPhase()}); exiting`,
          );
          process.exit(1);
        }, config.shutdownTimeoutMs + 5000);
        force.unref();
        server.stop().then(
          () => process.exit(0),
          (e: unknown) => {
            log.error({ err: e }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', () => shutdown('SIGINT'));
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      // Only now, with the shutdown's handlers in place: removing a signal's last listener stops
      // Node watching it, and a signal that had arrived but not been handled yet (one sent as
      // soon as /readyz answered) was dropped — the process went on running, deaf to it.
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      return -1; // keep running
    }
    case 'migrate':
    case 'seed': {
      if (command === 'migrate' && values.status) {
        const { formatMigrationStatus } = await import('./db/migrate-status.js');
        const states = await statusOf(config);
        fs.writeSync(1, formatMigrationStatus(states, describeDatabase(config)));
        return 0;
      }
      // Said first: without DATABASE_URL this creates the embedded database in DATA_DIR.
      log.info(
        config.databaseUrl
          ? `${command}: ${describeDatabase(config)}`
          : `${command}: DATABASE_URL is not set, so this uses the embedded database in DATA_DIR ` +
              `(${path.resolve(config.dataDir)})${fs.existsSync(config.dataDir) ? '' : ', created now'}`,
      );
      const [{ openDb }, { migrate }, { runSeeds }, { seedsOf }, { domains }] = await Promise.all([
        import('./db/open.js'),
        import('./db/migrate.js'),
        import('./seed/index.js'),
        import('./platform/domain.js'),
        import('./domains.js'),
      ]);
      const db = await openDb(config);
      try {
        const { applied } = await migrate(db, undefined, { log });
        log.info(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database is up to date');
        if (command === 'seed') {
          const ran = await runSeeds(db, log, seedsOf(domains));
          log.info(ran.length ? `seeded: ${ran.join(', ')}` : 'demo data already present');
        }
      } finally {
        await db.close();
      }
      return 0;
    }
    case 'backup': {
      const output =
        values.output ?? `opsdeck-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
      const { backup } = await import('./db/backup/index.js');
      const { file, manifest, bytes } = await backup(config, { output, withoutKey: values['without-key'] });
      log.info(
        `backup written to ${file} (${bytes} bytes, ${manifest.database}, schema ${manifest.migrations.at(-1) ?? '-'})`,
      );
      if (manifest.key.included)
        log.warn(
          'The backup holds the secret key: whoever has the file can read every stored credential. Keep it as safe as the credentials themselves.',
        );
      else
        log.warn(
          `The backup holds no key: keep the key (fingerprint ${manifest.key.fingerprint ?? 'none'}) elsewhere, or its credentials cannot be opened after a restore.`,
        );
      return 0;
    }
    case 'restore': {
      const file = positionals[1];
      if (!file) {
        console.error(`opsdeck restore: name the backup file.\n\n${USAGE}`);
        return 2;
      }
      const { restore } = await import('./db/backup/index.js');
      const { manifest, notes } = await restore(config, file, {
        force: values.force,
        withoutKey: values['without-key'],
      });
      log.info(
        `restored the backup of ${manifest.createdAt} (Opsdeck ${manifest.opsdeckVersion}, schema ${manifest.migrations.at(-1) ?? '-'}) into ${describeDatabase(config)}`,
      );
      for (const note of notes) log.warn(note);
      log.info('Start the server: it applies any migrations newer than the backup.');
      return 0;
    }
    case 'admin': {
      if (positionals[1] !== 'reset-password') {
        console.error(`Unknown admin command "${positionals[1] ?? ''}".\n\n${USAGE}`);
        return 2;
      }
      const [{ openDb }, { migrate }, { DataDirLockedError }, { passwordBanner, resetPassword }] =
        await Promise.all([
          import('./db/open.js'),
          import('./db/migrate.js'),
          import('./db/lock.js'),
          import('./auth/index.js'),
        ]);
      const db = await openDb(config).catch((e: unknown) => {
        if (!(e instanceof DataDirLockedError)) throw e;
        throw new DataDirLockedError(
          `${e.message} The embedded database opens in one process at a time: stop the server, ` +
            'run admin reset-password, then start it again.',
        );
      });
      try {
        await migrate(db);
        const reset = await resetPassword(db, { email: values.email, adminEmail: config.auth.adminEmail });
        fs.writeSync(1, passwordBanner('Opsdeck: password reset', reset.email, reset.password));
        log.info(`ended ${reset.revokedSessions} session(s) of ${reset.email}`);
      } finally {
        await db.close();
      }
      return 0;
    }
    default:
      console.error(`Unknown command "${command}".\n\n${USAGE}`);
      return 2;
  }
}

/** The migrations' state; the embedded database, when a server has it open, is asked through it. */
async function statusOf(config: Config): Promise<MigrationState[]> {
  const [{ openDb }, { migrationStatus, MigrationError }, { DataDirLockedError }, { askServer }] =
    await Promise.all([
      import('./db/open.js'),
      import('./db/migrate.js'),
      import('./db/lock.js'),
      import('./db/backup/socket.js'),
    ]);
  let db: Db;
  try {
    db = await openDb(config);
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    const answer = await askServer(config.dataDir, 'status');
    if (!answer) throw e;
    if (!answer.header.ok) throw new MigrationError(answer.header.error);
    if (!('status' in answer.header)) throw new MigrationError('unexpected answer from the running server');
    return answer.header.status.map((s) => ({
      ...s,
      appliedAt: s.appliedAt === null ? null : new Date(s.appliedAt),
    }));
  }
  try {
    return await migrationStatus(db);
  } finally {
    await db.close();
  }
}

/** The message of a failure the user can act on (a wrong setting, a locked folder…); undefined for a bug. */
async function knownFailure(e: unknown): Promise<string | undefined> {
  const [
    { MigrationError },
    { DataDirLockedError },
    { BackupError },
    { ResetPasswordError },
    keyCheck,
    hints,
  ] = await Promise.all([
    import('./db/migrate.js'),
    import('./db/lock.js'),
    import('./db/backup/index.js'),
    import('./auth/index.js'),
    import('./lib/secrets/key-check.js'),
    import('./db/permission-hint.js'),
  ]);
  const hint = hints.schemaPermissionHint(e);
  if (hint) return hint;
  const known =
    e instanceof ConfigError ||
    e instanceof MigrationError ||
    e instanceof DataDirLockedError ||
    e instanceof BackupError ||
    e instanceof ResetPasswordError ||
    e instanceof keyCheck.SecretKeyMismatchError;
  return known ? e.message : undefined;
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  async (e: unknown) => {
    const known = await knownFailure(e).catch(() => undefined);
    console.error(known ? `opsdeck: ${known}` : e);
    process.exit(1);
  },
);
