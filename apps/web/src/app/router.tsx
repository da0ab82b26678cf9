import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from './NotFound.js';
import { bareRoutes, featureRoutes, homePath } from './registry.js';
import { RouteError } from './RouteError.js';
import { Shell } from './Shell.js';
import { Unauthorized } from '../ui/Unauthorized.js';

/**
 * Shown while the first page's lazy module loads. Every top-level route needs one, or React
 * Router warns that no HydrateFallback was provided (the sign-in pages are lazy too).
 */
const hydrateFallback = <div className="h-full bg-canvas" />;

/** The route tree: stand-alone pages, then the shell holding every area's pages. */
export function appRoutes(): RouteObject[] {
  return [
    ...bareRoutes.map((r) => ({
      ...r,
      errorElement: <RouteError />,
      hydrateFallbackElement: hydrateFallback,
    })),
    {
      path: '/',
      element: <Shell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: hydrateFallback,
      children: [
        {
          // Errors inside a page keep the shell around them.
          errorElement: <RouteError />,
          children: [
            { index: true, element: <Navigate to={homePath()} replace /> },
            ...featureRoutes,
            { path: 'unauthorized', element: <Unauthorized /> },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
