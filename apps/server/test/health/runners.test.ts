import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { parseAddress } from '../../src/net/address.js';
import { executeCheck, type ExecuteOptions } from '../../src/health/run-check.js';
import {
  closedPort,
  dnsServer,
  httpServer,
  httpsServer,
  redisServer,
  tcpServer,
  type Listening,
} from './peers.js';
import { selfSignedCert } from '../peers/index.js';
import { directOpts } from './check-opts.js';

// Folder checks read temp folders: the temp dir is their file root (directOpts).
const opts: ExecuteOptions = { ...directOpts, defaultTimeoutMs: 5000 };
const DAY = 86_400_000;

describe('http runner', () => {
  let web: Listening;
  let hits = 0;
  /** Bytes the endless answer had written when its connection closed. */
  let endlessClosed: Promise<number> = Promise.resolve(0);
  beforeAll(async () => {
    web = await httpServer((req, res) => {
      hits++;
      if (req.url === '/endless') {
        // Streams until the client goes (1 GB at most, so the test ends even if it never does).
        let sent = 0;
        endlessClosed = new Promise((resolve) => res.on('close', () => resolve(sent)));
        const chunk = Buffer.alloc(64 * 1024, 'x');
        const pump = () => {
          while (!res.destroyed && sent < 1024 ** 3 && res.write(chunk)) sent += chunk.length;
          if (sent >= 1024 ** 3) res.end();
        };
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.on('drain', pump);
        return pump();
      }
      if (req.url === '/ok')
        return res
          .writeHead(200, { 'content-type': 'application/json', 'x-build': '42' })
          .end('{"status":"ok","items":[1,2,3]}');
      if (req.url === '/missing') return res.writeHead(404).end('not here');
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 1000);
      if (req.url === '/private') {
        const expected = `Basic ${Buffer.from('ops:s3cret').toString('base64')}`;
        return res.writeHead(req.headers.authorization === expected ? 200 : 401).end();
      }
      if (req.url === '/echo') {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => res.writeHead(200).end(`${req.method} ${req.headers['x-token']} ${body}`));
        return;
      }
      res.writeHead(500).end('boom');
    });
  });
  afterAll(() => web.close());
  const url = (p: string) => `http://127.0.0.1:${web.port}${p}`;

  it('passes on a 2xx and exposes code, headers and JSON to the test expression', async () => {
    const r = await executeCheck(
      'http',
      {
        url: url('/ok'),
        responseContent: '"ok"',
        test: { expr: "code == 200 && headers['x-build'] == '42' && size(json.items) == 3" },
        display: { expr: "'status ' + json.status" },
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null, message: 'status ok' });
    expect(r.details.code).toBe(200);
  });

  it('fails on a wrong status, on missing content and on a false test expression', async () => {
    const wrong = await executeCheck('http', { url: url('/missing'), responseCodes: [200] }, opts);
    expect(wrong.pass).toBe(false);
    expect(wrong.error).toBe('response code 404, expected 200');
    const content = await executeCheck('http', { url: url('/ok'), responseContent: 'healthy' }, opts);
    expect(content.error).toBe('response does not contain "healthy"');
    const test = await executeCheck('http', { url: url('/ok'), test: { expr: 'code == 201' } }, opts);
    expect(test.pass).toBe(false);
    expect(test.error).toContain('test expression returned false');
    const server = await executeCheck('http', { url: url('/error') }, opts);
    expect(server.error).toBe('response code 500, expected 2xx or 3xx');
  });

  it('sends method, headers, body and basic auth', async () => {
    const echo = await executeCheck(
      'http',
      {
        url: url('/echo'),
        method: 'PUT',
        body: 'hello',
        headers: [{ name: 'X-Token', value: 'abc' }],
        responseContent: 'PUT abc hello',
      },
      opts,
    );
    expect(echo.pass).toBe(true);
    const denied = await executeCheck(
      'http',
      { url: url('/private'), username: 'ops', password: 'wrong' },
      opts,
    );
    expect(denied.error).toBe('response code 401, expected 2xx or 3xx');
    const allowed = await executeCheck(
      'http',
      { url: url('/private'), username: { value: 'ops' }, password: 's3cret' },
      opts,
    );
    expect(allowed.pass).toBe(true);
  });

  it('times out and refuses closed ports', async () => {
    const slow = await executeCheck('http', { url: url('/slow'), timeout: '300ms' }, opts);
    expect(slow.pass).toBe(false);
    expect(slow.error).toContain('timed out after 300 ms');
    const refused = await executeCheck('http', { url: `http://127.0.0.1:${await closedPort()}/` }, opts);
    expect(refused.pass).toBe(false);
    expect(refused.error).toContain('ECONNREFUSED');
  });

  it('fails on a response larger than 10 MB, naming the limit, and stops reading it', async () => {
    const r = await executeCheck('http', { url: url('/endless'), timeout: '60s' }, opts);
    expect(r).toMatchObject({ pass: false, error: 'response larger than 10 MB' });
    expect(r.details.code).toBe(200);
    // The check dropped the connection at the limit instead of reading the rest.
    expect(await endlessClosed).toBeLessThan(100 * 1024 * 1024);
  });

  it('fails when slower than thresholdMillis', async () => {
    const r = await executeCheck('http', { url: url('/slow'), thresholdMillis: 100, timeout: '5s' }, opts);
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/above the 100 ms threshold/);
  });

  it('refuses link-local and metadata addresses before connecting', async () => {
    const before = hits;
    const r = await executeCheck('http', { url: 'http://169.254.169.254/latest/meta-data/' }, opts);
    expect(r.error).toContain('link-local and cloud metadata addresses are not allowed');
    expect(parseAddress('fd00:ec2::254')?.kind).toBe('metadata');
    expect(parseAddress('::ffff:169.254.1.1')?.kind).toBe('link-local');
    expect(parseAddress('127.0.0.1')?.kind).toBe('loopback');
    expect(hits).toBe(before);
  });
});

