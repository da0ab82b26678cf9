import { redisCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { connectTcp } from '../../net/outbound-socket.js';
import { RespClient } from '../../net/resp.js';
import { hostPortOf } from './connection.js';
import { splitHostPort } from './tcp.js';
import { untilAborted } from '../../lib/abort.js';
import { type CheckRunner, fail, pass } from './types.js';
import { resolveValue } from './values.js';

type RedisSpec = z.infer<typeof redisCheckSchema>;

const isRedisUrl = (url: string) => /^rediss?:\/\//.test(url);

/** `host:port` of the check's url: a redis:// URL, or canary-checker's plain `host:port`. */
function urlHostPort(url: string): string | undefined {
  return isRedisUrl(url) ? hostPortOf(url, 6379) : url;
}

/** Redis by `addr` (host:port) or `url` (redis://user:pass@host:port/db, or host:port): AUTH, SELECT db, PING → PONG. */
export const redisRunner: CheckRunner<RedisSpec> = {
  type: 'redis',
  schema: redisCheckSchema,
  endpoint: (s) => `${s.addr ?? (s.url ? urlHostPort(s.url) : s.connection) ?? ''}/${s.db ?? 0}`,
  async run(spec, ctx) {
    const addr = spec.addr ?? (spec.url ? urlHostPort(spec.url) : undefined);
    if (!addr) return fail('addr or url is required');
    const { host, port } = splitHostPort(addr);
    const fromUrl = spec.url && isRedisUrl(spec.url) ? new URL(spec.url) : undefined;
    const socket = await connectTcp(host, port, ctx.outbound, ctx.signal);
    const client = new RespClient(socket);
    try {
      const username =
        resolveValue(spec.username) ?? (fromUrl?.username ? decodeURIComponent(fromUrl.username) : undefined);
      const password =
        resolveValue(spec.password) ?? (fromUrl?.password ? decodeURIComponent(fromUrl.password) : undefined);
      if (password !== undefined) {
        await untilAborted(
          client.command(username ? ['AUTH', username, password] : ['AUTH', password]),
          ctx.signal,
        );
      }
      // redis://host:port/2 selects db 2 unless the check gives db.
      const urlDb = Number(fromUrl?.pathname.slice(1) || 0);
      const db = spec.db ?? (Number.isInteger(urlDb) ? urlDb : 0);
      if (db) await untilAborted(client.command(['SELECT', String(db)]), ctx.signal);
      const reply = await untilAborted(client.command(['PING']), ctx.signal);
      const data = { reply };
      if (reply !== 'PONG') return fail(`PING answered ${JSON.stringify(reply)}, expected PONG`, data);
      return pass('PONG', data);
    } finally {
      client.close();
    }
  },
};
