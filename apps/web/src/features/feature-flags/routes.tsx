import { Flag } from 'lucide-react';
import { Navigate } from 'react-router';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';

/** Settings → Feature Flags. */
export const feature: FeatureModule = {
  routes: [
    {
      path: 'settings/feature-flags',
      ...lazyPage(() => import('./pages/FeatureFlagsPage.js').then((m) => m.FeatureFlagsPage), {
        resource: 'properties',
        action: 'read',
      }),
    },
    // The properties table's generic settings address (doc 3 §2.1): feature flags are properties.
    { path: 'settings/properties', element: <Navigate to="/settings/feature-flags" replace /> },
  ],
  nav: [
    {
      id: 'settings-feature-flags',
      label: 'Feature Flags',
      href: '/settings/feature-flags',
      icon: Flag,
      resource: 'properties',
      feature: 'settings.feature_flags',
      section: 'settings',
    },
  ],
};
