import type { Action, Resource } from '@opsdeck/shared';
import type { ReactNode } from 'react';
import { Unauthorized } from '../ui/Unauthorized.js';
import { usePermissions, hasPermission } from './permissions.js';

type GuardProps = {
  resource: Resource | readonly Resource[];
  action: Action;
  children: ReactNode;
  /** Show the Unauthorized page instead of nothing. */
  showUnauthorized?: boolean;
};

/** Shows its content only when the user holds any of the resources for the action. */
export function Guard({ resource, action, children, showUnauthorized = false }: GuardProps) {
  const { permissions, loaded } = usePermissions();
  if (!loaded) return null;
  if (hasPermission(permissions, resource, action)) return <>{children}</>;
  return showUnauthorized ? <Unauthorized /> : null;
}
