import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import type { TLSSocket } from 'node:tls';
import os from 'node:os';
import path from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearTokenCache } from '../../src/health/checks/http-oauth2.js';
import { executeCheck, type ExecuteOptions } from '../../src/health/run-check.js';
import { httpServer, type Listening } from './peers.js';
import { NEW_EC_KEY } from '../peers/index.js';
import { directOpts } from './check-opts.js';

const opts: ExecuteOptions = { ...directOpts, defaultTimeoutMs: 5000 };

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
  });
}

const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Verifies an RFC 7616 Digest answer (qop=auth) for user ops / password s3cret. */
function digestOk(
  header: string | undefined,
  method: string,
  algorithm: 'MD5' | 'SHA-256',
  nonce: string,
): boolean {
  if (!header?.startsWith('Digest ')) return false;
  const p: Record<string, string> = {};
  for (const m of header.slice(7).matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g))
    p[m[1] ?? ''] = m[2] ?? m[3] ?? '';
  const h = algorithm === 'MD5' ? md5 : sha256;
  const ha1 = h(`${p.username}:${p.realm}:s3cret`);
  const ha2 = h(`${method}:${p.uri}`);
  const expected = h(`${ha1}:${nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`);
  return p.username === 'ops' && p.nonce === nonce && p.response === expected;
}

