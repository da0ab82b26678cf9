import type { Queryable } from '../db/types.js';

export type Traits = { email: string; name: { first: string; last: string } };

export type IdentityRow = {
  id: string;
  traits: Traits;
  state: 'active' | 'inactive';
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: string | null;
  email_verified_at: Date | null;
  /** An address asked for in the settings flow, not yet verified: it counts nowhere. */
  pending_email: string | null;
  created_at: Date;
  state_changed_at: Date;
  updated_at: Date;
};

const COLUMNS =
  'i.id, i.traits, i.state, i.password_hash, i.totp_secret, i.totp_last_step, i.email_verified_at, i.pending_email, i.created_at, i.state_changed_at, i.updated_at';

export function displayName(traits: Traits): string {
  return `${traits.name.first} ${traits.name.last}`.trim() || traits.email;
}

/** Splits a person's display name into Kratos-style first and last name traits. */
export function splitName(name: string): Traits['name'] {
  const parts = name.trim().split(/\s+/);
  const first = parts.shift() ?? '';
  return { first, last: parts.join(' ') };
}

export async function findIdentityByEmail(db: Queryable, email: string): Promise<IdentityRow | null> {
  const { rows } = await db.query<IdentityRow>(
    `SELECT ${COLUMNS} FROM identities i JOIN people p ON p.id = i.id
     WHERE lower(i.traits->>'email') = lower($1) AND p.deleted_at IS NULL`,
    [email.trim()],
  );
  return rows[0] ?? null;
}

export async function findIdentity(db: Queryable, id: string): Promise<IdentityRow | null> {
  const { rows } = await db.query<IdentityRow>(
    `SELECT ${COLUMNS} FROM identities i JOIN people p ON p.id = i.id WHERE i.id = $1 AND p.deleted_at IS NULL`,
    [id],
  );
  return rows[0] ?? null;
}

export async function countIdentities(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM identities');
  return rows[0]?.n ?? 0;
}

/**
 * Creates the person (or adopts the live person with that email) and its identity.
 * Returns the identity id, which is the person's id.
 */
export async function createIdentity(
  db: Queryable,
  traits: Traits,
  passwordHash: string | null,
  opts: { verified?: boolean } = {},
): Promise<string> {
  const email = traits.email.trim();
  const existing = await db.query<{ id: string }>(
    'SELECT id FROM people WHERE lower(email) = lower($1) AND deleted_at IS NULL',
    [email],
  );
  let personId = existing.rows[0]?.id;
  if (personId) {
    await db.query('UPDATE people SET name = $2, updated_at = now() WHERE id = $1', [
      personId,
      displayName(traits),
    ]);
  } else {
    const { rows } = await db.query<{ id: string }>(
      'INSERT INTO people (name, email) VALUES ($1, $2) RETURNING id',
      [displayName(traits), email],
    );
    personId = rows[0]?.id;
  }
  if (!personId) throw new Error('person insert returned no row');
  await db.query(
    `INSERT INTO identities (id, traits, password_hash, email_verified_at)
     VALUES ($1, $2::jsonb, $3, CASE WHEN $4::boolean THEN now() END)`,
    [personId, JSON.stringify({ ...traits, email }), passwordHash, opts.verified === true],
  );
  return personId;
}

/**
 * Updates traits on the identity and name/email on the person, together. A different address
 * (an admin's change) is unverified, and replaces any address the person had asked for.
 */
export async function updateTraits(db: Queryable, id: string, traits: Traits): Promise<void> {
  await db.query(
    `UPDATE identities SET traits = $2::jsonb, updated_at = now(),
       email_verified_at = CASE WHEN lower(traits->>'email') = lower($3) THEN email_verified_at END,
       pending_email = CASE WHEN lower(traits->>'email') = lower($3) THEN pending_email END
     WHERE id = $1`,
    [id, JSON.stringify(traits), traits.email],
  );
  await db.query('UPDATE people SET name = $2, email = $3, updated_at = now() WHERE id = $1', [
    id,
    displayName(traits),
    traits.email,
  ]);
}

export async function setPasswordHash(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE identities SET password_hash = $2, updated_at = now() WHERE id = $1', [
    id,
    passwordHash,
  ]);
}

/** Kratos identity JSON (sessions/whoami, identity lists). */
export function identityJson(row: IdentityRow) {
  return {
    id: row.id,
    schema_id: 'default',
    state: row.state,
    traits: row.traits,
    verifiable_addresses: [
      {
        value: row.traits.email,
        via: 'email',
        verified: row.email_verified_at !== null,
        status: row.email_verified_at ? 'completed' : 'pending',
        verified_at: row.email_verified_at,
      },
    ],
    recovery_addresses: [{ value: row.traits.email, via: 'email' }],
    metadata_public: null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    state_changed_at: row.state_changed_at,
  };
}
