import { Siren } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import { linkToIncidentAction } from './resourceActions.js';

const read = { resource: 'incident', action: 'read' } as const;

/** Incidents (docs/incidents.md): the list with its create modal, and one incident's page. */
export const feature: FeatureModule = {
  routes: [
    {
      path: 'incidents',
      ...lazyPage(() => import('./pages/IncidentListPage.js').then((m) => m.IncidentListPage), read),
    },
    {
      path: 'incidents/:id',
      ...lazyPage(() => import('./pages/IncidentDetailPage.js').then((m) => m.IncidentDetailPage), read),
    },
  ],
  nav: [
    {
      id: 'incidents',
      label: 'Incidents',
      href: '/incidents',
      icon: Siren,
      resource: 'incident',
      feature: 'incidents',
      section: 'main',
      // Sidebar order: Dashboard, Health, Incidents, Catalog.
      order: 30,
    },
  ],
  resourceActions: [linkToIncidentAction],
};
