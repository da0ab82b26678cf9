import type { FastifyInstance } from 'fastify';

/** Deepest JSON body any route accepts; specs and config items nest far less. */
export const MAX_BODY_DEPTH = 64;

/** Methods some route answers; anything else is a 405, not a 404. */
const SUPPORTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function isSupportedMethod(method: string): boolean {
  return SUPPORTED_METHODS.has(method);
}

/** Why a URL is refused before routing, or null when it may go on. */
function urlProblem(url: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return 'The URL is not valid: malformed percent-encoding or invalid UTF-8';
  }
  if (decoded.includes('\0')) return 'The URL must not contain NUL characters';
  return null;
}

/** Why a parsed body is refused (too deep, NUL in a string), or null. Iterative: no recursion limit. */
export function bodyProblem(body: unknown): string | null {
  const stack: [unknown, number][] = [[body, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return 'NUL characters are not allowed in the body';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (Buffer.isBuffer(value)) continue;
    if (depth > MAX_BODY_DEPTH) return `The body is nested deeper than ${MAX_BODY_DEPTH} levels`;
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return 'NUL characters are not allowed in the body';
      stack.push([item, depth + 1]);
    }
  }
  return null;
}

/**
 * The limits every request meets before any route sees it, so that classes of hostile input
 * end as one clear 4xx instead of a 500 deep inside: malformed URLs, NUL, bodies nested
 * deeper than any spec, methods no route answers, and CONNECT (which Node would otherwise
 * answer by dropping the connection). Body size is Fastify's `bodyLimit`.
 */
export function installEdgeLimits(app: FastifyInstance): void {
  app.server.on('connect', (_req, socket) => {
    const body = JSON.stringify({ error: 'Method CONNECT is not allowed' });
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  app.addHook('onRequest', async (req, reply) => {
    const problem = urlProblem(req.url);
    if (problem) return reply.code(400).send({ error: problem });
  });
  app.addHook('preValidation', async (req, reply) => {
    const problem = bodyProblem(req.body);
    if (problem) return reply.code(400).send({ error: problem });
  });
}
