import { effectiveRoles, isRole, type Role } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { forgetCachedSessions } from './session-cache.js';

/** The person's roles, read from person_roles on every call. */
export async function loadRoles(db: Queryable, personId: string): Promise<Role[]> {
  const { rows } = await db.query<{ role: string }>('SELECT role FROM person_roles WHERE person_id = $1', [
    personId,
  ]);
  return effectiveRoles(rows.map((r) => r.role));
}

/** Replaces the person's roles; `viewer` alone is stored as no row (same meaning). */
export async function setRoles(db: Queryable, personId: string, roles: readonly string[]): Promise<void> {
  await db.query('DELETE FROM person_roles WHERE person_id = $1', [personId]);
  for (const role of new Set(roles.filter(isRole))) {
    await db.query('INSERT INTO person_roles (person_id, role) VALUES ($1, $2)', [personId, role]);
  }
  forgetCachedSessions();
}
