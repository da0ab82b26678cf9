import type { FastifyRequest } from 'fastify';

/**
 * The one allow-list of routes that answer without credentials, as `METHOD pattern` where the
 * pattern is the route the router matched (never the raw URL, which can be spelled many ways).
 * Every other route needs a principal. HEAD follows GET; `*` stands for every method.
 */
const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  // Probes and version: load balancers, Prometheus and the sign-in page read them. /metrics
  // exposes no secret and nothing per person (docs/deploy.md); with METRICS_TOKEN set the
  // route itself asks for that bearer token.
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /api/about',
  // The session check of the web app, answered with 401 when there is no session.
  'GET /api/auth/sessions/whoami',
  // Built-in identity provider: the Kratos self-service flows (login, registration, recovery…).
  'GET /api/auth/self-service/:kind/browser',
  'GET /api/auth/self-service/:kind/flows',
  'POST /api/auth/self-service/:kind',
  'GET /api/auth/self-service/errors',
  'GET /api/auth/self-service/logout/browser',
  'GET /api/auth/self-service/logout',
  'GET /api/auth/self-service/invite',
  // AUTH_MODE=oidc: the redirect to the issuer and its answer (state, PKCE and the ID token prove it).
  'GET /api/auth/oidc/login',
  'GET /api/auth/oidc/callback',
  // AUTH_MODE=kratos: the same flows, forwarded to Kratos.
  '* /api/auth/self-service/*',
  // Playbook webhooks: the playbook's own authentication (basic, GitHub signature) decides.
  'GET /api/playbook/webhook/*',
  'POST /api/playbook/webhook/*',
  // Public status pages (docs/status-pages.md): a page's chosen checks, components and public
  // incident updates; rate-limited per client address and answered from a short cache.
  'GET /api/status/:slug',
  'GET /api/status/:slug/feed.atom',
]);

/** APP_MODE=checker serves these routes and nothing else (plus the probes and the web app). */
const CHECKER_ROUTES: ReadonlySet<string> = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /api/about',
  'GET /api/canary/api/summary',
  // The dashboard's page of the same checks.
  'GET /api/health/dashboard',
]);

/** ROLE=worker answers probes and nothing else: it serves no API and no web app. */
const WORKER_ROUTES: ReadonlySet<string> = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /api/about',
]);

export function isWorkerRoute(key: string | null): boolean {
  return key !== null && WORKER_ROUTES.has(key);
}

/** The matched route of a request as `METHOD pattern`, or null when no route matched. */
export function routeKey(req: FastifyRequest): string | null {
  const url = req.routeOptions.url;
  if (url === undefined) return null;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  return `${method} ${url}`;
}

function listed(list: ReadonlySet<string>, key: string): boolean {
  return list.has(key) || list.has(`* ${key.slice(key.indexOf(' ') + 1)}`);
}

export function isPublicRoute(req: FastifyRequest, key: string): boolean {
  return req.routeOptions.config.webAsset === true || listed(PUBLIC_ROUTES, key);
}

export function isCheckerRoute(req: FastifyRequest, key: string): boolean {
  return req.routeOptions.config.webAsset === true || listed(CHECKER_ROUTES, key);
}

/** For the attack suite and docs: is this route (as the route table lists it) public? */
export function isPublicPattern(method: string, url: string): boolean {
  return listed(PUBLIC_ROUTES, `${method === 'HEAD' ? 'GET' : method} ${url}`);
}