describe('http check: method, digest, oauth2, SigV4, templates, ntlm', () => {
  let web: Listening;
  let tokenRequests = 0;
  let lastSigned: http.IncomingHttpHeaders & { method?: string; url?: string } = {};
  beforeAll(async () => {
    web = await httpServer((req, res) => {
      const url = req.url ?? '/';
      if (url === '/echo') {
        void readBody(req).then((body) => res.writeHead(200).end(`${req.method} ${body}`));
        return;
      }
      for (const algorithm of ['MD5', 'SHA-256'] as const) {
        if (url === `/digest/${algorithm}`) {
          const nonce = 'n0nce-42';
          if (digestOk(req.headers.authorization, req.method ?? 'GET', algorithm, nonce))
            return res.writeHead(200).end('welcome');
          return res
            .writeHead(401, {
              'www-authenticate': `Digest realm="ops@example", qop="auth", algorithm=${algorithm}, nonce="${nonce}", opaque="xyz"`,
            })
            .end();
        }
      }
      if (url === '/token') {
        tokenRequests++;
        void readBody(req).then((body) => {
          const form = new URLSearchParams(body);
          const basic = `Basic ${Buffer.from('client-1:secret-1').toString('base64')}`;
          if (req.headers.authorization !== basic || form.get('grant_type') !== 'client_credentials')
            return res
              .writeHead(401, { 'content-type': 'application/json' })
              .end('{"error":"invalid_client"}');
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              access_token: `tok-${form.get('scope')}-${form.get('audience')}`,
              token_type: 'bearer',
              expires_in: 3600,
            }),
          );
        });
        return;
      }
      if (url === '/api') {
        const ok = req.headers.authorization === 'Bearer tok-read write-ops';
        return res.writeHead(ok ? 200 : 403).end(ok ? 'data' : 'forbidden');
      }
      if (url.startsWith('/signed')) {
        lastSigned = { ...req.headers, method: req.method, url };
        return res.writeHead(200).end('signed');
      }
      if (url.startsWith('/tmpl/')) {
        return res.writeHead(200).end(`${url} ${req.headers['x-token']}`);
      }
      res.writeHead(404).end();
    });
  });
  afterAll(() => web.close());
  beforeEach(() => clearTokenCache());
  const url = (p: string) => `http://127.0.0.1:${web.port}${p}`;

  it('sends GET even with a body unless method says otherwise', async () => {
    const get = await executeCheck(
      'http',
      { url: url('/echo'), body: 'hello', responseContent: 'GET hello' },
      opts,
    );
    expect(get).toMatchObject({ pass: true, error: null });
    const post = await executeCheck(
      'http',
      { url: url('/echo'), method: 'POST', body: 'hi', responseContent: 'POST hi' },
      opts,
    );
    expect(post.pass).toBe(true);
  });

  it('answers a Digest challenge with MD5 and SHA-256, and names a refused digest', async () => {
    for (const algorithm of ['MD5', 'SHA-256']) {
      const r = await executeCheck(
        'http',
        { url: url(`/digest/${algorithm}`), digest: true, username: 'ops', password: { value: 's3cret' } },
        opts,
      );
      expect(r, algorithm).toMatchObject({ pass: true, error: null });
    }
    const wrong = await executeCheck(
      'http',
      { url: url('/digest/MD5'), digest: true, username: 'ops', password: 'nope' },
      opts,
    );
    expect(wrong.error).toBe('response code 401, expected 2xx or 3xx (digest authentication failed)');
  });

  it('fetches an OAuth2 client-credentials token once and reuses it until it expires', async () => {
    const check = {
      url: url('/api'),
      oauth2: { tokenURL: url('/token'), scope: ['read', 'write'], params: { audience: 'ops' } },
      username: 'client-1',
      password: 'secret-1',
    };
    const before = tokenRequests;
    expect(await executeCheck('http', check, opts)).toMatchObject({ pass: true, error: null });
    expect(await executeCheck('http', check, opts)).toMatchObject({ pass: true });
    expect(tokenRequests - before).toBe(1);
    const named = await executeCheck(
      'http',
      {
        url: url('/api'),
        oauth2: { tokenURL: url('/token'), clientID: 'client-1', clientSecret: 'wrong', scopes: ['read'] },
      },
      opts,
    );
    expect(named.pass).toBe(false);
    expect(named.error).toBe(`oauth2 token request to ${url('/token')} failed: HTTP 401 invalid_client`);
  });

  it('signs with AWS SigV4 the way the AWS SDK does', async () => {
    const r = await executeCheck(
      'http',
      {
        url: url('/signed/items?b=2&a=1'),
        headers: [{ name: 'X-Custom', value: 'yes' }],
        awsSigV4: {
          service: 'execute-api',
          region: 'eu-west-1',
          accessKey: 'AKIDEXAMPLE',
          secretKey: { value: 'wJalrXUtnFEMI/K7MDENG' },
        },
      },
      opts,
    );
    expect(r.pass).toBe(true);
    const auth = String(lastSigned.authorization);
    const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    expect(signed).toEqual(['host', 'x-amz-content-sha256', 'x-amz-date', 'x-custom']);
    const bytes = (d: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
      typeof d === 'string'
        ? d
        : d instanceof ArrayBuffer
          ? new Uint8Array(d)
          : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
    class Sha256 {
      private h: crypto.Hash | crypto.Hmac;
      constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
        this.h = secret ? crypto.createHmac('sha256', bytes(secret)) : crypto.createHash('sha256');
      }
      update(d: string | ArrayBuffer | ArrayBufferView) {
        this.h.update(bytes(d));
      }
      digest() {
        return Promise.resolve(new Uint8Array(this.h.digest()));
      }
      reset() {}
    }
    const signer = new SignatureV4({
      service: 'execute-api',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
      sha256: Sha256,
    });
    const amzDate = String(lastSigned['x-amz-date']);
    const date = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const expected = await signer.sign(
      {
        method: 'GET',
        protocol: 'http:',
        hostname: '127.0.0.1',
        port: web.port,
        path: '/signed/items',
        query: { b: '2', a: '1' },
        headers: Object.fromEntries(signed.map((h) => [h, String(lastSigned[h])])),
      },
      { signingDate: date },
    );
    expect(auth).toBe(expected.headers.authorization);
  });

  it('renders $(.env.NAME) in url and headers, and names a value that is not set', async () => {
    const r = await executeCheck(
      'http',
      {
        url: url('/tmpl/$(.env.SECTION)'),
        env: [
          { name: 'SECTION', value: 'billing' },
          { name: 'TOKEN', value: 't-1' },
        ],
        headers: [{ name: 'X-Token', value: 'Bearer $(.env.TOKEN)' }],
        responseContent: '/tmpl/billing Bearer t-1',
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null });
    const missing = await executeCheck('http', { url: url('/tmpl/$(.env.NOPE)') }, opts);
    expect(missing.error).toBe('url: $(.env.NOPE) refers to NOPE, which is not set (give it in env)');
  });

  it('refuses NTLM at run time with the reason', async () => {
    const r = await executeCheck(
      'http',
      { url: url('/echo'), ntlm: true, username: 'a', password: 'b' },
      opts,
    );
    expect(r.error).toBe(
      'NTLM authentication (ntlm/ntlmv2) is not supported by this server; use basic, digest, oauth2 or a bearer token',
    );
  });
});

