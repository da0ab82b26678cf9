/**
 * `npm run test:image`: builds the Dockerfile with podman and proves the image works — it serves
 * /readyz (and its HEALTHCHECK passes) with a read-only root filesystem as its non-root user,
 * runs an http check through the API, keeps its data across a stop (SIGTERM through tini) and a
 * start, never seeds demo data, runs `opsdeck`, `npx opsdeck` and `admin reset-password` as
 * printed, runs a script inside bubblewrap, and the same image
 * runs as an agent of the first. Needs root, podman and mmdebstrap or debootstrap (docs/deploy.md).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Browser } from '../../auth/browser.js';
import { ensureBaseImage } from './base-image.js';
import { inspectImage, runInImage, startInImage, type RunOptions, type Running } from './chroot-run.js';

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const IMAGE = 'localhost/opsdeck:test';
const WORK = process.env.OPSDECK_IMAGE_TEST_DIR ?? '/var/tmp/opsdeck-image-test';
const started = Date.now();
/** What the server's isolation probe asks of bubblewrap (sandbox/isolation.ts): namespaces and a /proc of its own. */
const BWRAP_PROBE = [
  '--unshare-user',
  '--unshare-pid',
  '--die-with-parent',
  '--ro-bind',
  '/',
  '/',
  '--proc',
  '/proc',
  '--dev',
  '/dev',
  '--',
  'true',
];

function log(message: string): void {
  console.log(`test:image: [${Math.round((Date.now() - started) / 1000)}s] ${message}`);
}

function check(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(`FAILED: ${message}`);
  log(`ok - ${message}`);
}

function preflight(): void {
  if (process.getuid?.() !== 0) throw new Error('run as root (podman, chroot and mounts need it)');
  const missing = ['podman', 'unshare', 'chroot', 'tar'].filter(
    (c) => spawnSync('sh', ['-c', `command -v ${c}`]).status !== 0,
  );
  if (spawnSync('sh', ['-c', 'command -v mmdebstrap || command -v debootstrap']).status !== 0)
    missing.push('mmdebstrap (or debootstrap)');
  if (missing.length)
    throw new Error(`missing ${missing.join(', ')}: apt-get install podman mmdebstrap (see docs/deploy.md)`);
}

/** The base image the Dockerfile builds FROM (its NODE_IMAGE default). */
function dockerfileBase(): string {
  const text = fs.readFileSync(path.join(REPO, 'Dockerfile'), 'utf8');
  const name = /^ARG NODE_IMAGE=(\S+)/m.exec(text)?.[1];
  if (!name) throw new Error('Dockerfile: no ARG NODE_IMAGE=… default');
  return name.includes('/') ? name : `docker.io/library/${name}`;
}

