import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeKubernetes } from '../catalog/peers.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { closedPort, httpServer, type Listening } from '../health/peers.js';
import { fakeLoki } from '../logs/peers.js';
import { findBinary, peerUnavailable, startSamba, type SambaPeer } from '../peers/index.js';
import { tokenKubeconfig } from '../peers/kubeconfig.js';
import { startGcsServer, startS3Server } from '../peers/s3-server.js';
import { changeAndTest, createConnection, testStored, type ConnectionInput } from './helpers.js';

/**
 * Test Connection for the types whose client lives with a check, a log backend or a scraper
 * (Kubernetes, Git, GitHub, Loki, Dynatrace, S3/AWS, GCS/Google Cloud, SMB): each against a
 * peer on loopback, through the HTTP route as the dialog calls it, once as it should work and
 * once with wrong credentials or a missing target.
 */

const START_TIMEOUT = 300_000;
const KUBE_TOKEN = 'kube-token-1';
const GITHUB_TOKEN = 'ghp_live_token';
const DYNATRACE_TOKEN = 'dt0c01.live';
const ACCESS_KEY = 'AKIDOPSDECKTEST';
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

const why = {
  samba: peerUnavailable('samba') ?? (findBinary('smbclient') ? undefined : 'smbclient is not installed'),
  git: findBinary('git') ? undefined : 'git is not installed',
};

let kube: Awaited<ReturnType<typeof fakeKubernetes>>;
let loki: Awaited<ReturnType<typeof fakeLoki>>;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let s3Denied: Awaited<ReturnType<typeof startS3Server>>;
let gcs: Awaited<ReturnType<typeof startGcsServer>>;
let samba: SambaPeer | undefined;
let github: Listening;
let dynatrace: Listening;
/** Requests the GitHub and Dynatrace fakes received. */
const hits: string[] = [];
let filesRoot: string;
let repo: string;

/** A bare repository with one commit on `main` and a tag, as a team's repository would be. */
function bareRepository(root: string): string {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], {
      cwd,
      stdio: 'pipe',
      env: { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: '1' },
    });
  const work = path.join(root, 'work');
  fs.mkdirSync(work);
  git(work, 'init', '--quiet', '--initial-branch=main');
  fs.writeFileSync(path.join(work, 'deploy.yaml'), 'kind: Deployment\n');
  git(work, 'add', '.');
  git(work, 'commit', '--quiet', '-m', 'first');
  git(work, 'tag', 'v1.0.0');
  const bare = path.join(root, 'infra.git');
  git(root, 'clone', '--quiet', '--bare', work, bare);
  return bare;
}

beforeAll(async () => {
  filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-conn-clients-'));
  if (!why.git) repo = bareRepository(filesRoot);
  [kube, loki, s3, s3Denied, gcs, samba] = await Promise.all([
    fakeKubernetes(KUBE_TOKEN),
    fakeLoki(
      [{ ts: new Date(), line: 'started', stream: { app: 'shop', namespace: 'prod' } }],
      undefined,
      basic('grafana', 'loki-pass'),
    ),
    startS3Server({ backups: { 'monday.tar': { size: 3 } }, empty: {} }, { accessKey: ACCESS_KEY }),
    startS3Server({ backups: {} }, { accessKey: ACCESS_KEY, denyListBuckets: true }),
    startGcsServer({ reports: { 'a.csv': { size: 1 } } }),
    why.samba ? undefined : startSamba(),
  ]);
  if (samba) fs.writeFileSync(path.join(samba.sharePath, 'backup.zip'), 'x');
  github = await httpServer((req, res) => {
    hits.push(`github ${req.url}`);
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${GITHUB_TOKEN}`)
      return res
        .writeHead(401)
        .end('{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest"}');
    if (req.url === '/user') return res.end('{"login":"octo","id":1,"name":"Octo Cat"}');
    res.writeHead(404).end('{"message":"Not Found"}');
  });
  dynatrace = await httpServer((req, res) => {
    hits.push(`dynatrace ${req.url}`);
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Api-Token ${DYNATRACE_TOKEN}`)
      return res.writeHead(401).end('{"error":{"code":401,"message":"Token Authentication failed"}}');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/v2/problems')
      return res.end(
        JSON.stringify({
          totalCount: 2,
          pageSize: Number(url.searchParams.get('pageSize')),
          problems: [{ problemId: 'P-1', title: 'High CPU', status: 'OPEN' }],
        }),
      );
    res.writeHead(404).end('{}');
  });
}, START_TIMEOUT);

afterAll(async () => {
  await Promise.all([
    kube?.close(),
    loki?.close(),
    s3?.close(),
    s3Denied?.close(),
    gcs?.close(),
    samba?.stop(),
    github?.close(),
    dynatrace?.close(),
  ]);
  fs.rmSync(filesRoot, { recursive: true, force: true });
});

