import { z } from 'zod';
import { commonCheckFields, credentialFields } from './base.js';

/**
 * ldap (canary-checker's LDAPCheck): binds as `username` (a DN) with `password`, then searches
 * the subtree under `bindDN` with `userSearch`. The server is `url` (older specs: `host`),
 * `ldap://host:389` or `ldaps://host:636`, or a connection's URL.
 */
export const ldapCheckSchema = z
  .object({
    ...commonCheckFields,
    url: z
      .string()
      .regex(/^ldaps?:\/\//i, 'url must start with ldap:// or ldaps://')
      .optional(),
    /** Older canary-checker name for url. */
    host: z
      .string()
      .regex(/^ldaps?:\/\//i, 'host must start with ldap:// or ldaps://')
      .optional(),
    connection: z.string().min(1, 'connection must not be empty').optional(),
    ...credentialFields,
    bindDN: z.string().min(1, 'bindDN is required (the search base, e.g. ou=users,dc=example,dc=com)'),
    userSearch: z.string().optional(),
    skipTLSVerify: z.boolean().optional(),
  })
  .loose()
  .refine((c) => Boolean(c.url ?? c.host ?? c.connection), {
    message: 'url, host or connection is required',
    path: ['url'],
  });
