import { RESOURCES, type Action, type Resource } from './resources.js';

/** The roles, highest first (the UI shows the highest role a person holds). */
export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** A person with no role entry is a viewer. */
export const DEFAULT_ROLE: Role = 'viewer';

export const ACTIONS: readonly Action[] = ['read', 'write'];

/** A permission as the whoami endpoint lists it, e.g. "canaries:read". */
export type Permission = `${Resource}:${Action}`;

function except(...excluded: Resource[]): ReadonlySet<Resource> {
  return new Set(RESOURCES.filter((r) => !excluded.includes(r)));
}

const ALL: ReadonlySet<Resource> = new Set(RESOURCES);
const NONE: ReadonlySet<Resource> = new Set();
const RESPONDER_WRITES: ReadonlySet<Resource> = new Set<Resource>([
  'responder',
  'incident',
  'evidences',
  'comments',
]);
const OPERATOR_READS = except('rbac', 'identities', 'connections');

/** The permission matrix (docs/identity.md, Authorization): per role, the resources it may read and write. */
export const PERMISSION_MATRIX: Record<Role, Record<Action, ReadonlySet<Resource>>> = {
  admin: { read: ALL, write: ALL },
  editor: { read: ALL, write: except('connections', 'identities', 'rbac') },
  commander: { read: OPERATOR_READS, write: RESPONDER_WRITES },
  responder: { read: OPERATOR_READS, write: RESPONDER_WRITES },
  viewer: { read: OPERATOR_READS, write: NONE },
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Unknown role names are ignored; no known role at all means viewer. */
export function effectiveRoles(roles: readonly string[]): Role[] {
  const known = ROLES.filter((r) => roles.includes(r));
  return known.length ? known : [DEFAULT_ROLE];
}

/** Whether any of the roles grants the action on the resource. */
export function can(roles: readonly string[], resource: Resource, action: Action): boolean {
  return effectiveRoles(roles).some((role) => PERMISSION_MATRIX[role][action].has(resource));
}

/** Every permission the roles grant, as "resource:action" strings in matrix order. */
export function permissionsFor(roles: readonly string[]): Permission[] {
  const out: Permission[] = [];
  for (const resource of RESOURCES) {
    for (const action of ACTIONS) if (can(roles, resource, action)) out.push(`${resource}:${action}`);
  }
  return out;
}

/** The highest of the roles, for display. */
export function highestRole(roles: readonly string[]): Role {
  return effectiveRoles(roles)[0] ?? DEFAULT_ROLE;
}
