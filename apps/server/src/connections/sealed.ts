import type { Queryable } from '../db/types.js';
import type { SecretBox } from '../lib/secrets/index.js';

/**
 * Sealed values are stored as `enc:` + the SecretBox token, so the database (the masking views,
 * migration 051) can tell an encrypted value from a plain one without the key.
 */
const PREFIX = 'enc:';

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

export function seal(box: SecretBox, plain: string): string {
  return PREFIX + box.seal(plain);
}

/** A connection whose secrets the server's key cannot open (SECRET_KEY or secret.key changed). */
export class UnreadableSecretError extends Error {}

/** The plain value of a sealed one; plain values pass through. */
export function unseal(box: SecretBox, value: string, what: string): string {
  if (!isSealed(value)) return value;
  try {
    return box.open(value.slice(PREFIX.length));
  } catch {
    throw new UnreadableSecretError(
      `${what} cannot be decrypted with this server's key (was SECRET_KEY or DATA_DIR/secret.key changed?)`,
    );
  }
}

/**
 * A few sealed secrets stored in connections, without their prefix: what the start-up key
 * check tries its key on when the database has no check value yet (lib/secrets/key-check.ts).
 */
export async function sealedConnectionSamples(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ v: string }>(
    `SELECT v FROM (SELECT password AS v FROM connections UNION ALL SELECT certificate FROM connections) s
     WHERE v LIKE '${PREFIX}%' LIMIT 5`,
  );
  return rows.map((r) => r.v.slice(PREFIX.length));
}
