import { RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { z } from 'zod';
import { credentialsOf } from './credentials.js';
import { testListing } from './remote-listing.js';
import { listSmb, type SmbCredentials } from './smb-list.js';
import { parseSmbPath, SMB_PORT, smbLocation, type SmbLocation } from './smb-path.js';
import { type CheckRunner } from './types.js';

type SmbSpec = z.infer<typeof RUNNABLE_CHECK_SCHEMAS.smb>;

/** `user@domain` carries the domain when none is given (canary-checker's Authentication). */
export function smbCredentials(
  spec: Parameters<typeof credentialsOf>[0],
  domain: string | undefined,
): SmbCredentials {
  const { username, password } = credentialsOf(spec);
  const at = username?.lastIndexOf('@') ?? -1;
  if (!domain && username && at > 0)
    return { username: username.slice(0, at), password, domain: username.slice(at + 1) };
  return { username, password, domain };
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