describe.each(DB_KINDS)('Test Connection with the clients of checks, scrapers and backends on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { FILE_ROOTS: filesRoot });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  async function test(input: ConnectionInput) {
    const id = await createConnection(server, undefined, { ...input, name: `${input.name}-${kind}` });
    return { id, ...(await testStored(server, undefined, id)) };
  }
  const retest = (id: string, patch: Record<string, unknown>) => changeAndTest(server, undefined, id, patch);

  it('Kubernetes: the API server version and who the kubeconfig signs in as; a wrong token is refused', async () => {
    const ok = await test({ name: 'cluster', type: 'kubernetes', certificate: kube.kubeconfig });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toEqual({
      server: kube.url,
      version: 'v1.30.2',
      user: 'system:serviceaccount:ops:opsdeck',
    });
    expect(kube.requests).toContain('/apis/authentication.k8s.io/v1/selfsubjectreviews');

    const broken = await retest(ok.id, { certificate: tokenKubeconfig(kube.url, 'stolen-token') });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('GET /version: HTTP 401 unauthorized (check the kubeconfig credentials)');
  });

  it('Kubernetes: a kubeconfig that would run a program is refused before any request', async () => {
    const before = kube.requests.length;
    const exec = `${tokenKubeconfig(kube.url, KUBE_TOKEN).replace(
      `user: {token: ${KUBE_TOKEN}}`,
      'user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: /bin/sh}}',
    )}`;
    const refused = await test({ name: 'exec-cluster', type: 'kubernetes', certificate: exec });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/exec/);
    expect(kube.requests.length).toBe(before);
  });

  it.skipIf(why.git)(
    'Git: lists the branches and tags of a local repository; a missing ref, a remote URL and a path outside the file roots are refused',
    async () => {
      const ok = await test({
        name: 'infra',
        type: 'git',
        url: `file://${repo}`,
        properties: { ref: 'main' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.payload).toMatchObject({ repository: repo, ref: 'main' });
      expect(Number(ok.body.payload?.refs)).toBeGreaterThanOrEqual(2);

      const tag = await retest(ok.id, { url: `file://${repo}?ref=v1.0.0` });
      expect(tag.status).toBe(200);
      expect(tag.body.payload).toMatchObject({ ref: 'v1.0.0' });

      const missingRef = await retest(ok.id, { url: `file://${repo}`, properties: { ref: 'release' } });
      expect(missingRef.status).toBe(400);
      expect(missingRef.body.error).toBe(`ref release is not a branch or tag of ${repo} (branches: main)`);

      const remote = await retest(ok.id, { url: 'https://git.example.com/team/infra.git' });
      expect(remote.status).toBe(400);
      expect(remote.body.error).toContain('only local file:// git repositories are read by this server');

      const outside = await retest(ok.id, { url: 'file:///etc' });
      expect(outside.status).toBe(400);
      expect(outside.body.error).toContain('outside the allowed file roots');
    },
  );

  it('GitHub: GET /user with the token; a revoked token is refused with GitHub’s words', async () => {
    const ok = await test({
      name: 'gh',
      type: 'github',
      password: GITHUB_TOKEN,
      url: `http://127.0.0.1:${github.port}`,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toEqual({ login: 'octo', name: 'Octo Cat' });
    const broken = await retest(ok.id, { password: 'ghp_revoked' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toContain('HTTP 401');
    expect(broken.body.error).toContain('Bad credentials');
  });

  it('Loki: the label names with Basic auth; a wrong password is refused', async () => {
    const ok = await test({
      name: 'logs',
      type: 'loki',
      url: loki.url,
      username: 'grafana',
      password: 'loki-pass',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toEqual({ labels: 2, names: ['app', 'namespace'] });
    const broken = await retest(ok.id, { password: 'wrong' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toContain('HTTP 401');
  });

  it('Dynatrace: the problems API with the Api-Token; a wrong token is refused', async () => {
    const ok = await test({
      name: 'dt',
      type: 'dynatrace',
      url: `http://127.0.0.1:${dynatrace.port}`,
      password: DYNATRACE_TOKEN,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toEqual({ problems: 2 });
    const broken = await retest(ok.id, { password: 'dt0c01.old' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toContain('HTTP 401');
    expect(broken.body.error).toContain('Token Authentication failed');
  });

  it('AWS S3: lists one object of the bucket; an unknown access key and a missing bucket are refused', async () => {
    const ok = await test({
      name: 'backups',
      type: 's3',
      url: s3.endpoint,
      username: ACCESS_KEY,
      password: 'secret',
      properties: { bucket: 'backups', region: 'eu-west-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toEqual({ bucket: 'backups', region: 'eu-west-1', empty: false });
    expect(s3.requests).toContain('GET /backups/?list-type=2&max-keys=1');

    const empty = await retest(ok.id, { properties: { bucket: 'empty', region: 'eu-west-1' } });
    expect(empty.body.payload).toEqual({ bucket: 'empty', region: 'eu-west-1', empty: true });

    const wrongKey = await retest(ok.id, { username: 'AKIDREVOKED', properties: { bucket: 'backups' } });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.error).toMatch(/^ListObjectsV2 backups: InvalidAccessKeyId \(HTTP 403\)/);

    const missing = await retest(ok.id, { username: ACCESS_KEY, properties: { bucket: 'nope' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^ListObjectsV2 nope: NoSuchBucket \(HTTP 404\)/);
  });

  it('AWS: ListBuckets through the S3 client; keys that may not list buckets still pass, an unknown key does not', async () => {
    const ok = await test({
      name: 'account',
      type: 'aws',
      url: s3.endpoint,
      username: ACCESS_KEY,
      password: 'secret',
      properties: { region: 'eu-central-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toEqual({ region: 'eu-central-1', keys: 'accepted', owner: 'tester' });

    const denied = await retest(ok.id, { url: s3Denied.endpoint });
    expect(denied.status).toBe(200);
    expect(denied.body.payload).toEqual({
      region: 'eu-central-1',
      keys: 'accepted',
      buckets: 'not permitted to list buckets (AccessDenied)',
    });

    const wrongKey = await retest(ok.id, { url: s3.endpoint, username: 'AKIDREVOKED' });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.error).toMatch(/^ListBuckets: InvalidAccessKeyId \(HTTP 403\)/);
  });

  it('Google Cloud Storage: lists one object of the bucket; a missing bucket is refused', async () => {
    const ok = await test({
      name: 'reports',
      type: 'gcs',
      url: gcs.endpoint,
      properties: { bucket: 'reports' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toEqual({ bucket: 'reports', empty: false });
    expect(
      gcs.requests.some((r) => r.includes('/storage/v1/b/reports/o?') && r.includes('maxResults=1')),
    ).toBe(true);

    const missing = await retest(ok.id, { properties: { bucket: 'nope' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('listing gs://nope: HTTP 404 The specified bucket does not exist.');
  });

  it('Google Cloud: one bucket of the project through the Cloud Storage client; an endpoint that does not answer fails', async () => {
    const ok = await test({ name: 'gcp', type: 'google_cloud', url: gcs.endpoint });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toEqual({ project: 'opsdeck-check', buckets: 1 });

    const down = await retest(ok.id, { url: `http://127.0.0.1:${await closedPort()}` });
    expect(down.status).toBe(400);
    expect(down.body.error).toMatch(/^listing buckets: .*ECONNREFUSED/);
  });

  it.skipIf(why.samba)(
    'SMB: lists the share with smbclient; a wrong password and a missing share are refused',
    async () => {
      const peer = samba as SambaPeer;
      const ok = await test({
        name: 'nas',
        type: 'smb',
        username: peer.user,
        password: peer.password,
        properties: { server: '127.0.0.1', port: String(peer.port), share: peer.share },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.payload).toMatchObject({ server: '127.0.0.1', port: peer.port, share: peer.share });
      expect(Number(ok.body.payload?.entries)).toBeGreaterThan(0);

      const broken = await retest(ok.id, { password: 'not-it' });
      expect(broken.status).toBe(400);
      expect(broken.body.error).toBe(
        `SMB login as ${peer.user} to //127.0.0.1:${peer.port}/${peer.share} failed: wrong username or password`,
      );

      const noShare = await retest(ok.id, {
        password: peer.password,
        properties: { server: '127.0.0.1', port: String(peer.port), share: 'nope' },
      });
      expect(noShare.status).toBe(400);
      expect(noShare.body.error).toBe(`share nope does not exist on 127.0.0.1:${peer.port}`);
    },
  );
});

describe('Test Connection through the outbound policy, for every client above', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { OUTBOUND_DENY_LOOPBACK: 'true', FILE_ROOTS: filesRoot });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('refuses a loopback peer with the policy’s reason, and never connects to it', async () => {
    const aws = { username: ACCESS_KEY, password: 'secret', url: s3.endpoint };
    const inputs: ConnectionInput[] = [
      { name: 'p-kube', type: 'kubernetes', certificate: kube.kubeconfig },
      { name: 'p-github', type: 'github', password: GITHUB_TOKEN, url: `http://127.0.0.1:${github.port}` },
      { name: 'p-loki', type: 'loki', url: loki.url },
      {
        name: 'p-dt',
        type: 'dynatrace',
        url: `http://127.0.0.1:${dynatrace.port}`,
        password: DYNATRACE_TOKEN,
      },
      { name: 'p-s3', type: 's3', ...aws, properties: { bucket: 'backups' } },
      { name: 'p-aws', type: 'aws', ...aws },
      { name: 'p-gcs', type: 'gcs', url: gcs.endpoint, properties: { bucket: 'reports' } },
      { name: 'p-gcp', type: 'google_cloud', url: gcs.endpoint },
      { name: 'p-smb', type: 'smb', properties: { server: '127.0.0.1', port: '445', share: 'files' } },
    ];
    const before = [
      kube.requests.length,
      loki.requests.length,
      s3.requests.length,
      gcs.requests.length,
      hits.length,
    ];
    for (const input of inputs) {
      const id = await createConnection(server, undefined, input);
      const answer = await testStored(server, undefined, id);
      expect(answer.status, input.type).toBe(400);
      expect(answer.body.error, input.type).toContain('loopback addresses are not allowed');
    }
    expect([
      kube.requests.length,
      loki.requests.length,
      s3.requests.length,
      gcs.requests.length,
      hits.length,
    ]).toEqual(before);
  });
});
