import { RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { z } from 'zod';
import { credentialsOf } from './credentials.js';
import { testListing } from './remote-listing.js';
import { listSmb, smbUserCredentials, type SmbCredentials } from '../../net/outbound-smb.js';
import { parseSmbPath, SMB_PORT, smbLocation, type SmbLocation } from '../../net/smb-path.js';
import { type CheckRunner } from './types.js';

type SmbSpec = z.infer<typeof RUNNABLE_CHECK_SCHEMAS.smb>;

/** The check's credentials (`username`/`password` or `auth`), `user@domain` read as net/outbound-smb.ts does. */
export function smbCredentials(
  spec: Parameters<typeof credentialsOf>[0],
  domain: string | undefined,
): SmbCredentials {
  const { username, password } = credentialsOf(spec);
  return smbUserCredentials(username, password, domain);
}

/** canary-checker's SmbCheck: `server` as `\\host\share\dir` / smb://…, or a host with sharename and searchPath. */
export function smbCheckLocation(spec: SmbSpec): SmbLocation {
  const server = spec.server ?? '';
  const port = spec.port ?? SMB_PORT;
  if (server.startsWith('\\\\') || /^smb:\/\//i.test(server)) return parseSmbPath(server, port);
  return smbLocation(server, port, spec.sharename ?? '', spec.searchPath ?? '');
}

/** smb: lists a folder of a share with smbclient and applies the folder test. */
export const smbRunner: CheckRunner<SmbSpec> = {
  type: 'smb',
  schema: RUNNABLE_CHECK_SCHEMAS.smb,
  endpoint: (s) => {
    try {
      const l = smbCheckLocation(s);
      return `smb://${l.host}:${l.port}/${l.share}/${l.dir}`;
    } catch {
      return s.server ?? s.connection ?? '';
    }
  },
  async run(spec, ctx) {
    const loc = smbCheckLocation(spec);
    const listing = await listSmb(loc, smbCredentials(spec, spec.domain), ctx);
    return testListing(listing, spec, `${loc.share}/${loc.dir}`);
  },
};
