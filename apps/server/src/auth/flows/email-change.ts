import { isPgError, type Db, type Queryable } from '../../db/types.js';

/**
 * Email changes asked for in the settings flow (docs/identity.md, Changing the email address).
 * The new address waits in `identities.pending_email` until the code mailed to it is entered;
 * until then the person keeps their old address for sign-in, recovery, notifications,
 * responders, playbook approvers and single sign-on.
 */

/** Whether a live person or identity other than `identityId` already has `email`. */
export async function emailTaken(db: Queryable, email: string, identityId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM identities i JOIN people p ON p.id = i.id
      WHERE lower(i.traits->>'email') = lower($1) AND p.deleted_at IS NULL AND i.id <> $2
     UNION ALL
     SELECT 1 FROM people WHERE lower(email) = lower($1) AND deleted_at IS NULL AND id <> $2`,
    [email.trim(), identityId],
  );
  return rows.length > 0;
}

/** Keeps `email` as the address the identity asked for; null forgets any. */
export async function setPendingEmail(
  db: Queryable,
  identityId: string,
  email: string | null,
): Promise<void> {
  await db.query('UPDATE identities SET pending_email = $2, updated_at = now() WHERE id = $1', [
    identityId,
    email,
  ]);
}

/**
 * A verification code mailed to `email` was entered for the identity. Its current address
 * becomes verified (`verified`); or its pending address becomes its address, on the identity and
 * the person, verified (`changed`) — unless someone took the address meanwhile (`taken`). A code
 * for an address that is neither any more (a later change replaced it) changes nothing (`stale`).
 */
export async function confirmAddress(
  db: Db,
  identityId: string,
  email: string,
): Promise<'verified' | 'changed' | 'taken' | 'stale'> {
  const verified = await db.query(
    `UPDATE identities SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
      WHERE id = $1 AND lower(traits->>'email') = lower($2)`,
    [identityId, email],
  );
  if (verified.affectedRows > 0) return 'verified';
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ email: string }>(
        `UPDATE identities
            SET traits = jsonb_set(traits, '{email}', to_jsonb(pending_email)), pending_email = NULL,
                email_verified_at = now(), updated_at = now()
          WHERE id = $1 AND lower(pending_email) = lower($2)
          RETURNING traits->>'email' AS email`,
        [identityId, email],
      );
      const address = rows[0]?.email;
      if (!address) return 'stale';
      await tx.query('UPDATE people SET email = $2, updated_at = now() WHERE id = $1', [identityId, address]);
      return 'changed';
    });
  } catch (e) {
    if (isPgError(e) && e.code === '23505') return 'taken';
    throw e;
  }
}
