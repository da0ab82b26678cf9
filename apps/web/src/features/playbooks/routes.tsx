import { BookOpenText } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import { runPlaybookAction } from './resourceActions.js';
import { playbooksSource } from './search.js';

const read = { resource: 'playbooks', action: 'read' } as const;
const runsRead = { resource: 'playbook_runs', action: 'read' } as const;

/** Playbooks (docs/playbooks.md): the cards, the runs and one run's page. */
export const feature: FeatureModule = {
  routes: [
    {
      path: 'playbooks',
      ...lazyPage(() => import('./pages/PlaybooksPage.js').then((m) => m.PlaybooksPage), read),
    },
    {
      path: 'playbooks/runs',
      ...lazyPage(() => import('./pages/RunsPage.js').then((m) => m.RunsPage), runsRead),
    },
    {
      path: 'playbooks/runs/:id',
      ...lazyPage(() => import('./pages/RunDetailPage.js').then((m) => m.RunDetailPage), runsRead),
    },
  ],
  nav: [
    {
      id: 'playbooks',
      label: 'Playbooks',
      href: '/playbooks',
      icon: BookOpenText,
      resource: 'playbooks',
      feature: 'playbooks',
      section: 'main',
      // Sidebar order: Dashboard, Health, Incidents, Catalog, Logs, Playbooks.
      order: 60,
    },
  ],
  searchSources: [playbooksSource],
  resourceActions: [runPlaybookAction],
};
