import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log line. */
const SECRET_PARAM = /token|secret|password|passwd|key|code|signature|sig|session|auth|otp|credential/i;

/** The request target with the values of secret-looking query parameters replaced. */
export function redactedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // an undecodable name is judged as it is
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/**
 * One debug line per answered request — method, URL, status, duration — in place of
 * Fastify's two info lines (`incoming request`/`request completed`), which drown everything
 * else at the default level. Needs `disableRequestLogging: true` on the instance.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req: FastifyRequest, reply) => {
    if (req.log.level !== 'debug' && req.log.level !== 'trace') return;
    const url = redactedUrl(req.url);
    const durationMs = Math.round(reply.elapsedTime * 10) / 10;
    req.log.debug(
      { method: req.method, url, statusCode: reply.statusCode, durationMs, clientIp: req.ip },
      `${req.method} ${url} ${reply.statusCode} ${durationMs}ms ${req.ip}`,
    );
  });
}
