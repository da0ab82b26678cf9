import type { DomainModule, EventHandler } from '../platform/domain.js';

/** One domain's handler of an event name; `domain` is how `event_queue.handled_by` names it. */
export type RegisteredHandler = { domain: string; handle: EventHandler };

/**
 * Event name → the handlers of every domain that declared one, in domain list order. Several
 * domains may handle one name (notifications, playbook triggers and incident rules all react
 * to `check.failed`); each gets every event, and a retry runs only those that failed.
 */
export type EventRegistry = ReadonlyMap<string, readonly RegisteredHandler[]>;

/** The registry of the listed domains' `eventHandlers`. */
export function eventRegistryOf(domains: readonly DomainModule[]): EventRegistry {
  const registry = new Map<string, RegisteredHandler[]>();
  for (const domain of domains) {
    for (const [name, handle] of Object.entries(domain.eventHandlers ?? {})) {
      const list = registry.get(name) ?? [];
      list.push({ domain: domain.name, handle });
      registry.set(name, list);
    }
  }
  return registry;
}

/** The most handlers any one event name has (how long a claimed event may take to handle). */
export function mostHandlers(registry: EventRegistry): number {
  let most = 0;
  for (const list of registry.values()) most = Math.max(most, list.length);
  return most;
}