describe('https runner certificates', () => {
  const now = Date.now();
  const servers: Listening[] = [];
  afterAll(async () => Promise.all(servers.map((s) => s.close())));
  async function serve(notBefore: number, notAfter: number) {
    const cert = selfSignedCert(new Date(notBefore), new Date(notAfter));
    const s = await httpsServer(cert, (_req, res) => res.end('secure'));
    servers.push(s);
    return { url: `https://127.0.0.1:${s.port}/`, ca: cert.cert };
  }

  it('passes with a trusted certificate and reports the days left', async () => {
    const { url, ca } = await serve(now - DAY, now + 90 * DAY);
    const r = await executeCheck('http', { url, maxSSLExpiry: 30, tlsConfig: { ca } }, opts);
    expect(r.pass).toBe(true);
    expect(r.details.sslAge).toBeGreaterThanOrEqual(88);
  });

  it('fails for a certificate expiring sooner than maxSSLExpiry', async () => {
    const { url, ca } = await serve(now - DAY, now + 2 * DAY + 3_600_000);
    const r = await executeCheck('http', { url, maxSSLExpiry: 7, tlsConfig: { ca } }, opts);
    expect(r.pass).toBe(false);
    expect(r.error).toBe('SSL certificate expires in 2 days (less than 7)');
  });

  it('fails for an expired certificate, verified or not', async () => {
    const { url, ca } = await serve(now - 60 * DAY, now - 10 * DAY);
    const verified = await executeCheck('http', { url, tlsConfig: { ca } }, opts);
    expect(verified.pass).toBe(false);
    expect(verified.error).toContain('certificate has expired');
    const skipped = await executeCheck(
      'http',
      { url, maxSSLExpiry: 7, tlsConfig: { insecureSkipVerify: true } },
      opts,
    );
    expect(skipped.pass).toBe(false);
    expect(skipped.error).toMatch(/SSL certificate expired 1\d days ago/);
  });

  it('fails for an untrusted self-signed certificate', async () => {
    const { url } = await serve(now - DAY, now + 90 * DAY);
    const r = await executeCheck('http', { url }, opts);
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/self[- ]signed/i);
  });
});

