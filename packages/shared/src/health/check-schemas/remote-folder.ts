import { z } from 'zod';
import { credentialFields, folderTestFields, portSchema, type CheckSchemaBase } from './base.js';

/** A folder check's `sftpConnection` (canary-checker): host, port (22), credentials, or a connection. */
export function sftpConnectionSchema(base: CheckSchemaBase) {
  return z
    .object({
      connection: z.string().min(1, 'connection must not be empty').optional(),
      host: z.string().min(1, 'host must not be empty').optional(),
      port: portSchema.optional(),
      ...credentialFields(base),
    })
    .loose()
    .refine((c) => Boolean(c.host ?? c.connection), {
      message: 'host or connection is required',
      path: ['host'],
    });
}

/** A folder check's `smbConnection` (canary-checker): port (445), credentials, domain, or a connection. */
export function smbConnectionSchema(base: CheckSchemaBase) {
  return z
    .object({
      connection: z.string().min(1, 'connection must not be empty').optional(),
      port: portSchema.optional(),
      domain: z.string().optional(),
      workstation: z.string().optional(),
      sharename: z.string().optional(),
      searchPath: z.string().optional(),
      ...credentialFields(base),
    })
    .loose();
}

/**
 * sftp: lists a folder over SFTP (`path`, default the login folder) and applies the folder
 * test. The same as a folder check with `sftpConnection`, with the connection's fields inline.
 */
export function sftpCheckSchema(base: CheckSchemaBase) {
  return z
    .object({
      ...base.common,
      connection: z.string().min(1, 'connection must not be empty').optional(),
      host: z.string().min(1, 'host must not be empty').optional(),
      port: portSchema.optional(),
      ...credentialFields(base),
      path: z.string().optional(),
      ...folderTestFields(base),
    })
    .loose()
    .refine((c) => Boolean(c.host ?? c.connection), {
      message: 'host or connection is required',
      path: ['host'],
    });
}

/**
 * smb (canary-checker's older SmbCheck): `server` is a host (then `sharename` and `searchPath`)
 * or `\\server\share\dir`; lists the folder and applies the folder test.
 */
export function smbCheckSchema(base: CheckSchemaBase) {
  return z
    .object({
      ...base.common,
      connection: z.string().min(1, 'connection must not be empty').optional(),
      server: z.string().min(1, 'server must not be empty').optional(),
      port: portSchema.optional(),
      ...credentialFields(base),
      domain: z.string().optional(),
      workstation: z.string().optional(),
      sharename: z.string().optional(),
      searchPath: z.string().optional(),
      ...folderTestFields(base),
    })
    .loose()
    .refine((c) => Boolean(c.server ?? c.connection), {
      message: 'server or connection is required',
      path: ['server'],
    });
}
