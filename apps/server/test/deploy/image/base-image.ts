import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The Dockerfile's base image (`node:22-bookworm-slim`) comes from a registry this machine cannot
 * reach, so the image test makes a stand-in under the same name from Debian packages: a minimal
 * Debian whose `nodejs` is at least the project's minimum (trixie: 20.19), this machine's npm
 * (the official images ship npm in /usr/local as well) and this machine's CA bundle (npm ci inside
 * the build goes through the same network as the host). The Debian tree is cached between runs;
 * an image already under that name that is not a stand-in (a pulled official one) is used as it is.
 */

const SUITE = 'trixie';
const PACKAGES = ['nodejs', 'ca-certificates'];
/** Bump when the recipe changes so cached trees are rebuilt. */
const RECIPE = 1;
export const CACHE_DIR = process.env.OPSDECK_IMAGE_BASE_CACHE ?? '/var/tmp/opsdeck-image-base';
const LABEL = 'org.opsdeck.test-base';
const HOST_CA = '/etc/ssl/certs/ca-certificates.crt';
const IMAGE_CA = 'etc/ssl/certs/host-ca-certificates.crt';

function log(message: string): void {
  console.log(`test:image: ${message}`);
}

/** The first Debian mirror apt on this machine uses (deb822 or one-line sources). */
function debianMirror(): string {
  const files = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list'];
  for (const dir of ['/etc/apt/sources.list.d']) {
    if (fs.existsSync(dir)) for (const f of fs.readdirSync(dir)) files.push(path.join(dir, f));
  }
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const uri =
      /^URIs:\s*(\S+\/debian)\/?\s*$/m.exec(text)?.[1] ??
      /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s/m.exec(text)?.[1];
    if (uri) return uri;
  }
  return 'http://deb.debian.org/debian';
}

function hostNpmDir(): string {
  const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  // /usr/bin/npm -> ../lib/node_modules/npm/bin/npm-cli.js
  return path.resolve(path.dirname(fs.realpathSync(npm)), '..');
}

function labelOf(image: string): string | undefined {
  const res = spawnSync('podman', ['image', 'inspect', '--format', `{{ index .Labels "${LABEL}" }}`, image], {
    encoding: 'utf8',
  });
  return res.status === 0 ? res.stdout.trim() : undefined;
}

/** Builds (or reuses) the cached Debian tree and returns its folder. */
function debianTree(mirror: string): string {
  const key = `${SUITE}-r${RECIPE}-${crypto
    .createHash('sha256')
    .update(`${mirror} ${PACKAGES.join(',')}`)
    .digest('hex')
    .slice(0, 12)}`;
  const dir = path.join(CACHE_DIR, key);
  const rootfs = path.join(dir, 'rootfs');
  if (fs.existsSync(path.join(dir, 'complete'))) {
    log(`Debian ${SUITE} tree from the cache (${dir})`);
    return rootfs;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  // mmdebstrap fetches with apt (in parallel, much faster); debootstrap does the same job.
  const tool =
    spawnSync('sh', ['-c', 'command -v mmdebstrap'], { encoding: 'utf8' }).status === 0
      ? 'mmdebstrap'
      : 'debootstrap';
  log(`${tool} ${SUITE} from ${mirror} (once; cached in ${CACHE_DIR})`);
  execFileSync(tool, ['--variant=minbase', `--include=${PACKAGES.join(',')}`, SUITE, rootfs, mirror], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const sub of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
    const at = path.join(rootfs, sub);
    for (const f of fs.readdirSync(at))
      if (f.endsWith('.deb') || f.includes('_dists_')) fs.rmSync(path.join(at, f), { force: true });
  }
  fs.writeFileSync(path.join(dir, 'complete'), new Date().toISOString());
  return rootfs;
}

/** Makes sure `image` exists: an official one as it is, else the stand-in (re-imported when its inputs changed). */
export function ensureBaseImage(image: string): void {
  const existing = labelOf(image);
  if (existing === '') {
    log(`${image} is present and is no stand-in: using it`);
    return;
  }
  const mirror = debianMirror();
  const npmDir = hostNpmDir();
  const npmVersion = (
    JSON.parse(fs.readFileSync(path.join(npmDir, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const ca = fs.existsSync(HOST_CA) ? fs.readFileSync(HOST_CA) : Buffer.alloc(0);
  const want = `${SUITE}-r${RECIPE}-npm${npmVersion}-ca${crypto.createHash('sha256').update(ca).digest('hex').slice(0, 12)}`;
  if (existing === want) {
    log(`${image}: the stand-in is up to date`);
    return;
  }
  const rootfs = debianTree(mirror);
  // What goes on top of the Debian tree: npm in /usr/local as in the official images, and the CA bundle.
  const stage = fs.mkdtempSync(path.join(CACHE_DIR, 'stage-'));
  try {
    fs.mkdirSync(path.join(stage, 'usr/local/lib/node_modules'), { recursive: true });
    fs.mkdirSync(path.join(stage, 'usr/local/bin'), { recursive: true });
    fs.cpSync(npmDir, path.join(stage, 'usr/local/lib/node_modules/npm'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(stage, 'usr/local/bin/npm'));
    fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(stage, 'usr/local/bin/npx'));
    fs.mkdirSync(path.join(stage, path.dirname(IMAGE_CA)), { recursive: true });
    fs.writeFileSync(path.join(stage, IMAGE_CA), ca);
    log(`importing the stand-in as ${image} (npm ${npmVersion})`);
    if (existing !== undefined) spawnSync('podman', ['rmi', '--force', image], { stdio: 'ignore' });
    execFileSync(
      'sh',
      [
        '-c',
        // Only new paths from the stage: an image layer may not name a path twice.
        'tar -c -C "$1" . -C "$2" ./usr/local/lib/node_modules/npm ./usr/local/bin/npm ./usr/local/bin/npx ' +
          `./${IMAGE_CA} | podman import ` +
          '--change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" ' +
          `--change "ENV NODE_EXTRA_CA_CERTS=/${IMAGE_CA}" ` +
          `--change "LABEL ${LABEL}=${want}" ` +
          '--change \'CMD ["node"]\' - "$3"',
        'sh',
        rootfs,
        stage,
        image,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
