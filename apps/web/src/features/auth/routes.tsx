import { Navigate } from 'react-router';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';

/** Sign-in pages stand alone (bareRoutes); the profile lives inside the shell. */
export const feature: FeatureModule = {
  bareRoutes: [
    { path: '/login', ...lazyPage(() => import('./pages/LoginPage.js').then((m) => m.LoginPage)) },
    {
      path: '/registration',
      ...lazyPage(() => import('./pages/RegistrationPage.js').then((m) => m.RegistrationPage)),
    },
    { path: '/recovery', ...lazyPage(() => import('./pages/RecoveryPage.js').then((m) => m.RecoveryPage)) },
    {
      path: '/verification',
      ...lazyPage(() => import('./pages/VerificationPage.js').then((m) => m.VerificationPage)),
    },
    // The hosted provider's `?error_code=` page; a stored flow error by route parameter.
    { path: '/error', ...lazyPage(() => import('./pages/ErrorPage.js').then((m) => m.ErrorPage)) },
    {
      path: '/error/:id',
      ...lazyPage(() => import('./pages/FlowErrorPage.js').then((m) => m.FlowErrorPage)),
    },
    {
      path: '/organizations/select',
      ...lazyPage(() => import('./pages/OrganisationSelectPage.js').then((m) => m.OrganisationSelectPage)),
    },
    {
      path: '/auth-state-checker',
      ...lazyPage(() => import('./pages/AuthStateCheckerPage.js').then((m) => m.AuthStateCheckerPage)),
    },
  ],
  routes: [
    {
      path: 'profile-settings',
      ...lazyPage(() => import('./pages/ProfileSettingsPage.js').then((m) => m.ProfileSettingsPage)),
    },
    // Where the organisation switcher lands in the other organisation's console: its home page.
    { path: 'organizations/orgs-switched', element: <Navigate to="/" replace /> },
  ],
};
