import type { Action, Resource } from '@opsdeck/shared';
import { useCheckerMode, useWhoami } from './whoami.js';

/** What anyone may do in the standalone checker: read the health summary. */
const CHECKER_PERMISSIONS = ['canaries:read'];

/** Whether the permission list grants the action on any of the resources. */
export function hasPermission(
  permissions: readonly string[],
  resources: Resource | readonly Resource[],
  action: Action,
): boolean {
  const list: readonly Resource[] = typeof resources === 'string' ? [resources] : resources;
  return list.some((r) => permissions.includes(`${r}:${action}`));
}

/** A person whose only role is viewer (or who has none) does not see Settings. */
export function isViewerOnly(roles: readonly string[]): boolean {
  return roles.every((r) => r === 'viewer');
}

export function usePermissions(): { permissions: string[]; roles: string[]; loaded: boolean } {
  const { data } = useWhoami();
  const checker = useCheckerMode();
  if (checker) return { permissions: CHECKER_PERMISSIONS, roles: ['viewer'], loaded: true };
  return { permissions: data?.permissions ?? [], roles: data?.roles ?? [], loaded: data !== undefined };
}

export function useHasPermission(resources: Resource | readonly Resource[], action: Action): boolean {
  const { permissions } = usePermissions();
  return hasPermission(permissions, resources, action);
}
