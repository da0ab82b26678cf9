import type { Action, Resource } from '@opsdeck/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Guard } from '../auth/Guard.js';

/**
 * A lazily loaded page, optionally guarded by a read or write permission on a resource
 * (without it the Unauthorized page shows).
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  guard?: { resource: Resource | readonly Resource[]; action: Action },
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = await load();
      if (!guard) return { Component: Page };
      return {
        Component: () => (
          <Guard resource={guard.resource} action={guard.action} showUnauthorized>
            <Page />
          </Guard>
        ),
      };
    },
  };
}
