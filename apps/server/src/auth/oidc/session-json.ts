import type { Queryable } from '../../db/types.js';
import { splitName } from '../identities.js';
import type { SessionRow } from '../sessions.js';

/** The Kratos-shaped session of sessions/whoami, with the person's name and email as traits. */
export async function oidcSessionJson(db: Queryable, session: SessionRow) {
  const { rows } = await db.query<{ id: string; name: string; email: string | null; created_at: Date }>(
    'SELECT id, name, email, created_at FROM people WHERE id = $1 AND deleted_at IS NULL',
    [session.identity_id],
  );
  const person = rows[0];
  if (!person) return null;
  return {
    id: session.id,
    active: true,
    expires_at: session.expires_at,
    authenticated_at: session.authenticated_at,
    authenticator_assurance_level: session.aal,
    authentication_methods: session.methods,
    issued_at: session.issued_at,
    identity: {
      id: person.id,
      schema_id: 'default',
      state: 'active',
      traits: { email: person.email ?? '', name: splitName(person.name) },
      created_at: person.created_at,
    },
  };
}
