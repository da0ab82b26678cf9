import { Flag, Users, UsersRound } from 'lucide-react';
import type { FeatureModule } from '../../app/feature.js';
import { lazyPage } from '../../app/lazyPage.js';

/** Settings → Users, Teams and Feature Flags (spec 3 §2.5, §2.8, §2.10). */
export const feature: FeatureModule = {
  routes: [
    {
      path: 'settings/users',
      ...lazyPage(() => import('./pages/UsersPage.js').then((m) => m.UsersPage), {
        resource: 'identities',
        action: 'read',
      }),
    },
  ],
  nav: [
    {
      id: 'settings-users',
      label: 'Users',
      href: '/settings/users',
      icon: Users,
      resource: 'identities',
      feature: 'settings.users',
      section: 'settings',
    },
  ],
};
void Flag;
void UsersRound;
