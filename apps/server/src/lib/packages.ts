import { lazyPackage } from './lazy-package.js';

/**
 * The npm packages the server loads on first use (lib/lazy-package.ts): none of them is needed
 * to start, and together they were about a third of a restart's module loading. Every
 * `import()` of such a package is here, so a new one is added beside the others.
 */

/** HTTP peers: checks, scrapers, notifications, log backends, playbook actions, Kratos, the upstream. */
export const loadUndici = lazyPackage('undici', () => import('undici'));
/** MySQL checks and connection tests (net/outbound-mysql.ts). */
export const loadMysql2 = lazyPackage('mysql2', () => import('mysql2/promise'));
/** SFTP listings (net/outbound-sftp.ts). */
export const loadSsh2 = lazyPackage('ssh2', () => import('ssh2'));
/** LDAP checks and connection tests. */
export const loadLdapts = lazyPackage('ldapts', () => import('ldapts'));
/** Mail: SMTP notifications, connection tests and sign-in mails (net/smtp.ts). */
export const loadNodemailer = lazyPackage('nodemailer', async () => (await import('nodemailer')).default);
/**
 * PostgreSQL: DATABASE_URL (db/pg.ts) and peers (checks, scrapers, playbook actions, connection
 * tests). int8 (counts, sums) comes back as a number, as PGlite gives it, so both drivers give
 * one shape; set here, with the load, so that every user of pg has it.
 */
export const loadPg = lazyPackage('pg', async () => {
  const pg = (await import('pg')).default;
  pg.types.setTypeParser(20, (v) => Number(v));
  return pg;
});
/** Reading a PostgreSQL peer's connection string (net/outbound-postgres.ts). */
export const loadPgConnectionString = lazyPackage(
  'pg-connection-string',
  () => import('pg-connection-string'),
);
/** Password hashing (sign-in, the first admin, password changes). */
export const loadArgon2 = lazyPackage('@node-rs/argon2', () => import('@node-rs/argon2'));
/** One-time codes of two-factor sign-in. */
export const loadOtplib = lazyPackage('otplib', () => import('otplib'));
/** OpenID Connect sign-in (AUTH_MODE=oidc). */
export const loadOpenidClient = lazyPackage('openid-client', () => import('openid-client'));
/** JavaScript in checks, transforms and playbook scripts (sandbox/javascript.ts). */
export const loadQuickjs = lazyPackage('quickjs-emscripten', () => import('quickjs-emscripten'));
/** File patterns of folder and junit checks, file scrapers and file log backends. */
export const loadTinyglobby = lazyPackage('tinyglobby', () => import('tinyglobby'));
/** S3 and S3-compatible stores: folder and s3 checks, connection tests, backups (net/outbound-s3.ts). */
export const loadAwsS3 = lazyPackage('@aws-sdk/client-s3', () => import('@aws-sdk/client-s3'));
/** Google Cloud Storage (net/outbound-gcs.ts). */
export const loadGoogleStorage = lazyPackage('@google-cloud/storage', () => import('@google-cloud/storage'));
/** Kubernetes clusters (net/outbound-kube.ts). */
export const loadKubernetesClient = lazyPackage(
  '@kubernetes/client-node',
  () => import('@kubernetes/client-node'),
);