/** A CA, a server certificate for 127.0.0.1 and a client certificate, all made with the openssl CLI. */
function makePki(): {
  ca: string;
  serverKey: string;
  serverCert: string;
  clientKey: string;
  clientCert: string;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-pki-'));
  const ssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  try {
    ssl([
      'req',
      '-x509',
      ...NEW_EC_KEY,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=Test CA',
    ]);
    fs.writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
    for (const who of ['server', 'client']) {
      ssl([
        'req',
        '-new',
        ...NEW_EC_KEY,
        '-keyout',
        `${who}.key`,
        '-out',
        `${who}.csr`,
        '-subj',
        `/CN=${who}`,
      ]);
      ssl([
        'x509',
        '-req',
        '-in',
        `${who}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-days',
        '2',
        '-out',
        `${who}.pem`,
        ...(who === 'server' ? ['-extfile', 'san.ext'] : []),
      ]);
    }
    const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    return {
      ca: read('ca.pem'),
      serverKey: read('server.key'),
      serverCert: read('server.pem'),
      clientKey: read('client.key'),
      clientCert: read('client.pem'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('http check: tlsConfig with CA, client certificate and key', () => {
  const pki = makePki();
  let server: https.Server;
  let port = 0;
  beforeAll(async () => {
    server = https.createServer(
      { key: pki.serverKey, cert: pki.serverCert, ca: pki.ca, requestCert: true, rejectUnauthorized: true },
      (req, res) =>
        res.writeHead(200).end(`hello ${(req.socket as TLSSocket).getPeerCertificate().subject.CN}`),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('verifies the server with the CA and presents the client certificate', async () => {
    const r = await executeCheck(
      'http',
      {
        url: `https://127.0.0.1:${port}/`,
        tlsConfig: { ca: pki.ca, cert: { value: pki.clientCert }, key: pki.clientKey },
        responseContent: 'hello client',
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null });
  });

  it('fails without the CA (unknown issuer) and without a client certificate', async () => {
    const noCa = await executeCheck(
      'http',
      { url: `https://127.0.0.1:${port}/`, tlsConfig: { cert: pki.clientCert, key: pki.clientKey } },
      opts,
    );
    expect(noCa.pass).toBe(false);
    expect(noCa.error).toMatch(/certificate/i);
    const noClient = await executeCheck(
      'http',
      { url: `https://127.0.0.1:${port}/`, tlsConfig: { ca: pki.ca } },
      opts,
    );
    expect(noClient.pass).toBe(false);
    expect(noClient.error).toMatch(/certificate|handshake|socket|reset|closed/i);
  });

  it('skips verification with insecureSkipVerify', async () => {
    const r = await executeCheck(
      'http',
      {
        url: `https://127.0.0.1:${port}/`,
        tlsConfig: { insecureSkipVerify: true, cert: pki.clientCert, key: pki.clientKey },
      },
      opts,
    );
    expect(r.pass).toBe(true);
  });
});
