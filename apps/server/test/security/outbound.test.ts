import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { httpScraper } from '../../src/catalog/scrapers/http.js';
import { kubernetesScraper } from '../../src/catalog/scrapers/kubernetes.js';
import { sqlScraper } from '../../src/catalog/scrapers/sql.js';
import type { ScrapeContext } from '../../src/catalog/scrapers/types.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/types.js';
import { executeCheck, type ExecuteOptions } from '../../src/health/run-check.js';
import { parseAddress } from '../../src/net/address.js';
import {
  outboundPolicy,
  OutboundRefusedError,
  resolveOutbound,
  type OutboundPolicy,
  type Resolver,
} from '../../src/net/outbound.js';
import { outboundPgConfig } from '../../src/net/outbound-postgres.js';
import { connectTls } from '../../src/net/outbound-socket.js';
import { sandboxPolicy } from '../../src/sandbox/policy.js';
import { fakeKubernetes } from '../catalog/peers.js';
import { dnsServer, httpServer, redisServer, tcpServer, type Listening } from '../health/peers.js';
import { selfSignedCert } from '../peers/index.js';
import { tokenKubeconfig } from '../peers/kubeconfig.js';

/**
 * Every peer type a spec can name goes through the outbound policy (net/outbound.ts): each
 * spelling of the metadata address is refused before any socket opens, and loopback peers
 * still answer. Names resolve through a fake resolver, so no /etc/hosts edits are needed.
 */

const NAMES: Record<string, string[]> = {
  'metadata.test': ['169.254.169.254'],
  'mixed.test': ['127.0.0.1', '169.254.169.254'],
  'peer.test': ['127.0.0.1'],
  'private.test': ['10.0.0.7'],
};
const lookups: string[] = [];
const fakeResolver: Resolver = (hostname) => {
  lookups.push(hostname);
  const found = NAMES[hostname];
  if (!found) return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${hostname}`));
  return Promise.resolve(found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
};

function configWith(env: Record<string, string> = {}) {
  return loadConfig({ LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: '/tmp', ...env });
}
const config = configWith();
const policyFor = (env: Record<string, string> = {}) =>
  outboundPolicy(configWith(env).outbound, fakeResolver);
const policy = policyFor();

const checkOptions = (outbound: OutboundPolicy): ExecuteOptions => ({
  defaultTimeoutMs: 3000,
  sandbox: sandboxPolicy(config),
  templateVars: {},
  outbound,
});

function scrapeContext(outbound: OutboundPolicy): ScrapeContext {
  return {
    // These scrapers read their source only; the database is never touched.
    ctx: { config, log: pino({ level: 'silent' }), db: undefined as unknown as Db },
    scraper: { id: 's', name: 'outbound', namespace: null, agent_id: 'local', schedule: null, spec: {} },
    signal: AbortSignal.timeout(10_000),
    outbound,
  };
}

function kubeconfig(server: string, token = 'secret-token'): string {
  return tokenKubeconfig(server, token);
}

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** One way to reach a peer per peer type; each returns the error the user would see. */
type Peer = (host: string, outbound: OutboundPolicy) => Promise<string>;

async function checkError(type: string, spec: Record<string, unknown>, outbound: OutboundPolicy) {
  const r = await executeCheck(type, spec, checkOptions(outbound));
  expect(r.pass, `${type} ${JSON.stringify(spec)} passed`).toBe(false);
  return r.error ?? '';
}

async function scrapeError(run: Promise<{ errors: string[]; items: unknown[] }>) {
  const out = await run;
  expect(out.items).toEqual([]);
  return out.errors.join('; ');
}

const PEERS: Record<string, Peer> = {
  'http check': (h, p) => checkError('http', { url: `http://${h}/latest/meta-data/` }, p),
  'http check over https': (h, p) => checkError('http', { url: `https://${h}/` }, p),
  'elasticsearch check': (h, p) => checkError('elasticsearch', { url: `http://${h}:9200`, index: 'logs' }, p),
  'prometheus check': (h, p) => checkError('prometheus', { url: `http://${h}:9090`, query: 'up' }, p),
  'http scraper': (h, p) =>
    scrapeError(
      httpScraper.run({ url: `http://${h}/latest/meta-data/`, id: '$.id', type: 'X' }, scrapeContext(p)),
    ),
  'tcp check': (h, p) => checkError('tcp', { endpoint: `${h}:80` }, p),
  'redis check': (h, p) => checkError('redis', { addr: `${h}:6379` }, p),
  'postgres check': (h, p) => checkError('postgres', { url: `postgres://u:p@${h}:5432/db` }, p),
  'sql scraper': (h, p) =>
    scrapeError(
      sqlScraper.run(
        { connection: `postgres://u:p@${h}:5432/db`, query: 'SELECT 1 AS id', id: '$.id', type: 'X' },
        scrapeContext(p),
      ),
    ),
  'dns check with server': (h, p) => checkError('dns', { query: 'example.com', server: bare(h) }, p),
  'icmp check': (h, p) => checkError('icmp', { endpoint: bare(h), packetCount: 1 }, p),
  'kubernetes scraper': (h, p) =>
    scrapeError(
      kubernetesScraper.run(
        { clusterName: 'c', kubeconfig: { value: kubeconfig(`https://${h}:6443`) } },
        scrapeContext(p),
      ),
    ),
};

