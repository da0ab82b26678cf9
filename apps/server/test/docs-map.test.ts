import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { rbacDataAccess } from '../src/auth/index.js';
import type { ServerContext } from '../src/context.js';
import { migrate } from '../src/db/migrate.js';
import type { Db } from '../src/db/types.js';
import { domains } from '../src/domains.js';
import { createMetrics } from '../src/platform/metrics.js';
import type { RouteEntry } from '../src/platform/route-table.js';
import { freshDb } from './helpers.js';
import { inProcessConfig } from './in-process-config.js';

/**
 * docs/map.md against the code: every API route the server registers (in each AUTH_MODE,
 * whose routes differ) and every page of the web app's router, each with the folder that
 * serves it. The route table does not depend on the database kind, so PGlite alone is used.
 */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const MAP = path.join(REPO, 'docs/map.md');
const AUTH_MODES = ['builtin', 'none', 'kratos', 'oidc'] as const;
type AuthMode = (typeof AUTH_MODES)[number];
/** What AUTH_MODE=oidc needs to start (the issuer is not asked before a sign-in). */
const OIDC_ENV = {
  OIDC_ISSUER: 'http://127.0.0.1:9',
  OIDC_CLIENT_ID: 'opsdeck',
  PUBLIC_URL: 'http://127.0.0.1:8080',
};

/** `GET /api/about` → the AUTH_MODEs in which the server has it. */
type ServerRoutes = Map<string, Set<AuthMode>>;

/** GET implies HEAD (Fastify adds HEAD to every GET), so the map lists GET only. */
function withoutImpliedHead(routes: readonly { method: string; url: string }[]): string[] {
  const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
  return [...keys].filter((k) => !(k.startsWith('HEAD ') && keys.has(`GET ${k.slice(5)}`)));
}

/** The app as the server builds it, in one AUTH_MODE, serving a small web build from `webDir`. */
async function builtRoutes(db: Db, mode: AuthMode, webDir: string): Promise<RouteEntry[]> {
  const env = {
    AUTH_MODE: mode,
    ...(mode === 'kratos' ? { KRATOS_URL: 'http://127.0.0.1:9' } : {}),
    ...OIDC_ENV,
  };
  const { app, routes } = await buildApp({
    config: inProcessConfig(env, { webDir }),
    db,
    metrics: createMetrics(db),
    dataAccess: rbacDataAccess(db),
  });
  await app.ready();
  await app.close();
  return routes;
}

/** `GET /api/about` → the domain whose `routes` registered it (each domain in a scope of its own). */
async function routeOwners(db: Db, mode: AuthMode): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  const app = Fastify();
  const ctx: ServerContext = {
    config: inProcessConfig({ AUTH_MODE: mode, KRATOS_URL: 'http://127.0.0.1:9', ...OIDC_ENV }),
    db,
    log: app.log,
    metrics: createMetrics(db),
    dataAccess: rbacDataAccess(db),
    publicBaseUrl: () => 'http://127.0.0.1:8080',
  };
  for (const domain of domains) await domain.install?.(app, ctx);
  for (const { name, routes } of domains) {
    if (!routes) continue;
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) owners.set(`${method} ${route.url}`, name);
      });
      await routes(scope, ctx);
    });
  }
  await app.ready();
  await app.close();
  return owners;
}

type WebRoute = { path?: string; index?: boolean; children?: WebRoute[] };
const webRoute: z.ZodType<WebRoute> = z.lazy(() =>
  z.object({
    path: z.string().optional(),
    index: z.boolean().optional(),
    children: z.array(webRoute).optional(),
  }),
);
const routerModule = z.object({ appRoutes: z.custom<() => unknown>((v) => typeof v === 'function') });
const featureModule = z.object({
  feature: z.object({ routes: z.array(webRoute).optional(), bareRoutes: z.array(webRoute).optional() }),
});

/** Imported by URL, not by name, so that the server's type check does not compile the web app. */
async function importWeb(file: string): Promise<unknown> {
  return import(new URL(`../../web/src/${file}`, import.meta.url).href);
}

