import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { FeatureModule, NavEntry, SearchSource } from '../platform/feature.js';
import type { ResourceAction } from '../platform/resourceActions.js';

/**
 * Every area that exists registers itself by exporting `feature` from its routes.tsx; nothing
 * here names an area, so the sidebar never links to a page that is not built.
 * The route modules are small (they import pages lazily), so loading them all up front is cheap.
 */
const modules = import.meta.glob<FeatureModule>('../features/*/routes.tsx', {
  eager: true,
  import: 'feature',
});

export const features: FeatureModule[] = Object.keys(modules)
  .sort()
  .map((k) => modules[k])
  .filter((m): m is FeatureModule => m !== undefined);

export const featureRoutes: RouteObject[] = features.flatMap((f) => f.routes ?? []);
export const bareRoutes: RouteObject[] = features.flatMap((f) => f.bareRoutes ?? []);
export const navEntries: NavEntry[] = features.flatMap((f) => f.nav ?? []);
export const searchSources: SearchSource[] = features.flatMap((f) => f.searchSources ?? []);
export const topBarItems: ComponentType[] = features.flatMap((f) => f.topBarItems ?? []);
export const resourceActions: ResourceAction[] = features.flatMap((f) => f.resourceActions ?? []);

function topPaths(routes: RouteObject[]): string[] {
  return routes.map((r) => (r.path ?? '').replace(/^\//, '').split('/')[0] ?? '').filter(Boolean);
}

/** Whether an area with this first path segment exists (e.g. 'notifications'). */
export function hasArea(segment: string, routes: RouteObject[] = featureRoutes): boolean {
  return topPaths(routes).includes(segment);
}

/** Where '/' goes: /topology (the home page), or the first main entry while topology is not built. */
export function homePath(entries: NavEntry[] = navEntries, routes: RouteObject[] = featureRoutes): string {
  if (hasArea('topology', routes)) return '/topology';
  const first = [...entries]
    .filter((e) => e.section === 'main')
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))[0];
  return first?.href ?? entries[0]?.href ?? '/settings/jobs';
}
