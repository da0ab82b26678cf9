import type { Queryable } from '../../db/types.js';
import { findIdentity, identityJson } from '../identities.js';
import type { SessionRow } from '../sessions.js';

/** The Kratos session object (sessions/whoami and successful logins). */
export async function sessionJson(db: Queryable, session: SessionRow) {
  const identity = await findIdentity(db, session.identity_id);
  return {
    id: session.id,
    active: true,
    expires_at: session.expires_at,
    authenticated_at: session.authenticated_at,
    authenticator_assurance_level: session.aal,
    authentication_methods: session.methods,
    issued_at: session.issued_at,
    identity: identity ? identityJson(identity) : null,
  };
}
