import type { Queryable } from '../../db/types.js';
import type { SecretBox } from './secret-box.js';

const PLAIN = 'Opsdeck secret key check';

/** The server's secret key cannot open what other servers sealed in this database. */
export class SecretKeyMismatchError extends Error {
  constructor(why: string) {
    super(
      `this server's secret key cannot open the secrets already in the database (${why}). Every ` +
        'server on one database needs the same key: give this one the key the others use, in ' +
        'SECRET_KEY or SECRET_KEY_FILE (a lost DATA_DIR/secret.key cannot be replaced). ' +
        "See docs/deploy.md, 'Keys across replicas'. Refusing to start.",
    );
    this.name = 'SecretKeyMismatchError';
  }
}

function opens(box: SecretBox, sealed: string): boolean {
  try {
    box.open(sealed);
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses to start with a key that differs from the one this database's secrets are sealed
 * with. The first server on a database seals a check value with its key; every start opens it.
 * A database from before the check holds none: then `samples` (sealed values already stored,
 * without their `enc:` prefix) decide — the key must open at least one of them — and the check
 * value is written. Two servers starting at once on a fresh database: one row wins, the other
 * reads it back and is refused if its key differs.
 */
export async function checkSecretKey(
  db: Queryable,
  box: SecretBox,
  samples: () => Promise<string[]>,
): Promise<void> {
  const stored = await db.query<{ sealed: string }>('SELECT sealed FROM secret_key_check');
  let sealed = stored.rows[0]?.sealed;
  if (sealed === undefined) {
    const existing = await samples();
    if (existing.length && !existing.some((s) => opens(box, s))) {
      throw new SecretKeyMismatchError(`none of ${existing.length} stored connection secrets opens with it`);
    }
    await db.query('INSERT INTO secret_key_check (sealed) VALUES ($1) ON CONFLICT (id) DO NOTHING', [
      box.seal(PLAIN),
    ]);
    sealed = (await db.query<{ sealed: string }>('SELECT sealed FROM secret_key_check')).rows[0]?.sealed;
  }
  if (sealed !== undefined && !opens(box, sealed)) {
    throw new SecretKeyMismatchError('another server sealed them with a different key');
  }
}
