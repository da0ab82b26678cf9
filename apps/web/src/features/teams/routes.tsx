import { UsersRound } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';

/** Settings → Teams (spec 3 §2.5). */
export const feature: FeatureModule = {
  routes: [
    {
      path: 'settings/teams',
      ...lazyPage(() => import('./pages/TeamsPage.js').then((m) => m.TeamsPage), {
        resource: 'database',
        action: 'read',
      }),
    },
    {
      path: 'settings/teams/:id',
      ...lazyPage(() => import('./pages/TeamPage.js').then((m) => m.TeamPage), {
        resource: 'database',
        action: 'read',
      }),
    },
  ],
  nav: [
    {
      id: 'settings-teams',
      label: 'Teams',
      href: '/settings/teams',
      icon: UsersRound,
      resource: 'database',
      feature: 'settings.teams',
      section: 'settings',
    },
  ],
};
