import { catalogCheckSchema, type CatalogCheckSpec } from '@opsdeck/shared';
import { selectConfigs, type SelectedConfig } from '../../selectors.js';
import { type CheckRunner, fail, pass } from './types.js';

/** Items kept in `results` (the test sees them all; stored details are trimmed anyway). */
const MAX_RESULTS = 1000;

/**
 * Catalog: the live config items the selectors match, from our own catalog (the same
 * selector code as topologies and check relationships). Like canary-checker it passes with
 * the items in `results` (id, name, namespace, type, config_class, status, health, labels,
 * tags, config) and the `test` expression decides.
 */
export const catalogRunner: CheckRunner<CatalogCheckSpec> = {
  type: 'catalog',
  schema: catalogCheckSchema,
  endpoint: (s) =>
    s.selector
      .map((sel) =>
        [...(sel.types ?? []), ...(sel.type ? [sel.type] : []), sel.name ?? ''].filter(Boolean).join(' '),
      )
      .join('; ') || 'catalog',
  async run(spec, ctx) {
    if (!ctx.db) return fail('catalog checks read the server database, which this run has no access to');
    const found = new Map<string, SelectedConfig>();
    for (const s of spec.selector) {
      for (const item of await selectConfigs(ctx.db, s)) {
        if (s.statuses?.length && !s.statuses.includes(item.status ?? '')) continue;
        if (s.healths?.length && !s.healths.includes((item.health ?? 'unknown') as 'unknown')) continue;
        found.set(item.id, item);
      }
    }
    const results = [...found.values()].slice(0, MAX_RESULTS).map((i) => ({
      id: i.id,
      name: i.name,
      namespace: i.namespace,
      type: i.type,
      config_class: i.config_class,
      status: i.status,
      health: i.health,
      labels: i.labels,
      tags: i.tags,
      config: i.config,
    }));
    return pass(`${found.size} config items`, { results, count: found.size });
  },
};
