import { statusPageGroupsSchema, statusPageJsonSchema, STATUS_PAGE_SLUG } from '@opsdeck/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MemoryRateLimiter } from '../auth/index.js';
import type { ServerContext } from '../context.js';
import { builtOnFirstUse } from '../lib/first-use.js';
import { pickEncoding } from './encoded.js';
import { atomFeed } from './feed.js';
import { previewGroups } from './preview.js';
import { pageCache, type ServedPage } from './read.js';

const NOT_FOUND = { error: 'Not found' };
const MINUTE = 60_000;

const slugParams = z.object({ slug: z.string() });
const previewBody = z.object({ groups: statusPageGroupsSchema });

/**
 * The public routes of status pages (docs/status-pages.md) — on the guard's public list in
 * auth/public-routes.ts — and the editor's preview. A public request is counted against its
 * client address, then answered from a cache of a few seconds; a miss reads the page in one
 * statement. Anything but a live page's slug answers the same 404. Also the StatusPage spec's
 * JSON Schema.
 */
export async function statusPagesRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { cacheMs, ratePerMinute } = ctx.config.statusPages;
  const limiter = new MemoryRateLimiter(MINUTE);
  const pages = pageCache(ctx.db, cacheMs);

  async function served(req: FastifyRequest, reply: FastifyReply): Promise<ServedPage | null> {
    if (!limiter.hit([{ key: `status:ip:${req.ip}`, limit: ratePerMinute }])) {
      void reply
        .code(429)
        .header('retry-after', '60')
        .send({ error: 'Too many requests, please wait a minute and try again.' });
      return null;
    }
    const { slug } = slugParams.parse(req.params);
    const page = STATUS_PAGE_SLUG.test(slug) ? await pages({ slug }) : null;
    if (!page) {
      void reply.code(404).send(NOT_FOUND);
      return null;
    }
    reply.header('cache-control', `public, max-age=${Math.max(1, Math.round(cacheMs / 1000))}`);
    reply.header('access-control-allow-origin', '*');
    reply.header('etag', page.etag);
    return page;
  }

  app.get('/api/status/:slug', async (req, reply) => {
    const page = await served(req, reply);
    if (!page) return reply;
    if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    // Compressed once per load (encoded.ts); the compression plugin leaves an encoded answer be.
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(page.json);
    return reply.header('content-encoding', encoding).send(page.encoded[encoding]);
  });

  app.get('/api/status/:slug/feed.atom', async (req, reply) => {
    const page = await served(req, reply);
    if (!page) return reply;
    const base = ctx.config.auth.publicUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;
    const pageUrl = `${base}/status/${page.doc.slug}`;
    return reply
      .type('application/atom+xml; charset=utf-8')
      .send(atomFeed(page.doc, pageUrl, `${base}/api/status/${page.doc.slug}/feed.atom`));
  });

  // The StatusPage spec's JSON Schema, as the other kinds serve theirs (signed in).
  const schema = builtOnFirstUse(statusPageJsonSchema);
  app.get('/api/schemas/status-page.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(schema()),
  );

  // The editor's preview of what each group chooses (names and states of live checks/components).
  app.post(
    '/api/status-pages/preview',
    { config: { permission: ['status_pages', 'write'] } },
    async (req, reply) => {
      const parsed = previewBody.safeParse(req.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return reply
          .code(400)
          .send({ error: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` });
      }
      return previewGroups(ctx.db, parsed.data.groups);
    },
  );
}
