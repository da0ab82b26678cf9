import { Bell, Inbox, ListChecks, Network, ScrollText, Siren, type LucideIcon } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import { settingsTableNav, settingsTableRoutes } from '../../ui/settings-resource/routes.js';
import { SETTINGS_TABLES, type SettingsTableName } from './resources/tables.js';
import { peopleSource, teamsSource } from './search.js';

const TABLE_ICONS: Record<SettingsTableName, LucideIcon> = {
  topologies: Network,
  logging_backends: ScrollText,
  notifications: Bell,
  incident_rules: Siren,
};
const tableNames = Object.keys(SETTINGS_TABLES) as SettingsTableName[];
const extras = (table: SettingsTableName) => () =>
  import('./resources/specChecks.js').then((m) => m.TABLE_EXTRAS[table]);

/** Settings pages built so far; other settings pages add their routes and nav entries here. */
export const feature: FeatureModule = {
  routes: [
    // The generic pages of the resource tables (ui/settings-resource).
    ...tableNames.flatMap((n) => settingsTableRoutes(SETTINGS_TABLES[n], extras(n))),
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
    ...tableNames.map((n) => settingsTableNav(SETTINGS_TABLES[n], TABLE_ICONS[n])),
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
