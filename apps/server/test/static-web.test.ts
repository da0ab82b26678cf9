import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET that leaves the body as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('the web build', () => {
  const script = `console.log(${JSON.stringify('opsdeck '.repeat(400))});\n`;
  let webDir: string;
  let server: TestServer;

  beforeAll(async () => {
    // A build as apps/web/vite-precompress.ts leaves it: assets with .br and .gz beside them.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Opsdeck</title>');
    const asset = path.join(webDir, 'assets', 'app-1a2b3c.js');
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    server = await startTestServer('pglite', { webDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the pre-compressed file the browser accepts, cached for good', async () => {
    const br = await rawGet(`${server.baseUrl}/assets/app-1a2b3c.js`, { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The bytes of the file on disk, not a compression made for this request.
    expect(br.body.equals(fs.readFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js.br')))).toBe(true);

    const gz = await rawGet(`${server.baseUrl}/assets/app-1a2b3c.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(fs.readFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js.gz')))).toBe(true);

    const plain = await rawGet(`${server.baseUrl}/assets/app-1a2b3c.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers app routes with index.html, revalidated, and unknown API routes with JSON', async () => {
    const page = await rawGet(`${server.baseUrl}/health?hidePassing=false`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.toString()).toContain('<title>Opsdeck</title>');

    const api = await rawGet(`${server.baseUrl}/api/nope`);
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString())).toEqual({ error: 'Route GET /api/nope not found' });
  });

  it('sends the security headers on pages, files and API answers alike', async () => {
    for (const url of ['/health', '/assets/app-1a2b3c.js', '/api/about', '/api/nope']) {
      const { headers } = await rawGet(`${server.baseUrl}${url}`);
      expect(headers['content-security-policy'], url).toBe(
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
          "frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';" +
          "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
      );
      expect(headers, url).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(headers['x-powered-by'], url).toBeUndefined();
    }
  });
});
