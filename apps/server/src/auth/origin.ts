import type { FastifyRequest } from 'fastify';

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The origins this server answers on: its own request origin and PUBLIC_URL. */
export function ownOrigins(req: FastifyRequest, publicUrl: string | undefined): string[] {
  const own = [`${req.protocol}://${req.host}`];
  const pub = originOf(publicUrl);
  if (pub) own.push(pub);
  return own;
}

/**
 * Cookie-authenticated writes must come from our own pages: the Origin header (or, only when a
 * browser sends none, the Referer) has to name one of our origins. `Origin: null` — what a
 * sandboxed frame, a `data:` page or a cross-site redirect sends — is refused, never checked
 * against the Referer, which such a page can choose.
 */
export function sameOriginWrite(req: FastifyRequest, publicUrl: string | undefined): boolean {
  const header = req.headers.origin;
  const origin = header === undefined ? originOf(req.headers.referer) : originOf(String(header));
  return origin !== null && ownOrigins(req, publicUrl).includes(origin);
}

const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

/**
 * The 403 answer to a write whose Origin is not ours. Behind a TLS-terminating proxy without
 * PUBLIC_URL the browser's https origin can never match what the server sees (http, or the
 * proxy's host): then the message says which setting fixes it.
 */
export function crossSiteRefusal(req: FastifyRequest, publicUrl: string | undefined): string {
  const refused = 'Cross-site request refused: the Origin header does not match this server';
  if (publicUrl) return refused;
  const origin =
    originOf(typeof req.headers.origin === 'string' ? req.headers.origin : undefined) ??
    originOf(req.headers.referer);
  const own = `${req.protocol}://${req.host}`;
  const proxied = FORWARDED_HEADERS.some((h) => req.headers[h] !== undefined);
  const otherScheme = origin !== null && new URL(origin).host === req.host && origin !== own;
  if (!proxied && !otherScheme) return refused;
  return (
    `${refused} (the browser sent ${origin ?? 'no origin'}, the server sees ${own}). ` +
    'Behind a proxy, set PUBLIC_URL to the address browsers use (e.g. https://ops.example.com), ' +
    'and TRUST_PROXY so the server believes the X-Forwarded-Proto your proxy sends.'
  );
}

export function isWriteMethod(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}

/**
 * A URL of this console in an answer to the requester (a flow's `ui.action`, `logout_url`):
 * on PUBLIC_URL when set, else a root-relative path, which the browser resolves against the
 * address it is actually using. Never built from the Host header. Links *sent to people*
 * (mails, invites) use `ctx.publicBaseUrl()` instead: a mail cannot carry a relative path.
 */
export function consoleUrl(publicUrl: string | undefined, path: string): string {
  return publicUrl ? `${publicUrl.replace(/\/+$/, '')}${path}` : path;
}
