import crypto from 'node:crypto';
import type { PlaybookSpec } from '@opsdeck/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { HttpError } from '../platform/http-error.js';
import { createRun, type WebhookRequest } from './create-run.js';
import { secretBox } from '../lib/secrets/index.js';
import { playbookValueSources, withValuesResolved } from './value-refs.js';

/** Webhook bodies are read whole (a GitHub signature covers the raw bytes), up to this size. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

type Auth = NonNullable<NonNullable<NonNullable<PlaybookSpec['on']>['webhook']>['authentication']>;

/**
 * The value of a credential in the spec: a string or `{value}` (a `valueFrom` was read before,
 * `credentialsOf`; one left over matches nothing).
 */
function credential(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as { value?: unknown }).value === 'string')
    return (v as { value: string }).value;
  return undefined;
}

/** Equal without leaking where they differ (hashing first makes the lengths equal). */
function sameSecret(a: string, b: string): boolean {
  const h = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(h(a), h(b));
}

function checkBasic(req: FastifyRequest, basic: NonNullable<Auth['basic']>): void {
  const header = req.headers.authorization ?? '';
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match) {
    throw Object.assign(new HttpError(401, 'username and password required'), { challenge: true });
  }
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = colon < 0 ? decoded : decoded.slice(0, colon);
  const password = colon < 0 ? '' : decoded.slice(colon + 1);
  const wantUser = credential(basic.username);
  const wantPassword = credential(basic.password);
  const okUser = wantUser !== undefined && sameSecret(user, wantUser);
  const okPassword = wantPassword !== undefined && sameSecret(password, wantPassword);
  if (!(okUser && okPassword)) throw Object.assign(new HttpError(401, 'unauthorized'), { challenge: true });
}

function checkGithub(req: FastifyRequest, raw: string, github: NonNullable<Auth['github']>): void {
  const token = credential(github.token);
  const header = req.headers['x-hub-signature-256'];
  const given = (Array.isArray(header) ? header[0] : header)?.replace(/^sha256=/, '') ?? '';
  if (!token || !/^[0-9a-f]{64}$/i.test(given)) throw new HttpError(401, 'invalid signature');
  const want = crypto.createHmac('sha256', token).update(raw, 'utf8').digest();
  if (!crypto.timingSafeEqual(want, Buffer.from(given, 'hex'))) throw new HttpError(401, 'invalid signature');
}

function authenticate(req: FastifyRequest, raw: string, auth: Auth | undefined): void {
  if (!auth) return;
  if (auth.basic) return checkBasic(req, auth.basic);
  if (auth.github) return checkGithub(req, raw, auth.github);
  // svix and jwt are accepted by the schema but not verified here: refuse rather than let anyone in.
  if (auth.svix || auth.jwt) throw new HttpError(401, 'this webhook authentication is not supported');
}

/**
 * The webhook's authentication with its `valueFrom` credentials read (secretKeyRef,
 * configMapKeyRef, connection; value-refs.ts). One that cannot be read refuses the request
 * (401, as a wrong password) and the reason goes to the server's log, not to the caller.
 */
async function credentialsOf(
  ctx: ServerContext,
  namespace: string,
  spec: PlaybookSpec,
): Promise<Auth | undefined> {
  const auth = spec.on?.webhook?.authentication;
  if (!auth) return undefined;
  try {
    return await withValuesResolved(
      auth,
      playbookValueSources(ctx, namespace, AbortSignal.timeout(10_000)),
      'authentication',
    );
  } catch (e) {
    ctx.log.warn({ err: e, namespace }, 'a playbook webhook credential cannot be read');
    throw Object.assign(new HttpError(401, 'unauthorized'), { challenge: Boolean(auth.basic) });
  }
}

function requestOf(req: FastifyRequest, raw: string): WebhookRequest {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'authorization' || k === 'cookie') continue;
    headers[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    params[k] = Array.isArray(v) ? v.map(String).join(',') : String(v);
  }
  let json: unknown = null;
  try {
    json = raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    json = null;
  }
  return { url: req.url, method: req.method, headers, params, content: raw, json };
}

/**
 * `GET|POST /api/playbook/webhook/<path>`: no session (the route is on the guard's public
 * list); the playbook's own authentication (basic or GitHub HMAC) decides, and the run is
 * created as the system with the request in `.request`.
 */
export async function webhookRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // Every content type is read as text: the signature and `.request.content` need the raw body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = String((req.params as Record<string, unknown>)['*'] ?? '');
    const raw = typeof req.body === 'string' ? req.body : '';
    const { rows } = await ctx.db.query<{ id: string; namespace: string; spec: PlaybookSpec }>(
      `SELECT id, namespace, spec FROM playbooks WHERE deleted_at IS NULL AND spec -> 'on' -> 'webhook' ->> 'path' = $1`,
      [path],
    );
    const playbook = rows[0];
    if (!playbook) throw new HttpError(404, `playbook(webhook_path=${path}) not found`);
    try {
      authenticate(req, raw, await credentialsOf(ctx, playbook.namespace, playbook.spec));
    } catch (e) {
      if ((e as { challenge?: boolean }).challenge)
        void reply.header('www-authenticate', 'Basic realm="playbook webhook", charset="UTF-8"');
      throw e;
    }
    const run = await createRun(ctx.db, {
      playbookId: playbook.id,
      trigger: 'webhook',
      createdBy: null,
      request: requestOf(req, raw),
      secrets: secretBox(ctx.config),
    });
    return { message: 'ok', run_id: run?.run_id };
  };
  app.get('/api/playbook/webhook/*', handler);
  app.post('/api/playbook/webhook/*', handler);
}
