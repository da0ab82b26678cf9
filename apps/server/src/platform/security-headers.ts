import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every answer (CSP, HSTS, frame and sniffing rules…). helmet's
 * middleware is built once here: @fastify/helmet built it, and re-parsed the policy, on every
 * request.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Radix and CodeMirror set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        scriptSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The middleware only sets headers (helmet throws on bad options above, not here).
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, () => done());
  });
}
