import type { FastifyInstance } from 'fastify';

/** One route as the router knows it: the method and the pattern it matches (`/api/db/:name`). */
export type RouteEntry = { method: string; url: string; webAsset: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the files of the built web app, which are public like the page that loads them. */
    webAsset?: boolean;
  }
}

/**
 * Records every route registered after this call (an onRoute hook at the root sees the routes
 * of every plugin). The attack suite walks this table, so a new route is covered without
 * editing a test, and docs/map.md is checked against it.
 */
export function recordRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Read when asked: a scope's markWebAssets hook runs after this root hook on the same route.
      routes.push({
        method,
        url: route.url,
        get webAsset() {
          return route.config?.webAsset === true;
        },
      });
    }
  });
  return routes;
}

/** Marks every route registered inside `scope` as a file of the web app. */
export function markWebAssets(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, webAsset: true };
  });
}
