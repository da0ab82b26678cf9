import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { request } from 'undici';
import { z } from 'zod';
import type { AuthServices } from './services.js';

const kratosSession = z.object({
  active: z.boolean().optional(),
  identity: z.object({
    id: z.string(),
    traits: z
      .object({
        email: z.string().email(),
        name: z
          .union([z.object({ first: z.string().optional(), last: z.string().optional() }), z.string()])
          .optional(),
      })
      .passthrough(),
  }),
});

function base(svc: AuthServices): string {
  return (svc.ctx.config.auth.kratosUrl ?? '').replace(/\/$/, '');
}

/**
 * AUTH_MODE=kratos: asks Kratos who the cookie belongs to and maps that identity to a person
 * by email, creating the person on first sight.
 */
export async function kratosPrincipal(svc: AuthServices, req: FastifyRequest): Promise<string | null> {
  const cookie = req.headers.cookie;
  if (!cookie) return null;
  const res = await request(`${base(svc)}/sessions/whoami`, {
    headers: { cookie, accept: 'application/json' },
  });
  const text = await res.body.text();
  if (res.statusCode !== 200) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = kratosSession.safeParse(body);
  if (!parsed.success || parsed.data.active === false) return null;
  const { traits } = parsed.data.identity;
  const name =
    typeof traits.name === 'string'
      ? traits.name
      : `${traits.name?.first ?? ''} ${traits.name?.last ?? ''}`.trim() || traits.email;
  const { db } = svc.ctx;
  const found = await db.query<{ id: string }>(
    'SELECT id FROM people WHERE lower(email) = lower($1) AND deleted_at IS NULL',
    [traits.email],
  );
  if (found.rows[0]) return found.rows[0].id;
  const created = await db.query<{ id: string }>(
    `INSERT INTO people (name, email, properties) VALUES ($1, $2, jsonb_build_object('kratos_id', $3::text))
     RETURNING id`,
    [name, traits.email, parsed.data.identity.id],
  );
  return created.rows[0]?.id ?? null;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
]);

/** Forwards the self-service API and sessions/whoami to Kratos, cookies and redirects included. */
export async function kratosProxyRoutes(app: FastifyInstance, svc: AuthServices): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const forward = async (req: FastifyRequest, path: string) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string' && !HOP_BY_HOP.has(k)) headers[k] = v;
    }
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    const body = Buffer.isBuffer(req.body) ? req.body : undefined;
    return request(`${base(svc)}${path}${query}`, {
      method: req.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      headers,
      body: body && req.method !== 'GET' && req.method !== 'HEAD' ? body : undefined,
    });
  };
  const handler =
    (path: (req: FastifyRequest) => string) => async (req: FastifyRequest, reply: FastifyReply) => {
      const res = await forward(req, path(req));
      for (const [k, v] of Object.entries(res.headers)) {
        if (v !== undefined && !HOP_BY_HOP.has(k)) reply.header(k, v);
      }
      return reply.code(res.statusCode).send(Buffer.from(await res.body.arrayBuffer()));
    };
  const config = { public: true } as const;
  app.all(
    '/api/auth/self-service/*',
    { config },
    handler((req) => `/self-service/${(req.params as { '*': string })['*']}`),
  );
  app.get(
    '/api/auth/sessions/whoami',
    { config },
    handler(() => '/sessions/whoami'),
  );
}
