import { isPgError, type Queryable } from '../db/types.js';
import type { KratosIdentity } from './kratos-session.js';

type KratosPerson = { kind: 'person'; personId: string } | { kind: 'removed' };

async function byKratosId(
  db: Queryable,
  kratosId: string,
): Promise<(KratosPerson & { hasEmail?: boolean }) | null> {
  const { rows } = await db.query<{ id: string; deleted: boolean; has_email: boolean }>(
    'SELECT id, deleted_at IS NOT NULL AS deleted, email IS NOT NULL AS has_email FROM people WHERE kratos_id = $1',
    [kratosId],
  );
  const row = rows[0];
  if (!row) return null;
  return row.deleted ? { kind: 'removed' } : { kind: 'person', personId: row.id, hasEmail: row.has_email };
}

/**
 * A person made while Kratos called their address unverified has none; once Kratos reports it
 * verified it becomes theirs, while no other live person has it.
 */
async function takeVerifiedEmail(db: Queryable, personId: string, email: string): Promise<void> {
  try {
    await db.query(
      `UPDATE people SET email = $2, updated_at = now()
        WHERE id = $1 AND email IS NULL
          AND NOT EXISTS (SELECT 1 FROM people WHERE lower(email) = lower($2) AND deleted_at IS NULL)`,
      [personId, email],
    );
  } catch (e) {
    // Someone took the address at the same moment: it stays theirs.
    if (!isPgError(e) || e.code !== '23505') throw e;
  }
}

/** Links the live, not yet linked person with this (verified) address to the identity. */
async function adoptByVerifiedEmail(db: Queryable, identity: KratosIdentity): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE people SET kratos_id = $1, updated_at = now()
     WHERE lower(email) = lower($2) AND deleted_at IS NULL AND kratos_id IS NULL
     RETURNING id`,
    [identity.id, identity.email],
  );
  return rows[0]?.id ?? null;
}

/**
 * A new person for the identity. The email goes along only when Kratos reports it verified and
 * no live person has it: an unverified address counts nowhere (approvers, notifications), and
 * people's emails are unique.
 */
async function createPerson(db: Queryable, identity: KratosIdentity, withEmail: boolean): Promise<void> {
  await db.query(
    `INSERT INTO people (name, email, kratos_id)
     SELECT $1::text,
            CASE WHEN $4::boolean AND NOT EXISTS (
              SELECT 1 FROM people WHERE lower(email) = lower($2::text) AND deleted_at IS NULL
            ) THEN $2::text END,
            $3::text
     ON CONFLICT (kratos_id) WHERE kratos_id IS NOT NULL DO NOTHING`,
    [identity.name, identity.email, identity.id, withEmail && identity.email !== null],
  );
}

/**
 * The person a Kratos identity acts as: the one linked to its identity id; else, only when
 * Kratos reports the email verified, the live person with that email (then linked); else a
 * new person (a viewer), with the email only when verified. A person deleted in Opsdeck stays
 * deleted: no new one is made.
 */
export async function personForKratos(db: Queryable, identity: KratosIdentity): Promise<KratosPerson> {
  const linked = await byKratosId(db, identity.id);
  if (linked?.kind === 'person' && !linked.hasEmail && identity.emailVerified && identity.email)
    await takeVerifiedEmail(db, linked.personId, identity.email);
  if (linked) return linked.kind === 'person' ? { kind: 'person', personId: linked.personId } : linked;
  try {
    if (identity.emailVerified) {
      const adopted = await adoptByVerifiedEmail(db, identity);
      if (adopted) return { kind: 'person', personId: adopted };
    }
    await createPerson(db, identity, identity.emailVerified);
  } catch (e) {
    // A concurrent request linked this identity, or took the address, first.
    if (!isPgError(e) || e.code !== '23505') throw e;
    if (!(await byKratosId(db, identity.id))) await createPerson(db, identity, false);
  }
  const created = await byKratosId(db, identity.id);
  if (!created) throw new Error(`no person for Kratos identity ${identity.id}`);
  return created;
}
