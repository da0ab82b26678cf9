import { Inbox, ListChecks } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import { peopleSource, teamsSource } from './search.js';

/** Settings pages built so far; other settings pages add their routes and nav entries here. */
export const feature: FeatureModule = {
  routes: [
    {
      path: 'settings/jobs',
      ...lazyPage(() => import('./jobs/JobsPage.js').then((m) => m.JobsPage), {
        resource: 'database',
        action: 'read',
      }),
    },
    {
      path: 'settings/event-queue-status',
      ...lazyPage(() => import('./event-queue/EventQueuePage.js').then((m) => m.EventQueuePage), {
        resource: 'database',
        action: 'read',
      }),
    },
  ],
  nav: [
    {
      id: 'settings-jobs',
      label: 'Jobs History',
      href: '/settings/jobs',
      icon: ListChecks,
      resource: 'database',
      feature: 'settings.job_history',
      section: 'settings',
    },
    {
      id: 'settings-event-queue',
      label: 'Event Queue',
      href: '/settings/event-queue-status',
      icon: Inbox,
      resource: 'database',
      feature: 'settings.event_queue_status',
      section: 'settings',
    },
  ],
  searchSources: [teamsSource, peopleSource],
};
