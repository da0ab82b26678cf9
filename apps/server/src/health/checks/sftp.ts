import { RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { z } from 'zod';
import { listSftp } from '../../net/outbound-sftp.js';
import { credentialsOf } from './credentials.js';
import { testListing } from './remote-listing.js';
import { resolveValue } from './values.js';
import { type CheckRunner, fail } from './types.js';

type SftpSpec = z.infer<typeof RUNNABLE_CHECK_SCHEMAS.sftp>;

export const SFTP_PORT = 22;

/** sftp: lists `path` (default the login folder) over SFTP and applies the folder test. */
export const sftpRunner: CheckRunner<SftpSpec> = {
  type: 'sftp',
  schema: RUNNABLE_CHECK_SCHEMAS.sftp,
  endpoint: (s) =>
    `sftp://${s.host ?? s.connection ?? ''}:${s.port ?? SFTP_PORT}/${(s.path ?? '').replace(/^\//, '')}`,
  async run(spec, ctx) {
    if (!spec.host) return fail('host is required, or connection');
    const path = spec.path || '.';
    const listing = await listSftp(
      {
        host: spec.host,
        port: spec.port ?? SFTP_PORT,
        path,
        ...credentialsOf(spec),
        privateKey: resolveValue(spec.privateKey),
      },
      ctx,
    );
    return testListing(listing, spec, path);
  },
};
