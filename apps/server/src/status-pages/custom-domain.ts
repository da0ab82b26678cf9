import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { ShortCache } from './short-cache.js';

/** The host a request names, lower-case and without port ('' when it names none). */
export function requestHost(host: string | undefined): string {
  const h = (host ?? '').trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * A page's custom domain (docs/status-pages.md): `GET /` with `Host: <custom_domain>` is sent on
 * to that page (302 to /status/{slug}); every other path works as on any host. The lookup is one
 * statement, reused for the cache's few seconds, and only made for `/`.
 */
export function installCustomDomains(app: FastifyInstance, ctx: ServerContext): void {
  const cache = new ShortCache<string | null>(ctx.config.statusPages.cacheMs, 1000);
  app.addHook('onRequest', async (req, reply) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (req.url !== '/' && !req.url.startsWith('/?')))
      return;
    const host = requestHost(req.headers.host);
    if (!host || !host.includes('.')) return;
    const slug = await cache.get(host, async () => {
      const { rows } = await ctx.db.query<{ slug: string }>(
        'SELECT slug FROM status_pages WHERE custom_domain = $1 AND deleted_at IS NULL LIMIT 1',
        [host],
      );
      return rows[0]?.slug ?? null;
    });
    if (slug) return reply.redirect(`/status/${slug}`, 302);
  });
}
