import type { LoggingBackendEntry, LoggingRoute } from '@opsdeck/shared';
import type { LogQuery } from './backends/index.js';

/** The routes and labels every kind of entry carries. */
function commonOf(entry: LoggingBackendEntry): { routes?: LoggingRoute[] } {
  return (
    entry.file ??
    entry.kubernetes ??
    entry.elasticsearch ??
    entry.opensearch ??
    entry.loki ??
    entry.cloudwatch ??
    {}
  );
}

/** A route matches when each field it sets matches: type (case-insensitive), id prefix, every label. */
export function routeMatches(route: LoggingRoute, q: Pick<LogQuery, 'id' | 'type' | 'labels'>): boolean {
  if (route.type && route.type.toLowerCase() !== q.type.toLowerCase()) return false;
  if (route.idPrefix && !q.id.startsWith(route.idPrefix)) return false;
  return Object.entries(route.labels ?? {}).every(([k, v]) => q.labels[k] === v);
}

/**
 * The entries that answer a search, apm-hub's way: an entry without routes answers every
 * search; otherwise its first matching route decides. The first non-additive match answers,
 * and every additive match answers with it.
 */
export function routeSearch<E extends LoggingBackendEntry>(
  entries: E[],
  q: Pick<LogQuery, 'id' | 'type' | 'labels'>,
): E[] {
  const chosen: E[] = [];
  let exclusive = false;
  for (const entry of entries) {
    const routes = commonOf(entry).routes ?? [];
    const route = routes.length === 0 ? { additive: false } : routes.find((r) => routeMatches(r, q));
    if (!route) continue;
    if (route.additive) chosen.push(entry);
    else if (!exclusive) {
      exclusive = true;
      chosen.push(entry);
    }
  }
  return chosen;
}
