import type { DomainModule } from '../platform/domain.js';
import { eventConsumerJob } from './job.js';
import { eventRegistryOf } from './registry.js';
import { eventRetention } from './retention.js';

/**
 * The event pipeline's consumer (docs/events.md). Producers are database triggers (migration
 * 060); this module runs the handlers the other domains declare in `eventHandlers`, so it is
 * built from them (domains.ts) and imports none of them.
 */
export function eventsDomain(domains: readonly DomainModule[]): DomainModule {
  return { name: 'events', jobs: [eventConsumerJob(eventRegistryOf(domains)), eventRetention] };
}
