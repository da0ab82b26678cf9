import crypto from 'node:crypto';
import type { Queryable } from '../db/types.js';
import { hashSecret, verifySecret } from './passwords.js';
import { randomToken } from './secrets.js';

/**
 * Access tokens look like `od_<row id hex>.<secret>`: the public id finds the row, and only an
 * argon2id hash of the secret is stored, so the token is shown once and never again.
 */
const TOKEN_PATTERN = /^od_([0-9a-f]{32})\.([A-Za-z0-9_-]{32,64})$/;

function toUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function createAccessToken(
  db: Queryable,
  personId: string,
  name: string,
  expiresAt: Date | null,
): Promise<{ id: string; token: string }> {
  const secret = randomToken(32);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO access_tokens (name, value, person_id, created_by, expires_at)
     VALUES ($1, $2, $3, $3, $4) RETURNING id`,
    [name, await hashSecret(secret), personId, expiresAt],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('token insert returned no row');
  return { id, token: `od_${id.replace(/-/g, '')}.${secret}` };
}

/**
 * Secrets already proven against a stored argon2 hash, keyed by SHA-256 of hash and secret:
 * API clients send their token with every request, and argon2id (≈30 ms by design) on each one
 * would cap a client at a few dozen requests a second. The row is still read every time, so
 * expiry, deletion and deactivation take effect at once; only the hash comparison is skipped.
 */
const provenSecrets = new Set<string>();
const PROVEN_SECRETS_MAX = 1000;

async function secretMatches(storedHash: string, secret: string): Promise<boolean> {
  const key = crypto.createHash('sha256').update(storedHash).update('\0').update(secret).digest('hex');
  if (provenSecrets.has(key)) return true;
  if (!(await verifySecret(storedHash, secret))) return false;
  if (provenSecrets.size >= PROVEN_SECRETS_MAX) provenSecrets.clear();
  provenSecrets.add(key);
  return true;
}

/**
 * The person a token acts for, or null when the token is malformed, unknown, expired or revoked,
 * or its person is deleted or deactivated. Checked on every request, so deactivation is
 * immediate. People without an identity row (agents, Kratos-mapped people) have no state here.
 */
export async function verifyAccessToken(db: Queryable, token: string): Promise<string | null> {
  const m = TOKEN_PATTERN.exec(token.trim());
  if (!m?.[1] || !m[2]) return null;
  const { rows } = await db.query<{ id: string; value: string; person_id: string }>(
    `SELECT t.id, t.value, t.person_id FROM access_tokens t
       JOIN people p ON p.id = t.person_id
       LEFT JOIN identities i ON i.id = t.person_id
     WHERE t.id = $1 AND (t.expires_at IS NULL OR t.expires_at > now())
       AND p.deleted_at IS NULL AND (i.state IS NULL OR i.state = 'active')`,
    [toUuid(m[1])],
  );
  const row = rows[0];
  if (!row || !(await secretMatches(row.value, m[2]))) return null;
  await db.query(
    "UPDATE access_tokens SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')",
    [row.id],
  );
  return row.person_id;
}

export type TokenListRow = {
  id: string;
  name: string;
  person_id: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
};

export async function listAccessTokens(
  db: Queryable,
  personId: string,
  all: boolean,
): Promise<TokenListRow[]> {
  const { rows } = await db.query<TokenListRow>(
    `SELECT id, name, person_id, created_at, expires_at, last_used_at FROM access_tokens
     WHERE $2::boolean OR person_id = $1 ORDER BY created_at DESC`,
    [personId, all],
  );
  return rows;
}

export async function deleteAccessToken(
  db: Queryable,
  id: string,
  personId: string,
  any: boolean,
): Promise<boolean> {
  const { affectedRows } = await db.query(
    'DELETE FROM access_tokens WHERE id = $1 AND ($3::boolean OR person_id = $2)',
    [id, personId, any],
  );
  return affectedRows > 0;
}
