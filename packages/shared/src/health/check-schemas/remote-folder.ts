import { z } from 'zod';
import { commonCheckFields, credentialFields, envVarSchema, folderTestFields, portSchema } from './base.js';

/**
 * Where an SFTP folder is: host, port (22), credentials, or a connection. `privateKey` (an
 * Opsdeck addition) logs in by key; `password` is then the key's passphrase, if it has one.
 */
const sftpFields = {
  connection: z.string().min(1, 'connection must not be empty').optional(),
  host: z.string().min(1, 'host must not be empty').optional(),
  port: portSchema.optional(),
  ...credentialFields,
  privateKey: envVarSchema.optional(),
};

const hostOrConnection = (c: { host?: string; connection?: string }) => Boolean(c.host ?? c.connection);
const hostOrConnectionIssue = { message: 'host or connection is required', path: ['host'] };

/** A folder check's `sftpConnection` (canary-checker). */
export const sftpConnectionSchema = z
  .object(sftpFields)
  .loose()
  .refine(hostOrConnection, hostOrConnectionIssue);

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
  .object({ ...commonCheckFields, ...sftpFields, path: z.string().optional(), ...folderTestFields })
  .loose()
  .refine(hostOrConnection, hostOrConnectionIssue);

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
