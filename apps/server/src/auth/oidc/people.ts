import type { Role } from '@opsdeck/shared';
import { isPgError, type Db, type Queryable } from '../../db/types.js';
import { setRoles } from '../roles.js';

/** What the issuer told us about the person at this sign-in. */
export type ExternalSignIn = {
  issuer: string;
  subject: string;
  name: string;
  email: string | null;
  /** null: no role claim configured, roles are managed in Opsdeck and left as they are. */
  roles: Role[] | null;
  organisations: string[];
};

export type SignInPerson = { kind: 'person'; personId: string } | { kind: 'removed' } | { kind: 'inactive' };

type Linked = { person_id: string; deleted: boolean; active: boolean };

async function linked(db: Queryable, issuer: string, subject: string): Promise<Linked | null> {
  const { rows } = await db.query<Linked>(
    `SELECT e.person_id, p.deleted_at IS NOT NULL AS deleted, coalesce(i.state = 'active', false) AS active
     FROM external_identities e
     JOIN people p ON p.id = e.person_id
     LEFT JOIN identities i ON i.id = e.person_id
     WHERE e.issuer = $1 AND e.subject = $2`,
    [issuer, subject],
  );
  return rows[0] ?? null;
}

/**
 * A new person for the subject. The email goes along only while no live person has it (emails
 * are unique): an existing account with the same address is never taken over, nor linked.
 * The identities row (no password, no email trait) is what sessions hang on.
 */
async function createPerson(db: Queryable, s: ExternalSignIn): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO people (name, email)
     SELECT $1::text, CASE WHEN NOT EXISTS (
       SELECT 1 FROM people WHERE lower(email) = lower($2::text) AND deleted_at IS NULL
     ) THEN $2::text END
     RETURNING id`,
    [s.name, s.email],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('person insert returned no row');
  await db.query(`INSERT INTO identities (id, traits) VALUES ($1, $2::jsonb)`, [
    id,
    JSON.stringify({ name: { first: s.name, last: '' } }),
  ]);
  await db.query('INSERT INTO external_identities (issuer, subject, person_id) VALUES ($1, $2, $3)', [
    s.issuer,
    s.subject,
    id,
  ]);
  return id;
}

async function signInOnce(db: Db, s: ExternalSignIn): Promise<SignInPerson> {
  return db.transaction(async (tx) => {
    const found = await linked(tx, s.issuer, s.subject);
    if (found?.deleted) return { kind: 'removed' };
    if (found && !found.active) return { kind: 'inactive' };
    const personId = found ? found.person_id : await createPerson(tx, s);
    if (found)
      await tx.query('UPDATE people SET name = $2, updated_at = now() WHERE id = $1', [personId, s.name]);
    await tx.query(
      `UPDATE external_identities SET organisations = $3::text[], last_login_at = now()
       WHERE issuer = $1 AND subject = $2`,
      [s.issuer, s.subject, s.organisations],
    );
    // The issuer owns group membership: roles are re-read at every sign-in.
    if (s.roles) await setRoles(tx, personId, s.roles);
    await tx.query('UPDATE people SET last_login = now() WHERE id = $1', [personId]);
    return { kind: 'person', personId };
  });
}

/**
 * The person an issuer's subject signs in as: the one linked to (issuer, subject), else a new
 * one. Never found by email. A person deleted or deactivated in Opsdeck stays out.
 */
export async function signInExternal(db: Db, s: ExternalSignIn): Promise<SignInPerson> {
  try {
    return await signInOnce(db, s);
  } catch (e) {
    // Two first sign-ins of the same subject at once: the loser finds the winner's person.
    if (!isPgError(e) || e.code !== '23505') throw e;
    return signInOnce(db, s);
  }
}

/** The organisation names the person's issuer listed at their last sign-in. */
export async function organisationsOf(db: Queryable, personId: string): Promise<string[]> {
  const { rows } = await db.query<{ organisations: string[] }>(
    'SELECT organisations FROM external_identities WHERE person_id = $1 ORDER BY last_login_at DESC LIMIT 1',
    [personId],
  );
  return rows[0]?.organisations ?? [];
}