describe('tcp runner', () => {
  it('passes when the port accepts and fails when refused', async () => {
    const s = await tcpServer();
    const ok = await executeCheck('tcp', { endpoint: `127.0.0.1:${s.port}` }, opts);
    await s.close();
    expect(ok).toMatchObject({ pass: true, message: `connected to 127.0.0.1:${s.port}` });
    const refused = await executeCheck('tcp', { endpoint: `127.0.0.1:${await closedPort()}` }, opts);
    expect(refused.pass).toBe(false);
    expect(refused.error).toContain('ECONNREFUSED');
  });
});

describe('dns runner', () => {
  let dns: Listening;
  beforeAll(async () => {
    dns = await dnsServer({ 'api.test': { A: ['10.0.0.1', '10.0.0.2'], TXT: ['v=spf1 -all'] } });
  });
  afterAll(() => dns.close());

  it('resolves through the given server and checks minrecords and exactreply', async () => {
    const base = { server: '127.0.0.1', port: dns.port, query: 'api.test' };
    const ok = await executeCheck(
      'dns',
      { ...base, querytype: 'A', minrecords: 2, exactreply: ['10.0.0.2', '10.0.0.1'] },
      opts,
    );
    expect(ok.pass).toBe(true);
    expect(ok.details.records).toEqual(['10.0.0.1', '10.0.0.2']);
    const txt = await executeCheck('dns', { ...base, querytype: 'TXT', exactreply: ['v=spf1 -all'] }, opts);
    expect(txt.pass).toBe(true);
    const few = await executeCheck('dns', { ...base, minrecords: 3 }, opts);
    expect(few.error).toBe('got 2 records, expected at least 3');
    const exact = await executeCheck('dns', { ...base, exactreply: ['10.0.0.9'] }, opts);
    expect(exact.error).toBe('got [10.0.0.1, 10.0.0.2], expected exactly [10.0.0.9]');
    const missing = await executeCheck('dns', { ...base, query: 'nope.test' }, opts);
    expect(missing.pass).toBe(false);
    expect(missing.error).toContain('ENOTFOUND');
  });

  it('uses the system resolver for localhost when no server is given', async () => {
    const r = await executeCheck('dns', { query: 'localhost', querytype: 'A' }, opts);
    expect(r.pass).toBe(true);
    expect(r.details.records).toContain('127.0.0.1');
  });
});

describe('icmp runner', () => {
  it('pings 127.0.0.1 with ping from iputils-ping', async () => {
    const r = await executeCheck('icmp', { endpoint: '127.0.0.1', packetCount: 2 }, opts);
    expect(r.error).toBeNull();
    expect(r.pass).toBe(true);
    expect(r.details).toMatchObject({ sent: 2, received: 2, packetLoss: 0 });
  });

  it('fails for a host that cannot be resolved', async () => {
    // .invalid never resolves (RFC 2606), whatever network the tests run in.
    const r = await executeCheck(
      'icmp',
      { endpoint: 'no-such-host.invalid', packetCount: 1, timeout: '2s' },
      opts,
    );
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/no-such-host.invalid/);
  });
});

