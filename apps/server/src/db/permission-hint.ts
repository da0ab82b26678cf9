import { isPgError } from './types.js';

/**
 * A one-line explanation for a migration that PostgreSQL refused because the role may not
 * create objects in its schema (PostgreSQL 15 no longer lets every role create in `public`),
 * or undefined for any other error.
 */
export function schemaPermissionHint(e: unknown): string | undefined {
  if (!(e instanceof Error)) return undefined;
  // The error itself, or a MigrationError that quotes it.
  const denied = /permission denied for schema \S+/.exec(e.message)?.[0];
  if (!denied || (isPgError(e) && e.code !== '42501')) return undefined;
  return (
    `cannot create Opsdeck's tables: ${denied}. The role in DATABASE_URL must own the ` +
    'database (CREATE DATABASE opsdeck OWNER opsdeck) or a schema of its own named like the role ' +
    '(CREATE SCHEMA opsdeck AUTHORIZATION opsdeck); see docs/deploy.md, "PostgreSQL".'
  );
}
