import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import type { ServerContext } from './context.js';
import { domains } from './domains.js';
import { installErrorHandler } from './platform/error-handler.js';
import { installEdgeLimits, isSupportedMethod } from './platform/edge-limits.js';
import { createLogger } from './platform/logger.js';
import { installRequestLog } from './platform/request-log.js';
import { installSecurityHeaders } from './platform/security-headers.js';
import { markWebAssets, recordRoutes, type RouteEntry } from './platform/route-table.js';
import { installServingGate, ServingGate } from './platform/serving-gate.js';
import { publicBaseFor } from './public-url.js';
import { fastifyTrustProxy } from './trust-proxy.js';

/** The built web app: apps/web/dist, two folders up from both src/ and dist/ of the server. */
function defaultWebDir(): string {
  return fileURLToPath(new URL('../../web/dist/', import.meta.url));
}

export type AppOptions = Omit<ServerContext, 'log' | 'publicBaseUrl'>;

/** Assembles Fastify: plugins in order, error mapping, domain routes, static web, SPA fallback. */
export async function buildApp(
  opts: AppOptions,
): Promise<{ app: FastifyInstance; ctx: ServerContext; routes: RouteEntry[]; gate: ServingGate }> {
  const { config } = opts;
  const app = Fastify({
    loggerInstance: createLogger(config.logLevel),
    // One debug line per request instead (installRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    bodyLimit: 10 * 1024 * 1024,
    // Large or hostile query strings must not take the server down.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Behind a proxy, req.ip / protocol / host come from X-Forwarded-* of the trusted hops only.
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  const ctx: ServerContext = {
    ...opts,
    log: app.log,
    // Read at call time: the port is only known once listen() has bound it (PORT=0).
    publicBaseUrl: () => {
      const bound = app.server.address();
      return publicBaseFor(config, bound && typeof bound === 'object' ? bound.port : null);
    },
  };
  const routes = recordRoutes(app);
  const gate = new ServingGate();
  installServingGate(app, gate);
  installEdgeLimits(app);

  installSecurityHeaders(app);
  // Only API answers are compressed here (static files come pre-compressed from the build), so
  // the fast levels win: an 8 MB health summary takes 17 ms at brotli 1 against 84 ms at the
  // plugin's default 4, for 15% more bytes.
  await app.register(compress, {
    encodings: ['br', 'gzip', 'deflate'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 3 },
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    ctx.metrics.httpRequests.inc({ method: req.method, route, status: String(reply.statusCode) });
    ctx.metrics.httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });

  installRequestLog(app);
  installErrorHandler(app);

  // Root-level set-up of the domains (authentication and authorization of every /api route);
  // must precede every domain's routes.
  for (const domain of domains) await domain.install?.(app, ctx);

  // Domain routes: one scope per domain (domains.ts lists them).
  for (const { routes } of domains) {
    if (routes) await app.register(async (scope) => routes(scope, ctx));
  }

  const webDir = config.webDir ?? defaultWebDir();
  const indexHtml = path.join(webDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    const staticOptions = {
      root: webDir,
      wildcard: false,
      // The build writes .br and .gz next to each text asset (apps/web/vite-precompress.ts).
      preCompressed: true,
      index: false,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(reply: FastifyReply, filePath: string) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    } as const;
    // The files are routes of their own scope, marked public for the route guard; the root only
    // gets `reply.sendFile`, for the app's index.html in the not-found handler.
    await app.register(fastifyStatic, { ...staticOptions, serve: false });
    await app.register(async (scope) => {
      markWebAssets(scope);
      await scope.register(fastifyStatic, { ...staticOptions, decorateReply: false });
    });
  } else {
    app.log.warn(`No web build at ${webDir}: run "npm run build" to serve the console UI`);
  }

  app.setNotFoundHandler((req, reply) => {
    if (!isSupportedMethod(req.method)) {
      return reply
        .code(405)
        .header('allow', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
        .send({ error: `Method ${req.method} is not allowed` });
    }
    const isApi = /^\/api(\/|$)/.test(decodeURIComponent(req.url));
    if (hasWeb && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });

  return { app, ctx, routes, gate };
}