describe('exec runner', () => {
  it('passes on exit 0 with stdout, fails on a non-zero exit with stderr', async () => {
    const ok = await executeCheck(
      'exec',
      { script: 'echo "hello $WHO"', env: [{ name: 'WHO', value: 'ops' }] },
      opts,
    );
    expect(ok).toMatchObject({ pass: true, message: 'hello ops' });
    const bad = await executeCheck('exec', { script: 'echo oops >&2; exit 3' }, opts);
    expect(bad.pass).toBe(false);
    expect(bad.error).toBe('exit code 3: oops');
    expect(bad.details.exitCode).toBe(3);
  });

  it('kills a script that runs past its timeout', async () => {
    const r = await executeCheck('exec', { script: 'sleep 30', timeout: '300ms' }, opts);
    expect(r.pass).toBe(false);
    expect(r.error).toContain('timed out');
  });

  it('does not pass the server environment to scripts', async () => {
    process.env.OPSDECK_TEST_SECRET = 'hidden';
    const r = await executeCheck('exec', { script: 'echo "[$OPSDECK_TEST_SECRET]"' }, opts);
    expect(r.message).toBe('[]');
  });

  it('is refused when exec checks are disabled', async () => {
    const disabled = { ...opts.sandbox, scripts: { ...opts.sandbox.scripts, disabled: true } };
    const r = await executeCheck('exec', { script: 'echo hi' }, { ...opts, sandbox: disabled });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('running scripts is disabled on this server (DISABLE_EXEC)');
  });

  it('is refused with the reason and the fix when scripts cannot run isolated', async () => {
    // A bubblewrap that is not there, as on a machine without the package.
    const isolation = { bwrap: '/nonexistent/bwrap', allowUnisolated: false };
    const noBwrap = { ...opts.sandbox, scripts: { ...opts.sandbox.scripts, isolation } };
    const r = await executeCheck('exec', { script: 'echo hi' }, { ...opts, sandbox: noBwrap });
    expect(r.pass).toBe(false);
    expect(r.error).toBe(
      'scripts cannot run isolated on this server: bubblewrap is not installed (/nonexistent/bwrap does not exist). ' +
        'Install bubblewrap (Debian: apt-get install bubblewrap) and allow unprivileged user namespaces, ' +
        'or set ALLOW_UNISOLATED_SCRIPTS=true to run scripts without isolation (unsafe)',
    );
  });
});

describe('postgres runner', () => {
  it('runs the query against the test PostgreSQL and compares the row count', async () => {
    const url = inject('pgUrl');
    const ok = await executeCheck(
      'postgres',
      { url, query: 'SELECT 1 AS one UNION ALL SELECT 2', results: 2 },
      opts,
    );
    expect(ok.pass).toBe(true);
    expect(ok.details.results).toEqual([{ one: 1 }, { one: 2 }]);
    const wrong = await executeCheck('postgres', { url, query: 'SELECT 1', results: 2 }, opts);
    expect(wrong.error).toBe('query returned 1 rows, expected 2');
    const broken = await executeCheck('postgres', { url, query: 'SELECT * FROM no_such_table' }, opts);
    expect(broken.error).toContain('no_such_table');
    const refused = await executeCheck(
      'postgres',
      { url: `postgres://x:y@127.0.0.1:${await closedPort()}/db` },
      opts,
    );
    expect(refused.pass).toBe(false);
    expect(refused.error).toContain('ECONNREFUSED');
  });
});

describe('redis runner', async () => {
  const redis = await redisServer('pa55');
  afterAll(() => redis?.close());
  it.skipIf(!redis)(
    'PINGs redis-server with AUTH and SELECT (skipped when redis-server is not installed)',
    async () => {
      const addr = `127.0.0.1:${redis?.port}`;
      const ok = await executeCheck('redis', { addr, password: 'pa55', db: 2 }, opts);
      expect(ok).toMatchObject({ pass: true, message: 'PONG' });
      const denied = await executeCheck('redis', { addr, password: 'wrong' }, opts);
      expect(denied.pass).toBe(false);
      expect(denied.error).toMatch(/WRONGPASS|invalid password/i);
      const noAuth = await executeCheck('redis', { addr }, opts);
      expect(noAuth.error).toMatch(/NOAUTH/);
    },
  );
});

