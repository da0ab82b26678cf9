import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { installRequestLog, redactedUrl } from '../../src/platform/request-log.js';

/** A log destination that keeps every line written to it. */
function capture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

async function appLogging(level: 'debug' | 'info', pretty: boolean) {
  const { stream, lines } = capture();
  const app = Fastify({
    loggerInstance: createLogger(level, { pretty, destination: stream }),
    logController: new LogController({ disableRequestLogging: true }),
  });
  installRequestLog(app);
  app.get('/api/things', async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe('request logs', () => {
  it('writes one JSON line per request at debug, without secrets from the query', async () => {
    const { app, lines } = await appLogging('debug', false);
    await app.inject({ method: 'GET', url: '/api/things?limit=5&token=abc123' });
    await app.close();
    const requestLines = lines.filter((l) => l.includes('/api/things'));
    expect(requestLines).toHaveLength(1);
    const entry = JSON.parse(requestLines[0] ?? '{}') as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 20, method: 'GET', statusCode: 200 });
    expect(entry.url).toBe('/api/things?limit=5&token=[redacted]');
    expect(entry.msg).toMatch(/^GET \/api\/things\?limit=5&token=\[redacted\] 200 [\d.]+ms 127\.0\.0\.1$/);
    expect(lines.join('\n')).not.toContain('abc123');
    expect(lines.join('\n')).not.toMatch(/incoming request|request completed/);
  });

  it('writes nothing per request at info', async () => {
    const { app, lines } = await appLogging('info', false);
    await app.inject({ method: 'GET', url: '/api/things' });
    await app.close();
    expect(lines.filter((l) => l.includes('/api/things'))).toEqual([]);
  });

  it('prints a single pretty line with time, level and message for a terminal', async () => {
    const { app, lines } = await appLogging('debug', true);
    await app.inject({ method: 'GET', url: '/api/things' });
    await app.close();
    const requestLines = lines.filter((l) => l.includes('/api/things'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] DEBUG: GET \/api\/things 200 [\d.]+ms 127\.0\.0\.1$/,
    );
  });

  it('redacts only secret-looking parameters', () => {
    expect(redactedUrl('/a?q=x&api_key=k&password=p&page=2')).toBe(
      '/a?q=x&api_key=[redacted]&password=[redacted]&page=2',
    );
    expect(redactedUrl('/plain')).toBe('/plain');
  });
});
