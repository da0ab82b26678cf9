import { z } from 'zod';
import { commonCheckFields, credentialFields } from './base.js';

/** Drivers the `sql` check names (Mission Control's spelling); mssql/sqlserver are accepted, not run. */
export const SQL_DRIVERS = [
  'postgres',
  'postgresql',
  'pgx',
  'mysql',
  'mariadb',
  'sqlserver',
  'mssql',
] as const;

/**
 * mysql, mssql and sql checks (canary-checker's SQLCheck): `url` (a URL or a driver DSN such as
 * `user:pass@tcp(host:3306)/db`, with `$(username)`/`$(password)` filled from the fields),
 * or `connection`, a query (default `SELECT 1`) and the minimum row count `results`.
 */
export const sqlCheckSchema = z
  .object({
    ...commonCheckFields,
    url: z.string().optional(),
    connection: z.string().optional(),
    ...credentialFields,
    query: z.string().optional(),
    results: z.number().int().nonnegative().optional(),
    /** Only the generic `sql` check reads it; otherwise the URL's scheme decides. */
    driver: z.enum(SQL_DRIVERS).optional(),
    /** MySQL: TLS as the URL asks, without checking the certificate (a connection's insecure_tls). */
    skipTLSVerify: z.boolean().optional(),
  })
  .loose()
  .refine((c) => Boolean(c.url ?? c.connection), {
    message: 'url or connection is required',
    path: ['url'],
  });
