import dns from 'node:dns';
import { dnsCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { resolveOutboundAddress } from '../../net/outbound.js';
import { untilAborted } from '../../lib/abort.js';
import { type CheckRunner, fail, pass } from './types.js';

type DnsSpec = z.infer<typeof dnsCheckSchema>;
type QueryType = NonNullable<DnsSpec['querytype']>;

/** Answers as comparable strings (MX "10 mail.x", SRV "0 5 5060 sip.x", TXT joined). */
async function resolveWith(
  resolver: dns.promises.Resolver,
  name: string,
  type: QueryType,
): Promise<string[]> {
  switch (type) {
    case 'A':
      return resolver.resolve4(name);
    case 'AAAA':
      return resolver.resolve6(name);
    case 'CNAME':
      return resolver.resolveCname(name);
    case 'NS':
      return resolver.resolveNs(name);
    case 'PTR':
      return resolver.reverse(name);
    case 'MX':
      return (await resolver.resolveMx(name)).map((r) => `${r.priority} ${r.exchange}`);
    case 'SRV':
      return (await resolver.resolveSrv(name)).map((r) => `${r.priority} ${r.weight} ${r.port} ${r.name}`);
    case 'TXT':
      return (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
  }
}

/** Without a server, A/AAAA go through the system resolver (which honours /etc/hosts). */
async function systemLookup(name: string, type: QueryType): Promise<string[]> {
  const family = type === 'AAAA' ? 6 : 4;
  const all = await dns.promises.lookup(name, { all: true, family });
  return all.map((a) => a.address);
}

/** DNS: the query returns at least `minrecords` answers, or exactly `exactreply`. */
export const dnsRunner: CheckRunner<DnsSpec> = {
  type: 'dns',
  schema: dnsCheckSchema,
  endpoint: (s) => `${s.querytype ?? 'A'} ${s.query}${s.server ? ` @${s.server}:${s.port ?? 53}` : ''}`,
  async run(spec, ctx) {
    const type = spec.querytype ?? 'A';
    let answers: string[];
    if (spec.server) {
      // The server is a peer like any other: queries go to the address the policy checked.
      const target = await untilAborted(resolveOutboundAddress(spec.server, ctx.outbound), ctx.signal);
      const resolver = new dns.promises.Resolver({ timeout: Math.max(100, ctx.timeoutMs), tries: 1 });
      const server = target.family === 6 ? `[${target.address}]` : target.address;
      resolver.setServers([`${server}:${spec.port ?? 53}`]);
      const onAbort = () => resolver.cancel();
      ctx.signal.addEventListener('abort', onAbort, { once: true });
      try {
        answers = await untilAborted(resolveWith(resolver, spec.query, type), ctx.signal);
      } finally {
        ctx.signal.removeEventListener('abort', onAbort);
      }
    } else if (type === 'A' || type === 'AAAA') {
      answers = await untilAborted(systemLookup(spec.query, type), ctx.signal);
    } else {
      answers = await untilAborted(resolveWith(new dns.promises.Resolver(), spec.query, type), ctx.signal);
    }
    const data = { records: answers, count: answers.length };
    if (spec.exactreply?.length) {
      const want = [...spec.exactreply].sort();
      const got = [...answers].sort();
      if (want.length !== got.length || want.some((w, i) => w !== got[i])) {
        return fail(`got [${got.join(', ')}], expected exactly [${want.join(', ')}]`, data);
      }
    }
    const min = spec.minrecords ?? 1;
    if (answers.length < min) return fail(`got ${answers.length} records, expected at least ${min}`, data);
    return pass(`${type} ${spec.query}: ${answers.join(', ')}`, data);
  },
};
