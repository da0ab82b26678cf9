import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { DataAccessHook } from './access.js';
import { rbacDataAccess } from './auth/index.js';
import { sealedConnectionSamples } from './connections/index.js';
import { secretBox } from './lib/secrets/index.js';
import { checkSecretKey } from './lib/secrets/key-check.js';
import type { Config } from './config.js';
import type { ServerContext } from './context.js';
import { serveControlSocket } from './db/backup/socket.js';
import { migrate, outdatedReplicaMessage, readMigrations } from './db/migrate.js';
import { SCHEMA_WATCH_MS, watchSchema } from './db/schema-watch.js';
import { openAndMigrate } from './db/open.js';
import { whenOpen } from './db/when-open.js';
import type { Db } from './db/types.js';
import { domains } from './domains.js';
import { failOrphanedRuns } from './jobs/history.js';
import { Scheduler } from './jobs/scheduler.js';
import { jobsOf, seedsOf } from './platform/domain.js';
import { startHoldingServer, type HoldingServer } from './platform/holding-server.js';
import { createLogger } from './platform/logger.js';
import { createMetrics } from './platform/metrics.js';
import { startPhases } from './platform/start-phases.js';
import { publicUrlWarning } from './public-url.js';
import { trustProxyWarning } from './trust-proxy.js';
import { takeStartupNotices } from './platform/startup-notices.js';
import type { RouteEntry } from './platform/route-table.js';
import { buildInfo } from './version.js';
import { runSeeds } from './seed/index.js';
import { sandboxPolicy } from './sandbox/policy.js';
import { scriptIsolationWarning } from './sandbox/run-script.js';

export type RunningServer = {
  app: FastifyInstance;
  ctx: ServerContext;
  scheduler: Scheduler;
  url: string;
  /** Every route of the router, for the attack suite and the route map. */
  routes: RouteEntry[];
  /** Text to print after the last start-up line (the first admin's password banner). */
  notices: string[];
  stop(): Promise<void>;
  /** What stop() is doing now: named when a shutdown takes too long. */
  stopPhase(): string;
};

/**
 * Opens the database (waiting for a PostgreSQL server that is not reachable yet, while a
 * holding server answers /readyz with 503 on the port), migrates, seeds demo data when asked,
 * starts HTTP and the scheduler. `db` may be passed in (tests share one); it is then left open
 * on stop.
 */
export async function startServer(
  config: Config,
  options: { db?: Db; scheduler?: boolean; dataAccess?: DataAccessHook; schemaWatchMs?: number } = {},
): Promise<RunningServer> {
  let holding: HoldingServer | undefined;
  // One logger for the start's own lines (the app makes its own, with request logging).
  const log = createLogger(config.logLevel);
  const mark = startPhases(log);
  mark('server code loaded');
  const ownsDb = !options.db;
  // Open, migrate and check the secret key while the app is built: a start does both at once.
  const opening = (async () => {
    const db =
      options.db ??
      (await openAndMigrate(config, {
        log,
        async waiting(reason) {
          if (holding) holding.setReason(reason);
          else holding = await startHoldingServer(config.port, config.host, reason);
        },
      }));
    try {
      if (options.db) await migrate(db, undefined, { log });
      // Before anything reads a secret: a replica given another key refuses here, with the reason.
      await checkSecretKey(db, secretBox(config), () => sealedConnectionSamples(db));
      mark('database open and migrated');
      return db;
    } catch (e) {
      if (ownsDb) await db.close().catch(() => {});
      throw e;
    }
  })();
  const kind = options.db?.kind ?? (config.databaseUrl ? 'postgresql' : 'pglite');
  const db = whenOpen(kind, opening);
  const metrics = createMetrics(db);
  const [built, opened] = await Promise.allSettled([
    buildApp({ config, db, metrics, dataAccess: options.dataAccess ?? rbacDataAccess(db) }).then((b) => {
      mark('app built');
      return b;
    }),
    opening,
  ]);
  if (built.status === 'rejected' || opened.status === 'rejected') {
    await holding?.close();
    if (built.status === 'fulfilled') await built.value.app.close().catch(() => {});
    if (opened.status === 'fulfilled' && ownsDb) await opened.value.close().catch(() => {});
    throw opened.status === 'rejected' ? opened.reason : (built as PromiseRejectedResult).reason;
  }
  const { app, ctx, routes, gate } = built.value;
  const openDb = opened.value;
  try {
    // The domains' own start (the first identity, listeners), now that the database is open.
    await app.ready();
    mark('app ready');
    if (config.demo) await runSeeds(db, ctx.log, seedsOf(domains));
    mark('demo seeded');
    await failOrphanedRuns(ctx);
    const scheduler = new Scheduler(ctx);
    // ROLE=api leaves checks, scrapes, events and playbooks to the worker replicas.
    if (options.scheduler !== false && config.role !== 'api')
      for (const job of jobsOf(domains)) scheduler.register(job);
    // A newer version migrating the database under us: stop working and say so (rolling upgrades).
    const known = new Set(readMigrations().map((m) => m.version));
    const stopWatch = watchSchema(
      db,
      known,
      (unknown) => {
        const reason = outdatedReplicaMessage(unknown, buildInfo.version);
        gate.refuse(reason);
        ctx.log.error(reason);
        void scheduler.stop(config.shutdownTimeoutMs);
      },
      options.schemaWatchMs ?? SCHEMA_WATCH_MS,
    );
    // The port the holding server kept (PORT=0 bound a random one) is the console's now.
    await holding?.close();
    const address = await app.listen({ port: holding?.port ?? config.port, host: config.host });
    mark('listening');
    // The embedded database is ours alone: `opsdeck backup` asks us for a copy (db/backup).
    const control =
      ownsDb && openDb.kind === 'pglite' ? await serveControlSocket(openDb, config.dataDir) : undefined;
    if (control?.warning) ctx.log.warn(control.warning);
    const linkWarning = publicUrlWarning(config);
    if (linkWarning) ctx.log.warn(linkWarning);
    const proxyWarning = trustProxyWarning(config.trustProxy);
    if (proxyWarning) ctx.log.warn(proxyWarning);
    // The one isolation check, at start: a refusal or unsafe opt-out is said once here too.
    const scriptWarning = await scriptIsolationWarning(sandboxPolicy(config).scripts);
    if (scriptWarning) ctx.log.warn(scriptWarning);
    mark('started');
    let stopping: Promise<void> | undefined;
    let phase = 'running';
    const stop = () =>
      (stopping ??= (async () => {
        // Order matters: stop taking requests, let in-flight requests and jobs finish, then the DB.
        stopWatch();
        phase = 'finishing HTTP requests in flight';
        await app.close();
        phase = 'waiting for running jobs (checks, scrapes, events, playbook actions)';
        await scheduler.stop(config.shutdownTimeoutMs);
        phase = 'closing the backup socket';
        await control?.close();
        phase = 'closing the database';
        if (ownsDb) await openDb.close();
        phase = 'stopped';
      })());
    return {
      app,
      ctx,
      scheduler,
      url: address,
      routes,
      notices: takeStartupNotices(ctx),
      stop,
      stopPhase: () => phase,
    };
  } catch (e) {
    await holding?.close();
    await app.close().catch(() => {});
    if (ownsDb) await openDb.close().catch(() => {});
    throw e;
  }
}