describe('folder runner', () => {
  it('counts the files matching the filter against min and max', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-folder-'));
    fs.writeFileSync(path.join(dir, 'backup-1.tar'), 'x'.repeat(2000));
    fs.writeFileSync(path.join(dir, 'backup-2.tar'), 'x'.repeat(10));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'n');
    const old = new Date(Date.now() - 3 * DAY);
    fs.utimesSync(path.join(dir, 'backup-2.tar'), old, old);
    const all = await executeCheck('folder', { path: dir, minCount: 3 }, opts);
    expect(all).toMatchObject({ pass: true, message: '3 files' });
    const recent = await executeCheck(
      'folder',
      { path: dir, minCount: 2, filter: { regex: '^backup', maxAge: '1d' } },
      opts,
    );
    expect(recent.error).toBe('1 files, expected at least 2');
    const big = await executeCheck('folder', { path: dir, maxCount: 0, filter: { minSize: '1kb' } }, opts);
    expect(big.error).toBe('1 files, expected at most 0');
    // canary-checker lists a missing folder as empty: minCount decides.
    const missing = await executeCheck('folder', { path: path.join(dir, 'nope'), minCount: 1 }, opts);
    expect(missing.error).toBe('0 files, expected at least 1');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('prometheus and elasticsearch runners', () => {
  let api: Listening;
  beforeAll(async () => {
    api = await httpServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (u.pathname === '/api/v1/query') {
        const q = u.searchParams.get('query');
        if (q === 'up') {
          return res.end(
            JSON.stringify({
              status: 'success',
              data: {
                resultType: 'vector',
                result: [
                  { metric: { job: 'api', instance: 'a:9090' }, value: [1700000000, '1'] },
                  { metric: { job: 'db', instance: 'b:9090' }, value: [1700000000, '0'] },
                ],
              },
            }),
          );
        }
        if (q === 'absent_metric')
          return res.end(JSON.stringify({ status: 'success', data: { resultType: 'vector', result: [] } }));
        return res
          .writeHead(400)
          .end(JSON.stringify({ status: 'error', errorType: 'bad_data', error: 'parse error at char 3' }));
      }
      if (u.pathname === '/logs/_search') {
        return res.end(
          JSON.stringify({ hits: { total: { value: 3, relation: 'eq' }, hits: [{ _id: '1' }] } }),
        );
      }
      res.writeHead(404).end(JSON.stringify({ error: { type: 'index_not_found_exception' } }));
    });
  });
  afterAll(() => api.close());

  it('prometheus: results with labels and values for the test expression', async () => {
    const url = `http://127.0.0.1:${api.port}`;
    const ok = await executeCheck(
      'prometheus',
      { url, query: 'up', test: { expr: 'results.all(r, r.value == 1.0)' } },
      opts,
    );
    expect(ok.pass).toBe(false);
    expect(ok.details.results).toEqual([
      { job: 'api', instance: 'a:9090', value: 1 },
      { job: 'db', instance: 'b:9090', value: 0 },
    ]);
    const some = await executeCheck(
      'prometheus',
      { url, query: 'up', test: { expr: 'results.exists(r, r.value == 1.0)' } },
      opts,
    );
    expect(some.pass).toBe(true);
    const empty = await executeCheck('prometheus', { url, query: 'absent_metric' }, opts);
    expect(empty.error).toBe('the query returned no results');
    const bad = await executeCheck('prometheus', { url, query: 'up{' }, opts);
    expect(bad.error).toBe('query failed: parse error at char 3');
  });

  it('elasticsearch: compares the hit count; a missing index fails', async () => {
    const url = `http://127.0.0.1:${api.port}`;
    const ok = await executeCheck(
      'elasticsearch',
      { url, index: 'logs', query: '{"query":{"match_all":{}}}', results: 3 },
      opts,
    );
    expect(ok).toMatchObject({ pass: true, message: '3 hits' });
    const wrong = await executeCheck('opensearch', { url, index: 'logs', results: 5 }, opts);
    expect(wrong.error).toBe('query returned 3 hits, expected 5');
    const missing = await executeCheck('elasticsearch', { url, index: 'nope' }, opts);
    expect(missing.error).toContain('HTTP 404');
  });
});

describe('every check', () => {
  it('reports a spec that does not fit its type instead of running it', async () => {
    const r = await executeCheck('tcp', { endpoint: 'no-port-here' }, opts);
    expect(r.pass).toBe(false);
    expect(r.error).toContain('endpoint must be host:port');
  });

  it('resolves {{port}} placeholders at run time', async () => {
    const s = await tcpServer();
    const r = await executeCheck(
      'tcp',
      { endpoint: '127.0.0.1:{{port}}' },
      { ...opts, templateVars: { port: String(s.port) } },
    );
    await s.close();
    expect(r.pass).toBe(true);
  });
});
