import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import { NotificationBell } from './components/NotificationBell.js';

/**
 * Notifications (docs/notifications.md): history, rules and silences, reached from the top-bar
 * bell (the sidebar has no entry of its own). Adding a silence needs write.
 */
export const feature: FeatureModule = {
  routes: [
    {
      path: 'notifications',
      ...lazyPage(() => import('./pages/HistoryPage.js').then((m) => m.HistoryPage), {
        resource: 'notifications',
        action: 'read',
      }),
    },
    {
      path: 'notifications/rules',
      ...lazyPage(() => import('./pages/RulesPage.js').then((m) => m.RulesPage), {
        resource: 'notifications',
        action: 'read',
      }),
    },
    {
      path: 'notifications/silences',
      ...lazyPage(() => import('./pages/SilencesPage.js').then((m) => m.SilencesPage), {
        resource: 'notifications',
        action: 'read',
      }),
    },
    {
      path: 'notifications/silences/add',
      ...lazyPage(() => import('./pages/AddSilencePage.js').then((m) => m.AddSilencePage), {
        resource: 'notifications',
        action: 'write',
      }),
    },
  ],
  topBarItems: [NotificationBell],
};
