import { RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { ResultCodeError } from 'ldapts';
import type { z } from 'zod';
import { resolveOutboundAddress, tlsServerName } from '../../net/outbound.js';
import { credentialsOf } from './credentials.js';
import { untilAborted } from '../../lib/abort.js';
import { loadLdapts } from '../../lib/packages.js';
import { type CheckRunner, fail, pass, redactUrl } from './types.js';

type LdapSpec = z.infer<typeof RUNNABLE_CHECK_SCHEMAS.ldap>;

/** Entries kept in the result: `count` still says how many matched. */
const MAX_ENTRIES = 100;
/** Attributes never copied into a result (they are stored and shown). */
const SECRET_ATTRIBUTE = /password|secret|krb|pwd/i;

/** `InvalidCredentialsError` (code 49) → "invalid credentials (LDAP result 49)", plus the server's words. */
export function ldapErrorText(e: ResultCodeError): string {
  const kind = e.name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  const said = e.message.replace(/\s*Code: 0x[0-9a-f]+\s*$/i, '').trim();
  return `${kind} (LDAP result ${e.code})${said && said.toLowerCase() !== kind ? `: ${said}` : ''}`;
}

function entryData(entry: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(entry)) {
    if (SECRET_ATTRIBUTE.test(k)) continue;
    const text = (x: unknown) => (Buffer.isBuffer(x) ? x.toString('utf8') : x);
    out[k] = Array.isArray(v) ? v.map(text) : text(v);
  }
  return out;
}

/**
 * LDAP (canary-checker's ldap check): binds as `username` with `password`, then searches the
 * subtree under `bindDN` with `userSearch`; fails on a refused bind, a failed search or no
 * entries. data: `results` (entries: dn and attributes), `count`.
 */
export const ldapRunner: CheckRunner<LdapSpec> = {
  type: 'ldap',
  schema: RUNNABLE_CHECK_SCHEMAS.ldap,
  endpoint: (s) => redactUrl(s.url ?? s.host ?? s.connection ?? ''),
  async run(spec, ctx) {
    const raw = spec.url ?? spec.host;
    if (!raw) return fail('url is required (ldap://host:389 or ldaps://host:636), or connection');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return fail('url is not a valid ldap:// or ldaps:// URL');
    }
    const secure = url.protocol === 'ldaps:';
    if (!secure && url.protocol !== 'ldap:') return fail('url must start with ldap:// or ldaps://');
    const { username, password } = credentialsOf(spec);
    // An empty password makes a simple bind anonymous on most servers: never a silent pass.
    if (username && !password) return fail(`password is required to bind as ${username}`);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    // ldapts connects to the address the policy checked; TLS keeps the name.
    const target = await resolveOutboundAddress(host, ctx.outbound);
    const address = target.family === 6 ? `[${target.address}]` : target.address;
    const servername = tlsServerName(host);
    const { Client, ResultCodeError } = await loadLdapts();
    const client = new Client({
      url: `${url.protocol}//${address}:${url.port || (secure ? 636 : 389)}`,
      timeout: ctx.timeoutMs,
      connectTimeout: ctx.timeoutMs,
      strictDN: false,
      ...(secure
        ? { tlsOptions: { rejectUnauthorized: !spec.skipTLSVerify, ...(servername ? { servername } : {}) } }
        : {}),
    });
    const onAbort = () => void client.unbind().catch(() => {});
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    try {
      if (username) {
        try {
          await untilAborted(client.bind(username, password), ctx.signal);
        } catch (e) {
          if (e instanceof ResultCodeError) return fail(`bind as ${username} failed: ${ldapErrorText(e)}`);
          throw e;
        }
      }
      const filter = spec.userSearch || '(objectClass=*)';
      let entries: Record<string, unknown>[];
      try {
        const res = await untilAborted(client.search(spec.bindDN, { scope: 'sub', filter }), ctx.signal);
        entries = res.searchEntries;
      } catch (e) {
        if (e instanceof ResultCodeError)
          return fail(`search under ${spec.bindDN} failed: ${ldapErrorText(e)}`);
        throw e;
      }
      const data = { results: entries.slice(0, MAX_ENTRIES).map(entryData), count: entries.length };
      if (entries.length === 0) return fail(`no entries under ${spec.bindDN} match ${filter}`, data);
      return pass(`${entries.length} entries`, data);
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      await client.unbind().catch(() => {});
    }
  },
};