function join(base: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${base.replace(/\/$/, '')}/${child}`;
}

/** Every path of a route tree, absolute ('/catalog/:id'); an index route is its parent's path. */
function paths(routes: readonly WebRoute[], base = '/'): string[] {
  return routes.flatMap((r) => {
    const own = r.path === undefined ? base : join(base, r.path);
    return [...(r.path !== undefined || r.index ? [own] : []), ...paths(r.children ?? [], own)];
  });
}

/** The web router's pages, each with the folder that registers it (an area, or app/). */
async function webPages(): Promise<Map<string, string>> {
  const router = routerModule.parse(await importWeb('app/router.tsx'));
  const tree = z.array(webRoute).parse(router.appRoutes());
  const owners = new Map<string, string>();
  const featuresDir = path.join(REPO, 'apps/web/src/features');
  for (const area of fs.readdirSync(featuresDir)) {
    if (!fs.existsSync(path.join(featuresDir, area, 'routes.tsx'))) continue;
    const { feature } = featureModule.parse(await importWeb(`features/${area}/routes.tsx`));
    for (const p of [...paths(feature.routes ?? []), ...paths(feature.bareRoutes ?? [])]) {
      owners.set(p, `apps/web/src/features/${area}/`);
    }
  }
  return new Map(paths(tree).map((p) => [p, owners.get(p) ?? 'apps/web/src/app/']));
}

type MapRow = { line: number; cells: string[] };

/** The rows of the markdown table whose header row is `header` (cells without backticks). */
function tableRows(markdown: string, header: string[]): MapRow[] {
  const lines = markdown.split('\n');
  const cellsOf = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim().replace(/`/g, ''));
  const start = lines.findIndex((l) => l.trim().startsWith('|') && cellsOf(l).join('|') === header.join('|'));
  if (start < 0) return [];
  const rows: MapRow[] = [];
  for (let i = start + 2; i < lines.length && lines[i]!.trim().startsWith('|'); i++) {
    rows.push({ line: i + 1, cells: cellsOf(lines[i]!) });
  }
  return rows;
}

/** The one row standing for every file of the web build (routes marked by `markWebAssets`). */
const WEB_BUILD_ROW = '/<file of the web build>';

/** Rows written `GET, POST` are one route per method; `ALL` is what Fastify's `app.all` registers. */
function apiRouteKeys(row: MapRow, allMethods: readonly string[]): string[] {
  const [methods = '', url = ''] = row.cells;
  if (url === WEB_BUILD_ROW) return [];
  const all = allMethods.length > 0 ? allMethods : ['ALL'];
  const list = methods === 'ALL' ? all : methods.split(',').map((m) => m.trim());
  return list.map((m) => `${m} ${url}`);
}

/**
 * The files of the small web build the server is given. The router table records them as they
 * are registered, before `markWebAssets` flags them, so they are also known by their URL.
 */
const WEB_FILES = ['/index.html', '/assets/app-1a2b3c.js'];

