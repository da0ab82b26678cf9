import type { Db, Queryable } from '../db/types.js';
import { setPasswordHash } from './identities.js';
import { hashSecret } from './passwords.js';
import { randomPassword } from './password-banner.js';
import { revokeAllSessions } from './sessions.js';

export class ResetPasswordError extends Error {}

type Target = { id: string; email: string };

/** Sign-in accounts with a password: the named one, else ADMIN_EMAIL's, else the oldest admin. */
async function findTarget(db: Queryable, email: string | undefined, adminEmail: string): Promise<Target> {
  const base = `SELECT i.id, i.traits->>'email' AS email FROM identities i JOIN people p ON p.id = i.id
    WHERE p.deleted_at IS NULL AND i.password_hash IS NOT NULL`;
  if (email !== undefined) {
    const { rows } = await db.query<Target>(`${base} AND lower(i.traits->>'email') = lower($1)`, [
      email.trim(),
    ]);
    if (!rows[0]) throw new ResetPasswordError(`No account with a password has the email ${email}.`);
    return rows[0];
  }
  const { rows } = await db.query<Target>(
    `${base} AND EXISTS (SELECT 1 FROM person_roles r WHERE r.person_id = i.id AND r.role = 'admin')
     ORDER BY lower(i.traits->>'email') = lower($1) DESC, i.created_at, i.id LIMIT 1`,
    [adminEmail],
  );
  if (!rows[0]) {
    throw new ResetPasswordError(
      'No admin account with a password exists yet: start the server once with AUTH_MODE=builtin to create it.',
    );
  }
  return rows[0];
}

/**
 * `opsdeck admin reset-password`: a new random password for the person, whose sessions end
 * (whoever signed in with the lost password is signed out).
 */
export async function resetPassword(
  db: Db,
  options: { email?: string; adminEmail: string },
): Promise<{ email: string; password: string; revokedSessions: number }> {
  const password = randomPassword();
  const hash = await hashSecret(password);
  return db.transaction(async (tx) => {
    const target = await findTarget(tx, options.email, options.adminEmail);
    await setPasswordHash(tx, target.id, hash);
    const revokedSessions = await revokeAllSessions(tx, target.id);
    return { email: target.email, password, revokedSessions };
  });
}
