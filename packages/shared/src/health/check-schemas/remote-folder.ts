import { z } from 'zod';
import { credentialFields, folderTestFields, portSchema, commonCheckFields } from './base.js';

/** A folder check's `sftpConnection` (canary-checker): host, port (22), credentials, or a connection. */
export const sftpConnectionSchema = z
  .object({
    connection: z.string().min(1, 'connection must not be empty').optional(),
    host: z.string().min(1, 'host must not be empty').optional(),
    port: portSchema.optional(),
    ...credentialFields,
  })
  .loose()
  .refine((c) => Boolean(c.host ?? c.connection), {
    message: 'host or connection is required',
    path: ['host'],
  });

/** A folder check's `smbConnection` (canary-checker): port (445), credentials, domain, or a connection. */
export const smbConnectionSchema = z
  .object({
    connection: z.string().min(1, 'connection must not be empty').optional(),
    port: portSchema.optional(),
    domain: z.string().optional(),
    workstation: z.string().optional(),
    sharename: z.string().optional(),
    searchPath: z.string().optional(),
    ...credentialFields,
  })
  .loose();

/**
 * sftp: lists a folder over SFTP (`path`, default the login folder) and applies the folder
 * test. The same as a folder check with `sftpConnection`, with the connection's fields inline.
 */
export const sftpCheckSchema = z
  .object({
    ...commonCheckFields,
    connection: z.string().min(1, 'connection must not be empty').optional(),
    host: z.string().min(1, 'host must not be empty').optional(),
    port: portSchema.optional(),
    ...credentialFields,
    path: z.string().optional(),
    ...folderTestFields,
  })
  .loose()
  .refine((c) => Boolean(c.host ?? c.connection), {
    message: 'host or connection is required',
    path: ['host'],
  });

/**
 * smb (canary-checker's older SmbCheck): `server` is a host (then `sharename` and `searchPath`)
 * or `\\server\share\dir`; lists the folder and applies the folder test.
 */
export const smbCheckSchema = z
  .object({
    ...commonCheckFields,
    connection: z.string().min(1, 'connection must not be empty').optional(),
    server: z.string().min(1, 'server must not be empty').optional(),
    port: portSchema.optional(),
    ...credentialFields,
    domain: z.string().optional(),
    workstation: z.string().optional(),
    sharename: z.string().optional(),
    searchPath: z.string().optional(),
    ...folderTestFields,
  })
  .loose()
  .refine((c) => Boolean(c.server ?? c.connection), {
    message: 'server or connection is required',
    path: ['server'],
  });
