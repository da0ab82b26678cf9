import type { Queryable } from '../../db/types.js';
import { randomCode, sha256 } from '../secrets.js';

/** How long a mailed code stays valid, and how many wrong guesses a flow gets. */
export const CODE_LIFETIME_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;

function codeHash(flowId: string, code: string): string {
  return sha256(`${flowId}:${code.trim()}`);
}

/** A new six-digit code for the flow; earlier unused codes of the flow stop working. */
export async function issueCode(
  db: Queryable,
  flowId: string,
  purpose: 'recovery' | 'verification',
  email: string,
  identityId: string | null,
): Promise<string> {
  const code = randomCode();
  await db.query('UPDATE auth_codes SET used_at = now() WHERE flow_id = $1 AND used_at IS NULL', [flowId]);
  await db.query(
    `INSERT INTO auth_codes (flow_id, identity_id, purpose, email, code_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [flowId, identityId, purpose, email, codeHash(flowId, code), CODE_LIFETIME_MINUTES],
  );
  return code;
}

/**
 * Redeems a code once. Every wrong guess counts against the flow's live code, which dies
 * after MAX_CODE_ATTEMPTS. Returns the identity the code belongs to, or null.
 */
export async function redeemCode(
  db: Queryable,
  flowId: string,
  code: string,
): Promise<{ identityId: string | null; email: string } | null> {
  const { rows } = await db.query<{
    id: string;
    identity_id: string | null;
    email: string;
    code_hash: string;
  }>(
    `SELECT id, identity_id, email, code_hash FROM auth_codes
     WHERE flow_id = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2
     ORDER BY created_at DESC LIMIT 1`,
    [flowId, MAX_CODE_ATTEMPTS],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.code_hash !== codeHash(flowId, code)) {
    await db.query('UPDATE auth_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
    return null;
  }
  const { affectedRows } = await db.query(
    'UPDATE auth_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL',
    [row.id],
  );
  return affectedRows === 1 ? { identityId: row.identity_id, email: row.email } : null;
}
