import { ConfigError } from '../config.js';
import { addStartupNotice } from '../platform/startup-notices.js';
import { countIdentities, createIdentity, splitName } from './identities.js';
import { hashSecret } from './passwords.js';
import { passwordBanner, randomPassword } from './password-banner.js';
import { syncLocalProperties } from './properties.js';
import { setRoles } from './roles.js';
import type { AuthServices } from './services.js';

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Start-up work of the identity area: local feature flags, then per mode the local admin
 * (none) or the first admin identity (builtin). Returns the local admin's id in none mode.
 */
// Any constant: the same in every Opsdeck process (migrate.ts uses another).
const FIRST_ADMIN_LOCK_KEY = 727_002;

export async function bootstrapIdentity(svc: AuthServices): Promise<string | null> {
  const { config, db, log } = svc.ctx;
  await syncLocalProperties(db, config.auth.propertiesFile, log);
  const { mode, adminEmail, adminPassword, allowInsecure } = config.auth;
  if (mode === 'none') {
    if (!isLoopback(config.host) && !allowInsecure) {
      throw new ConfigError(
        `AUTH_MODE=none lets anyone who can reach the server act as admin: refusing to listen on ${config.host}. ` +
          'Use HOST=127.0.0.1, or set ALLOW_INSECURE=true if this is really what you want.',
      );
    }
    return db.transaction(async (tx) => {
      const found = await tx.query<{ id: string }>(
        'SELECT id FROM people WHERE lower(email) = lower($1) AND deleted_at IS NULL',
        [adminEmail],
      );
      let id = found.rows[0]?.id;
      if (!id) {
        const created = await tx.query<{ id: string }>(
          "INSERT INTO people (name, email) VALUES ('Local admin', $1) RETURNING id",
          [adminEmail],
        );
        id = created.rows[0]?.id;
      }
      if (!id) throw new Error('could not create the local admin');
      await tx.query(
        "INSERT INTO person_roles (person_id, role) VALUES ($1, 'admin') ON CONFLICT DO NOTHING",
        [id],
      );
      return id;
    });
  }
  // The OIDC sign-in attempt cookie is sealed with the server key.
  if (mode === 'oidc') svc.box.ensureKey();
  if (mode !== 'builtin') return null;
  svc.box.ensureKey();
  if ((await countIdentities(db)) > 0) return null;
  const password = adminPassword ?? randomPassword();
  const hash = await hashSecret(password);
  // Replicas starting together on a fresh database: one makes the admin, the others find it.
  const created = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ADMIN_LOCK_KEY]);
    if ((await countIdentities(tx)) > 0) return false;
    const id = await createIdentity(tx, { email: adminEmail, name: splitName('Admin') }, hash, {
      verified: true,
    });
    await setRoles(tx, id, ['admin']);
    return true;
  });
  if (!created) return null;
  if (adminPassword) {
    log.info(`Created the first admin ${adminEmail} with the password from ADMIN_PASSWORD`);
  } else {
    log.info(`FIRST ADMIN CREATED: ${adminEmail}; the password is printed below once the server listens`);
    // Printed after the last start-up line (main.ts), so it does not scroll away at once.
    addStartupNotice(svc.ctx, passwordBanner('Opsdeck: first admin created', adminEmail, password));
  }
  return null;
}
