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
