import { createSession, revokeSession, type Aal, type NewSession, type SessionRow } from '../sessions.js';
import { setSessionCookie } from './http.js';
import type { FlowRequest } from './types.js';

/** Replaces the browser's session with a new one for `identityId` (rotation at every sign-in). */
export async function replaceSession(
  fr: FlowRequest,
  identityId: string,
  aal: Aal,
  methods: SessionRow['methods'],
): Promise<NewSession> {
  const { db, config } = fr.svc.ctx;
  if (fr.current) await revokeSession(db, fr.current.session.id);
  const created = await createSession(db, config.auth, identityId, aal, methods);
  setSessionCookie(fr.svc, fr.req, fr.reply, created.token);
  return created;
}