describe('docs/map.md', () => {
  let server: ServerRoutes;
  let owners: Map<string, string>;
  let webAssets: number;
  let pages: Map<string, string>;
  let allMethods: string[];
  let markdown: string;
  let dropDb: () => Promise<void>;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-map-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    for (const file of WEB_FILES) fs.writeFileSync(path.join(webDir, file), 'web build\n');
    const fresh = await freshDb('pglite');
    dropDb = fresh.drop;
    await migrate(fresh.db);
    server = new Map();
    owners = new Map();
    webAssets = 0;
    for (const mode of AUTH_MODES) {
      const routes = await builtRoutes(fresh.db, mode, webDir);
      const isWebFile = (r: RouteEntry) => r.webAsset || WEB_FILES.includes(r.url);
      webAssets = Math.max(webAssets, routes.filter(isWebFile).length);
      for (const key of withoutImpliedHead(routes.filter((r) => !isWebFile(r)))) {
        server.set(key, (server.get(key) ?? new Set<AuthMode>()).add(mode));
      }
      for (const [key, owner] of await routeOwners(fresh.db, mode)) owners.set(key, owner);
    }
    // What `app.all` registers, read off the one route that uses it (HEAD folded into GET).
    allMethods = withoutImpliedHead(
      [...owners.keys()]
        .map((k) => ({ method: k.split(' ')[0]!, url: k.split(' ')[1]! }))
        .filter((r) => r.url === '/api/auth/self-service/*'),
    ).map((k) => k.split(' ')[0]!);
    pages = await webPages();
    markdown = fs.readFileSync(MAP, 'utf8');
  }, 120_000);

  afterAll(async () => {
    await dropDb?.();
    if (webDir) fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('lists every API route the server registers, and none it does not', () => {
    const rows = tableRows(markdown, ['method', 'path', 'folder', 'what']);
    expect(rows.length).toBeGreaterThan(30);
    const listed = new Set(rows.flatMap((r) => apiRouteKeys(r, allMethods)));
    const missing = [...server.keys()].filter((k) => !listed.has(k));
    const stale = rows.flatMap((r) =>
      apiRouteKeys(r, allMethods)
        .filter((k) => !server.has(k))
        .map((k) => `docs/map.md:${r.line} ${k}`),
    );
    expect({ missing, stale }, 'server routes missing from docs/map.md; rows naming no route').toEqual({
      missing: [],
      stale: [],
    });
  });

  it("names each API route's folder, and the AUTH_MODEs of the routes that depend on it", () => {
    const wrong: string[] = [];
    for (const row of tableRows(markdown, ['method', 'path', 'folder', 'what'])) {
      const [, , folder = '', what = ''] = row.cells;
      const modes = [...what.matchAll(/AUTH_MODE=(\w+)/g)].map((m) => m[1]);
      for (const key of apiRouteKeys(row, allMethods)) {
        const owner = owners.get(key);
        if (owner && !folder.startsWith(`apps/server/src/${owner}/`)) {
          wrong.push(`docs/map.md:${row.line} ${key}: served by apps/server/src/${owner}/, not ${folder}`);
        }
        const actual = [...(server.get(key) ?? [])].sort();
        const expected = modes.length > 0 ? [...modes].sort() : [...AUTH_MODES].sort();
        if (server.has(key) && actual.join() !== expected.join()) {
          wrong.push(`docs/map.md:${row.line} ${key}: exists with AUTH_MODE=${actual.join('|')}`);
        }
      }
      if (!fs.existsSync(path.join(REPO, folder))) wrong.push(`docs/map.md:${row.line} no folder ${folder}`);
    }
    expect(wrong).toEqual([]);
  });

  it('summarises the files of the web build in one row', () => {
    expect(webAssets).toBeGreaterThan(0);
    const rows = tableRows(markdown, ['method', 'path', 'folder', 'what']);
    expect(rows.some((r) => r.cells[1] === WEB_BUILD_ROW)).toBe(true);
  });

  it('lists every page of the web router with the folder that registers it, and none it does not', () => {
    const rows = tableRows(markdown, ['path', 'folder', 'what']);
    const listed = new Map(rows.map((r) => [r.cells[0] ?? '', r]));
    const missing = [...pages.keys()].filter((p) => !listed.has(p));
    const wrong = rows.flatMap((r) => {
      const [page = '', folder = ''] = r.cells;
      const owner = pages.get(page);
      if (owner === undefined) return [`docs/map.md:${r.line} ${page}: no such page`];
      if (!folder.startsWith(owner)) return [`docs/map.md:${r.line} ${page}: registered in ${owner}`];
      if (!fs.existsSync(path.join(REPO, folder))) return [`docs/map.md:${r.line} no folder ${folder}`];
      return [];
    });
    expect(
      { missing, wrong },
      'web pages missing from docs/map.md; rows naming no page or another folder',
    ).toEqual({
      missing: [],
      wrong: [],
    });
  });
});
