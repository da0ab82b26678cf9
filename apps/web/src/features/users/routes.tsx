import { Users } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';

/** Settings → Users. */
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
