import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import type { JobDefinition } from '../jobs/scheduler.js';
import type { SeedModule } from '../seed/types.js';
import type { DataWriteHook, DataWriteHooks } from './data-write-hook.js';

/** One row of `event_queue` as a handler receives it. */
export type DomainEvent = { id: string; name: string; properties: Record<string, unknown> };

/**
 * Reacts to one kind of event (check.failed, config.changed, …); a throw retries it later with
 * back-off. It may run again for the same event (at-least-once), so it should be idempotent.
 */
export type EventHandler = (event: DomainEvent, ctx: ServerContext) => Promise<void>;

/**
 * What each server domain exports from its folder's `index.ts` (the twin of the web's
 * FeatureModule). `domains.ts` lists them; the app takes routes, jobs, demo seeds and data-API
 * write hooks from that list, so adding a domain is one folder and one line there.
 */
export type DomainModule = {
  name: string;
  /**
   * Root-level set-up every route depends on (the auth guard's onRequest hook). Runs on the
   * root instance after the edge limits and before any domain's routes, in list order.
   */
  install?(app: FastifyInstance, ctx: ServerContext): Promise<void>;
  /** The domain's HTTP routes, registered in a scope of their own. */
  routes?(app: FastifyInstance, ctx: ServerContext): Promise<void>;
  /** Background jobs the scheduler runs. */
  jobs?: JobDefinition[];
  /**
   * Demo data modules, run once per database in list order; upgrade modules (`upgrade: true`)
   * run after every domain's first demo data.
   */
  seeds?: SeedModule[];
  /** Table → the hook the data API runs around writes to that table. */
  writeHooks?: Record<string, DataWriteHook>;
  /**
   * Event name → handler, run by the event consumer (src/events, docs/events.md) for each
   * queued event of that name, at least once; several domains may handle one name.
   */
  eventHandlers?: Record<string, EventHandler>;
};

/** Every job of the listed domains, in list order. */
export function jobsOf(domains: readonly DomainModule[]): JobDefinition[] {
  return domains.flatMap((d) => d.jobs ?? []);
}

/** Every demo seed module in the order it runs: first demo data in list order, then upgrades. */
export function seedsOf(domains: readonly DomainModule[]): SeedModule[] {
  const seeds = domains.flatMap((d) => d.seeds ?? []);
  unique(
    seeds.map((s) => s.name),
    'demo seed',
  );
  return [...seeds.filter((s) => !s.upgrade), ...seeds.filter((s) => s.upgrade)];
}

/** Every domain's data-API write hooks; two domains may not hook the same table. */
export function writeHooksOf(domains: readonly DomainModule[]): DataWriteHooks {
  const entries = domains.flatMap((d) => Object.entries(d.writeHooks ?? {}));
  unique(
    entries.map(([table]) => table),
    'write hook for table',
  );
  return Object.fromEntries(entries);
}

function unique(names: string[], what: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new Error(`Two domains declare the ${what} "${name}"`);
    seen.add(name);
  }
}
