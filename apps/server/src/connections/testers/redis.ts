import { connectTcp, connectTls } from '../../net/outbound-socket.js';
import { RespClient } from '../../net/resp.js';
import { untilAborted } from '../../lib/abort.js';
import { parseUrl, portOf, type ConnectionTester } from './types.js';

/** Redis: AUTH when credentials are set, SELECT the db, PING, and the server's version. */
export const redisTester: ConnectionTester = {
  types: ['redis'],
  async test(conn, ctx) {
    const url = parseUrl(conn.url, 'redis://host:6379');
    if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
      throw new Error(`unsupported URL scheme ${url.protocol} (expected redis:// or rediss://)`);
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = portOf(url, 6379);
    const socket =
      url.protocol === 'rediss:'
        ? await connectTls(host, port, ctx.outbound, ctx.signal, { rejectUnauthorized: !conn.insecureTls })
        : await connectTcp(host, port, ctx.outbound, ctx.signal);
    const client = new RespClient(socket);
    const run = (args: string[]) => untilAborted(client.command(args), ctx.signal, () => client.close());
    try {
      const username = conn.username || decodeURIComponent(url.username);
      const password = conn.password || decodeURIComponent(url.password);
      if (password) await run(username ? ['AUTH', username, password] : ['AUTH', password]);
      const db = conn.properties.db || url.pathname.replace(/^\//, '') || '0';
      if (db !== '0') await run(['SELECT', db]);
      const reply = await run(['PING']);
      if (reply !== 'PONG') throw new Error(`PING answered ${JSON.stringify(reply)}, expected PONG`);
      const info = await run(['INFO', 'server']);
      const version = typeof info === 'string' ? /redis_version:(\S+)/.exec(info)?.[1] : undefined;
      return { reply, db: Number(db), ...(version ? { version } : {}) };
    } finally {
      client.close();
    }
  },
};