/** The metadata address in every spelling, the IPv6 link-local and metadata addresses, and a name. */
const METADATA_FORMS = [
  '169.254.169.254',
  '2852039166',
  '0251.0376.0251.0376',
  '0xa9.0xfe.0xa9.0xfe',
  '0xa9fea9fe',
  '169.254.43518',
  '[::ffff:169.254.169.254]',
  '[::ffff:a9fe:a9fe]',
  '[0:0:0:0:0:ffff:a9fe:a9fe]',
  '[::FFFF:A9FE:A9FE]',
  '[0000:0000:0000:0000:0000:ffff:a9fe:a9fe]',
  '[::169.254.169.254]',
  '[64:ff9b::a9fe:a9fe]',
  '[2002:a9fe:a9fe::]',
  '[fe80::1]',
  '[fd00:ec2::254]',
  'metadata.test',
];

const LINK_LOCAL_MESSAGE =
  'link-local and cloud metadata addresses are not allowed (set OUTBOUND_ALLOW_LINK_LOCAL=true to allow)';

/** Records every TCP/TLS connect (net, tls, undici and pg all end in Socket#connect). */
let connects: unknown[][] = [];
beforeEach(() => {
  connects = [];
  const original = net.Socket.prototype.connect;
  vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (
    this: net.Socket,
    ...args: unknown[]
  ) {
    connects.push(args);
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('address classification', () => {
  it('reads every spelling of 169.254.169.254 as the metadata address', () => {
    for (const form of METADATA_FORMS.filter((f) => !f.includes('.test') && !/fe80|fd00/.test(f))) {
      expect(parseAddress(bare(form))?.kind, form).toBe('metadata');
    }
    expect(parseAddress('0xa9fea9fe')?.address).toBe('169.254.169.254');
    expect(parseAddress('::ffff:a9fe:a9fe')).toMatchObject({ address: '169.254.169.254', family: 4 });
    expect(parseAddress('169.254.1.1')?.kind).toBe('link-local');
    expect(parseAddress('fe80::1%eth0')).toMatchObject({ kind: 'link-local', address: 'fe80::1%eth0' });
    expect(parseAddress('fd00:ec2:0::254')?.kind).toBe('metadata');
    expect(parseAddress('100.100.100.200')?.kind).toBe('metadata');
    expect(parseAddress('192.0.0.192')?.kind).toBe('metadata');
  });

  it('tells unspecified, broadcast, multicast, loopback, private and public addresses apart', () => {
    const kinds: Record<string, string> = {
      '0.0.0.0': 'unspecified',
      '0': 'unspecified',
      '::': 'unspecified',
      '255.255.255.255': 'broadcast',
      '224.0.0.1': 'multicast',
      'ff02::1': 'multicast',
      '127.0.0.1': 'loopback',
      '0x7f000001': 'loopback',
      '::1': 'loopback',
      '::ffff:127.0.0.1': 'loopback',
      '10.1.2.3': 'private',
      '172.16.0.1': 'private',
      '172.31.255.255': 'private',
      '192.168.1.1': 'private',
      '100.64.0.1': 'private',
      'fc00::1': 'private',
      'fd12:3456::1': 'private',
      '64:ff9b::a01:203': 'private',
      '2002:c0a8:101::1': 'private',
      '172.32.0.1': 'public',
      '8.8.8.8': 'public',
      '2001:4860:4860::8888': 'public',
    };
    for (const [address, kind] of Object.entries(kinds))
      expect(parseAddress(address)?.kind, address).toBe(kind);
  });

  it('treats what is not an address as a name', () => {
    for (const name of [
      'example.com',
      '1.2.3.4.5',
      '256.1.1.1',
      '1.2.3.256',
      '0x100000000',
      '08.1.1.1',
      '',
    ]) {
      expect(parseAddress(name), name).toBeUndefined();
    }
  });
});

describe('the policy', () => {
  it('refuses a name when any address it resolves to is refused, after one lookup', async () => {
    lookups.length = 0;
    const err = await resolveOutbound('mixed.test', policy).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect(err).toMatchObject({ code: 'EOUTBOUNDREFUSED', host: 'mixed.test', address: '169.254.169.254' });
    expect((err as Error).message).toBe(
      `refused to connect to mixed.test (169.254.169.254): ${LINK_LOCAL_MESSAGE}`,
    );
    expect(lookups).toEqual(['mixed.test']);
  });

  it('OUTBOUND_ALLOW_LINK_LOCAL lets link-local and metadata addresses through, never unspecified, multicast or broadcast', async () => {
    const allow = policyFor({ OUTBOUND_ALLOW_LINK_LOCAL: 'true' });
    for (const form of METADATA_FORMS) {
      const [first] = await resolveOutbound(form, allow);
      expect(first?.address, form).toMatch(
        /^(169\.254\.169\.254|::a9fe:a9fe|64:ff9b::a9fe:a9fe|2002:a9fe:a9fe::|fe80::1|fd00:ec2::254)$/,
      );
    }
    for (const never of ['0.0.0.0', '[::]', '255.255.255.255', '224.0.0.251', '[ff02::1]']) {
      await expect(resolveOutbound(never, allow), never).rejects.toThrow(/never allowed/);
    }
  });

  it('OUTBOUND_DENY_PRIVATE refuses 10/8, 172.16/12, 192.168/16, 100.64/10 and fc00::/7, loopback stays allowed', async () => {
    const deny = policyFor({ OUTBOUND_DENY_PRIVATE: 'true' });
    for (const host of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '[fc00::1]',
      '[fd12::1]',
      'private.test',
    ]) {
      await expect(resolveOutbound(host, deny), host).rejects.toThrow(
        'private addresses are not allowed (OUTBOUND_DENY_PRIVATE=true; set it to false to allow)',
      );
    }
    await expect(resolveOutbound('peer.test', deny)).resolves.toEqual([
      { host: 'peer.test', address: '127.0.0.1', family: 4 },
    ]);
    // Without the setting private addresses are allowed (the demo and tests use them).
    await expect(resolveOutbound('10.1.2.3', policy)).resolves.toHaveLength(1);
  });

  it('OUTBOUND_DENY_LOOPBACK refuses loopback in every spelling', async () => {
    const deny = policyFor({ OUTBOUND_DENY_LOOPBACK: 'true' });
    for (const host of ['127.0.0.1', '2130706433', '[::1]', '[::ffff:7f00:1]', 'peer.test']) {
      await expect(resolveOutbound(host, deny), host).rejects.toThrow('loopback addresses are not allowed');
    }
  });

  it('reads the switches from the environment into Config', () => {
    expect(configWith().outbound).toEqual({ allowLinkLocal: false, denyPrivate: false, denyLoopback: false });
    expect(
      configWith({
        OUTBOUND_ALLOW_LINK_LOCAL: 'true',
        OUTBOUND_DENY_PRIVATE: '1',
        OUTBOUND_DENY_LOOPBACK: 'yes',
      }).outbound,
    ).toEqual({ allowLinkLocal: true, denyPrivate: true, denyLoopback: true });
  });
});

describe.each(Object.entries(PEERS))('%s', (_name, reach) => {
  it.each(METADATA_FORMS)('refuses %s and never connects', async (host) => {
    const error = await reach(host, policy);
    expect(error).toContain('refused to connect to ');
    expect(error).toContain(LINK_LOCAL_MESSAGE);
    if (host === 'metadata.test') expect(error).toContain('metadata.test (169.254.169.254)');
    expect(connects).toEqual([]);
  });

  it('refuses a private peer when OUTBOUND_DENY_PRIVATE=true', async () => {
    const error = await reach('private.test', policyFor({ OUTBOUND_DENY_PRIVATE: 'true' }));
    expect(error).toContain(
      'refused to connect to private.test (10.0.0.7): private addresses are not allowed',
    );
    expect(connects).toEqual([]);
  });
});

describe('postgres connection strings', () => {
  it('refuses ?host= and hostaddr overrides, unix sockets, several hosts and server file paths', async () => {
    const cases: [string, string][] = [
      ['postgres://u:p@127.0.0.1/db?host=169.254.169.254', 'the "host" parameter is not allowed'],
      ['postgres://u:p@127.0.0.1/db?hostaddr=169.254.169.254', 'the "hostaddr" parameter is not allowed'],
      ['postgres:///db?host=/var/run/postgresql', 'the "host" parameter is not allowed'],
      ['postgres://u:p@%2Fvar%2Frun%2Fpostgresql/db', 'unix-socket connections are not allowed'],
      ['postgres://u:p@127.0.0.1,169.254.169.254/db', 'connections to several hosts are not allowed'],
      [
        'postgres://u:p@127.0.0.1/db?sslmode=require&sslkey=/etc/shadow',
        'the "sslkey" parameter is not allowed',
      ],
      [
        'postgres://u:p@127.0.0.1/db?sslrootcert=/data/secret.key',
        'the "sslrootcert" parameter is not allowed',
      ],
    ];
    for (const [url, reason] of cases) {
      await expect(outboundPgConfig(url, policy), url).rejects.toThrow(reason);
      const check = await executeCheck('postgres', { url }, checkOptions(policy));
      expect(check.error, url).toContain(reason);
      const scrape = await sqlScraper.run(
        { connection: url, query: 'SELECT 1 AS id', id: '$.id', type: 'X' },
        scrapeContext(policy),
      );
      expect(scrape.errors.join(), url).toContain(reason);
    }
    expect(connects).toEqual([]);
  });

  it('hands pg the checked address and keeps the name for TLS', async () => {
    const cfg = await outboundPgConfig('postgres://u:p@peer.test:6543/db?sslmode=verify-full', policy);
    expect(cfg).toMatchObject({ host: '127.0.0.1', port: 6543, user: 'u', database: 'db' });
    expect(cfg.ssl).toMatchObject({ servername: 'peer.test' });
    expect(cfg).not.toHaveProperty('connectionString');
  });
});

describe('loopback peers still work through every peer type', () => {
  let web: Listening;
  let secure: { port: number; close(): Promise<void> };
  let tcp: Listening;
  let dns: Listening;
  let redis: (Listening & { proc: unknown }) | undefined;
  let kube: Awaited<ReturnType<typeof fakeKubernetes>>;
  let cert: { key: string; cert: string };
  const hostHeaders: string[] = [];
  const serverNames: string[] = [];

  beforeAll(async () => {
    web = await httpServer((req, res) => {
      hostHeaders.push(req.headers.host ?? '');
      const body: Record<string, string> = {
        '/ok': '{"id":"a","name":"A"}',
        '/logs/_search': '{"hits":{"total":{"value":2},"hits":[]}}',
        '/api/v1/query?query=up':
          '{"status":"success","data":{"resultType":"vector","result":[{"metric":{"job":"x"},"value":[1,"1"]}]}}',
      };
      const text = body[req.url ?? ''];
      res.writeHead(text ? 200 : 404, { 'content-type': 'application/json' }).end(text ?? '{}');
    });
    cert = selfSignedCert(new Date(Date.now() - 86_400_000), new Date(Date.now() + 90 * 86_400_000));
    const tlsServer = https.createServer(
      {
        ...cert,
        SNICallback: (name, cb) => {
          serverNames.push(name);
          cb(null, tls.createSecureContext(cert));
        },
      },
      (_req, res) => res.end('secure'),
    );
    await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r));
    secure = {
      port: (tlsServer.address() as net.AddressInfo).port,
      close: () => new Promise((r) => (tlsServer.closeAllConnections(), tlsServer.close(() => r()))),
    };
    tcp = await tcpServer();
    dns = await dnsServer({ 'svc.test': { A: ['10.1.2.3'] } });
    redis = await redisServer();
    kube = await fakeKubernetes('kube-token');
  });
  afterAll(async () => {
    await Promise.all([web.close(), secure.close(), tcp.close(), dns.close(), redis?.close(), kube.close()]);
  });

  const opts = () => checkOptions(policy);

  it('http check: connects to the checked address, sends the name as Host', async () => {
    hostHeaders.length = 0;
    const r = await executeCheck('http', { url: `http://peer.test:${web.port}/ok` }, opts());
    expect(r.error).toBeNull();
    expect(r.pass).toBe(true);
    expect(hostHeaders).toEqual([`peer.test:${web.port}`]);
    expect(connects.some((args) => JSON.stringify(args).includes('"host":"127.0.0.1"'))).toBe(true);
  });

  it('http check over https: SNI is the name, the certificate is still read', async () => {
    serverNames.length = 0;
    const r = await executeCheck(
      'http',
      { url: `https://peer.test:${secure.port}/`, tlsConfig: { insecureSkipVerify: true }, maxSSLExpiry: 7 },
      opts(),
    );
    expect(r.error).toBeNull();
    expect(r.details.sslAge).toBeGreaterThan(80);
    expect(serverNames).toEqual(['peer.test']);
  });

  it('https: the certificate is checked against the name, not the address connected to', async () => {
    // The certificate names 127.0.0.1 only: reached as peer.test it must not be trusted.
    const byName = await executeCheck(
      'http',
      { url: `https://peer.test:${secure.port}/`, tlsConfig: { ca: cert.cert } },
      opts(),
    );
    expect(byName.error).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID|does not match/);
    const byAddress = await executeCheck(
      'http',
      { url: `https://127.0.0.1:${secure.port}/`, tlsConfig: { ca: cert.cert } },
      opts(),
    );
    expect(byAddress.error).toBeNull();
  });

  it('connectTls: TCP to the checked address, the name for SNI', async () => {
    serverNames.length = 0;
    const socket = await connectTls('peer.test', secure.port, policy, AbortSignal.timeout(5000), {
      rejectUnauthorized: false,
    });
    expect(socket.remoteAddress).toBe('127.0.0.1');
    socket.destroy();
    expect(serverNames).toEqual(['peer.test']);
  });

  it('elasticsearch and prometheus checks', async () => {
    const es = await executeCheck(
      'elasticsearch',
      { url: `http://peer.test:${web.port}`, index: 'logs', results: 2 },
      opts(),
    );
    expect(es.error).toBeNull();
    const prom = await executeCheck(
      'prometheus',
      { url: `http://peer.test:${web.port}`, query: 'up' },
      opts(),
    );
    expect(prom.error).toBeNull();
    expect(prom.pass).toBe(true);
  });

  it('http scraper', async () => {
    const out = await httpScraper.run(
      { url: `http://peer.test:${web.port}/ok`, id: '$.id', name: '$.name', type: 'X' },
      scrapeContext(policy),
    );
    expect(out.errors).toEqual([]);
    expect(out.items.map((i) => i.name)).toEqual(['A']);
  });

  it('tcp check', async () => {
    const r = await executeCheck('tcp', { endpoint: `peer.test:${tcp.port}` }, opts());
    expect(r.error).toBeNull();
    expect(r.details.remoteAddress).toBe('127.0.0.1');
  });

  it('redis check', async (t) => {
    if (!redis) return t.skip('redis-server is not installed');
    const r = await executeCheck('redis', { addr: `peer.test:${redis.port}` }, opts());
    expect(r.error).toBeNull();
    expect(r.message).toBe('PONG');
  });

  it('postgres check and sql scraper, by address and by name', async () => {
    const url = new URL(inject('pgUrl'));
    const byName = new URL(url);
    byName.hostname = 'peer.test';
    for (const u of [url.toString(), byName.toString()]) {
      const r = await executeCheck('postgres', { url: u, query: 'SELECT 1' }, opts());
      expect(r.error, u).toBeNull();
      const out = await sqlScraper.run(
        {
          connection: u,
          query: `SELECT 'row-' || g AS id FROM generate_series(1, 2) g`,
          id: '$.id',
          type: 'X',
        },
        scrapeContext(policy),
      );
      expect(out.errors, u).toEqual([]);
      expect(out.items).toHaveLength(2);
    }
  });

  it('dns check with a server given by name', async () => {
    const r = await executeCheck('dns', { query: 'svc.test', server: 'peer.test', port: dns.port }, opts());
    expect(r.error).toBeNull();
    expect(r.details.records).toEqual(['10.1.2.3']);
  });

  it('icmp check', async () => {
    const r = await executeCheck('icmp', { endpoint: 'peer.test', packetCount: 1 }, opts());
    expect(r.error).toBeNull();
    expect(r.pass).toBe(true);
  });

  it('kubernetes scraper, API server given by name', async () => {
    const server = `http://peer.test:${new URL(kube.url).port}`;
    const out = await kubernetesScraper.run(
      { clusterName: 'c', kubeconfig: { value: kubeconfig(server, 'kube-token') } },
      scrapeContext(policy),
    );
    expect(out.errors).toEqual([]);
    expect(out.items.length).toBeGreaterThan(0);
    expect(kube.requests).toContain('/api/v1/namespaces');
  });

  it('kubernetes scraper refuses a proxy-url (the proxy would pick the address)', async () => {
    const text = kubeconfig(kube.url, 'kube-token').replace(
      'insecure-skip-tls-verify: true}',
      'insecure-skip-tls-verify: true, proxy-url: "http://127.0.0.1:1"}',
    );
    const out = await kubernetesScraper.run(
      { clusterName: 'c', kubeconfig: { value: text } },
      scrapeContext(policy),
    );
    expect(out.errors.join()).toContain('proxy-url is not supported');
  });
});