function build(version: string): void {
  const revision = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: REPO,
    encoding: 'utf8',
  }).stdout.trim();
  const previous = spawnSync('podman', ['image', 'inspect', '--format', '{{.Id}}', IMAGE], {
    encoding: 'utf8',
  }).stdout.trim();
  log(`podman build ${IMAGE}`);
  execFileSync(
    'podman',
    [
      'build',
      '--isolation=chroot',
      '--network=host',
      '--pull=never',
      // HEALTHCHECK is a Docker image field; the OCI format has none.
      '--format=docker',
      '--layers',
      '--build-arg',
      `VERSION=${version}`,
      '--build-arg',
      `REVISION=${revision || 'unknown'}`,
      '-t',
      IMAGE,
      REPO,
    ],
    { stdio: ['ignore', process.env.OPSDECK_IMAGE_TEST_QUIET ? 'ignore' : 'inherit', 'inherit'] },
  );
  const now = spawnSync('podman', ['image', 'inspect', '--format', '{{.Id}}', IMAGE], {
    encoding: 'utf8',
  }).stdout.trim();
  // The previous build's image, now untagged: its layers stay in the build cache.
  if (previous && previous !== now) spawnSync('podman', ['rmi', previous], { stdio: 'ignore' });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, run?: Running): Promise<T> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (run && run.child.exitCode !== null) throw new Error(`${what}: the process exited\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`${what}: gave up after 180 s\n${run?.output() ?? ''}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function ready(base: string, run: Running): Promise<void> {
  await waitFor(
    'GET /readyz',
    async () => ((await fetch(`${base}/readyz`)).status === 200 ? true : undefined),
    run,
  );
}

/** Stops the server as a runtime does (SIGTERM to PID 1) and returns its exit code. */
async function stop(run: Running): Promise<number | null> {
  const init = run.initPid();
  if (init) process.kill(init, 'SIGTERM');
  return run.exited;
}

type Json = Record<string, unknown>;
async function api(
  b: Browser,
  method: string,
  p: string,
  body?: unknown,
): Promise<{ status: number; body: Json & Json[] }> {
  const res = await b.fetch(p, body === undefined ? { method } : { method, json: body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json & Json[] };
}

async function main(): Promise<void> {
  preflight();
  const version = (
    JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }
  ).version;
  ensureBaseImage(dockerfileBase());
  build(version);

  const info = inspectImage(IMAGE);
  check(info.user === '10001:10001', `runs as the non-root user 10001 (User ${info.user})`);
  check(
    JSON.stringify(info.entrypoint) === JSON.stringify(['/usr/bin/tini', '--', 'opsdeck']),
    `PID 1 is tini, which execs opsdeck with no shell between (${info.entrypoint.join(' ')})`,
  );
  check(JSON.stringify(info.cmd) === '["serve"]', 'the default command is `serve`, without --demo');
  check(info.env.HOST === '0.0.0.0' && info.env.DATA_DIR === '/data', 'HOST=0.0.0.0 and DATA_DIR=/data');
  check(info.healthcheck?.join(' ').includes('/readyz'), 'HEALTHCHECK asks /readyz');
  check(
    info.labels['org.opencontainers.image.version'] === version &&
      'org.opencontainers.image.source' in info.labels,
    `OCI labels carry the version (${version}) and the source`,
  );

  fs.rmSync(WORK, { recursive: true, force: true });
  const mountPoint = path.join(WORK, 'root');
  const dataDir = path.join(WORK, 'data');
  const agentDir = path.join(WORK, 'agent-data');
  for (const d of [mountPoint, dataDir, agentDir]) fs.mkdirSync(d, { recursive: true });
  // A new volume takes the image's /data owner; here the folders are made for it.
  for (const d of [dataDir, agentDir]) {
    fs.chownSync(d, 10001, 10001);
    fs.chmodSync(d, 0o700);
  }
  const root = execFileSync('podman', ['image', 'mount', IMAGE], { encoding: 'utf8' }).trim();
  const running: Running[] = [];
  try {
    const base = { root, mountPoint, config: info } satisfies Partial<RunOptions>;
    const agentMount = path.join(WORK, 'agent-root');
    fs.mkdirSync(agentMount);

    const help = await runInImage({ ...base, args: ['--help'] });
    check(help.code === 0 && help.output.includes('Usage: opsdeck'), '`opsdeck --help` runs in the image');
    const npx = await runInImage({ ...base, entrypoint: [], args: ['npx', 'opsdeck', '--help'] });
    check(
      npx.code === 0 && npx.output.includes('Usage: opsdeck'),
      '`npx opsdeck --help` runs in the image (WORKDIR /app)',
    );
    const bwrap = await runInImage({ ...base, entrypoint: [], args: ['bwrap', '--version'] });
    check(bwrap.code === 0, `bubblewrap is installed (${bwrap.output.trim()})`);
    // What scripts need from the runtime (docs/deploy.md, "Scripts in a container"): with /proc
    // masked as runtimes do by default, bubblewrap cannot mount the /proc of its PID namespace.
    const sandbox = ['bwrap', ...BWRAP_PROBE];
    const masked = await runInImage({ ...base, entrypoint: [], args: sandbox, maskProc: true });
    check(
      masked.code !== 0 && /proc/i.test(masked.output),
      `with /proc masked as runtimes do by default, bubblewrap cannot start (${masked.output.trim()})`,
    );
    const unmasked = await runInImage({ ...base, entrypoint: [], args: sandbox });
    check(
      unmasked.code === 0,
      `with /proc unmasked and user namespaces allowed, bubblewrap starts as uid 10001 ${unmasked.output.trim()}`,
    );

    const port = await freePort();
    const password = crypto.randomBytes(12).toString('base64url');
    const serverEnv = { PORT: String(port), ADMIN_PASSWORD: password, LOG_LEVEL: 'warn' };
    const consoleUrl = `http://127.0.0.1:${port}`;
    let server = startInImage({ ...base, dataDir, args: info.cmd, env: serverEnv });
    running.push(server);
    await ready(consoleUrl, server);
    check(true, `serves /readyz on a read-only root filesystem as uid 10001 (${consoleUrl})`);
    const health = await runInImage({
      ...base,
      entrypoint: [],
      args: info.healthcheck?.slice(1) ?? [],
      env: serverEnv,
    });
    check(health.code === 0, 'the HEALTHCHECK command passes');

    const b = new Browser(consoleUrl);
    const login = await b.login('admin@localhost', password);
    check(login.status === 200, `the first admin signs in (${login.status})`);
    const canaries = await api(b, 'GET', '/api/db/canaries?select=name');
    check(
      canaries.status === 200 && canaries.body.length === 0,
      'a production start seeds no demo data (no canaries)',
    );
    const saved = await api(b, 'POST', '/api/db/canaries', {
      name: 'image-self',
      spec: { http: [{ name: 'image-readyz', url: `${consoleUrl}/readyz`, responseCodes: [200] }] },
    });
    check(
      saved.status < 300,
      `a canary with an http check is saved (${saved.status} ${JSON.stringify(saved.body)})`,
    );
    const checks = await api(b, 'GET', '/api/db/checks?select=id&name=eq.image-readyz');
    const checkId = String(checks.body[0]?.id ?? '');
    const ran = await api(b, 'POST', `/api/canary/run/check/${checkId}`);
    check(
      ran.status === 200 && ran.body.failed === 0,
      `Run Now: the check passes (${JSON.stringify(ran.body)})`,
    );

    // A script runs isolated in the image: bubblewrap hides DATA_DIR (and its key) from it.
    const script = await api(b, 'POST', '/api/db/canaries', {
      name: 'image-script',
      spec: {
        exec: [
          {
            name: 'image-exec',
            script: 'test ! -e /data/secret.key && test -d /proc/1 && echo "isolated as $(id -u)"',
          },
        ],
      },
    });
    check(script.status < 300, `a canary with an exec check is saved (${script.status})`);
    const execId = String(
      (await api(b, 'GET', '/api/db/checks?select=id&name=eq.image-exec')).body[0]?.id ?? '',
    );
    const execRan = await api(b, 'POST', `/api/canary/run/check/${execId}`);
    const execResult = await api(
      b,
      'GET',
      `/api/db/check_statuses?select=status,message,error&check_id=eq.${execId}&order=time.desc&limit=1`,
    );
    check(
      execRan.status === 200 && execRan.body.failed === 0 && execResult.body[0]?.status === true,
      `Run Now: the exec check passes inside bubblewrap, DATA_DIR out of its sight (${JSON.stringify(execResult.body[0])})`,
    );

    // The same image as an agent of this console.
    const agent = await api(b, 'POST', '/api/agent/generate', { name: 'image-agent', properties: {} });
    check(agent.status === 201, 'an agent is created on the console');
    const agentPort = await freePort();
    const agentRun = startInImage({
      ...base,
      mountPoint: agentMount,
      dataDir: agentDir,
      args: ['agent'],
      env: {
        PORT: String(agentPort),
        UPSTREAM_URL: consoleUrl,
        UPSTREAM_TOKEN: String(agent.body.access_token),
        AGENT_NAME: 'image-agent',
        LOG_LEVEL: 'warn',
      },
    });
    running.push(agentRun);
    await ready(`http://127.0.0.1:${agentPort}`, agentRun);
    await waitFor(
      'the agent pings the console',
      async () => {
        const seen = await api(b, 'GET', '/api/db/agents?select=last_seen&name=eq.image-agent');
        return seen.body[0]?.last_seen ? true : undefined;
      },
      agentRun,
    );
    check(true, 'the same image runs `agent`: the console sees it (last_seen)');
    check((await stop(agentRun)) === 0, 'the agent stops on SIGTERM with exit code 0');

    const key = fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8');
    const code = await stop(server);
    check(code === 0, `SIGTERM to PID 1 (tini) reaches the server, which shuts down cleanly (exit ${code})`);
    const written = fs.readdirSync(dataDir).sort();
    check(written.includes('pgdata'), `DATA_DIR holds the data (${written.join(', ')})`);

    // As docs/deploy.md prints it for the embedded database: the server stopped, then
    // `docker run --rm -v opsdeck-data:/data IMAGE admin reset-password`.
    const reset = await runInImage({ ...base, dataDir, args: ['admin', 'reset-password'] });
    const newPassword = /password: +(\S+)/.exec(reset.output)?.[1];
    check(
      reset.code === 0 && newPassword !== undefined && newPassword !== password,
      '`admin reset-password` runs in the image and prints a new password',
    );

    server = startInImage({ ...base, dataDir, args: info.cmd, env: serverEnv });
    running.push(server);
    await ready(consoleUrl, server);
    const again = new Browser(consoleUrl);
    check(
      (await again.login('admin@localhost', newPassword)).status === 200 &&
        (await new Browser(consoleUrl).login('admin@localhost', password)).status !== 200,
      'after a restart the admin signs in with the new password, and no longer with the old one',
    );
    const kept = await api(again, 'GET', '/api/db/canaries?select=name');
    check(
      JSON.stringify(kept.body.map((c) => c.name).sort()) === '["image-script","image-self"]',
      `after a restart the canaries are still there, and still no demo data (${JSON.stringify(kept.body)})`,
    );
    const statuses = await api(again, 'GET', `/api/db/check_statuses?select=status&check_id=eq.${checkId}`);
    check(
      statuses.body.length >= 1 && statuses.body.some((s) => s.status === true),
      `after a restart the check's passing result is still there (${statuses.body.length} results)`,
    );
    check(
      fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8') === key,
      'the secret key in DATA_DIR is kept',
    );
    check((await stop(server)) === 0, 'the second run stops cleanly too');
  } finally {
    for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    await Promise.all(running.map((r) => r.exited));
    spawnSync('podman', ['image', 'unmount', IMAGE], { stdio: 'ignore' });
  }
  fs.rmSync(WORK, { recursive: true, force: true });
  log(`passed in ${Math.round((Date.now() - started) / 1000)} s`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
