import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { bundledDemoDir } from '../../sandbox/file-roots.js';

/** The bundled manifests: apps/server/demo/catalog from source, dist/demo/catalog when built. */
function bundledDir(): string | undefined {
  const demo = bundledDemoDir();
  const dir = demo && path.join(demo, 'catalog');
  return dir && fs.existsSync(dir) ? dir : undefined;
}

export const DEMO_FOLDER = 'demo-catalog';
/** Where the demo's copy lives, relative to DATA_DIR: inside DATA_DIR/files, a default file root. */
export const DEMO_CATALOG_PATH = `files/${DEMO_FOLDER}`;
const DAY = 86_400_000;

/**
 * Copies the manifests into `baseDir`/demo-catalog once (the server passes DATA_DIR/files),
 * dating the certificate from today.
 */
export function ensureDemoCatalog(baseDir: string): string | undefined {
  const target = path.join(baseDir, DEMO_FOLDER);
  if (fs.existsSync(target)) return target;
  const source = bundledDir();
  if (!source) return undefined;
  fs.mkdirSync(baseDir, { recursive: true });
  fs.cpSync(source, target, { recursive: true });
  const cert = path.join(target, 'kubernetes', 'certificates.yaml');
  if (fs.existsSync(cert)) {
    const now = Date.now();
    const text = fs
      .readFileSync(cert, 'utf8')
      .replace('__ISSUED_80_DAYS_AGO__', new Date(now - 80 * DAY).toISOString())
      .replace('__EXPIRES_IN_10_DAYS__', new Date(now + 10 * DAY).toISOString());
    fs.writeFileSync(cert, text);
  }
  return target;
}

type Doc = {
  metadata?: { name?: string };
  spec?: { replicas?: number; template?: { spec?: { containers?: { image?: string }[] } } };
  status?: Record<string, number>;
};

type YamlDoc = ReturnType<typeof YAML.parseAllDocuments>[number];

function scaleDeployment(doc: YamlDoc, random: () => number): string | undefined {
  const d = doc.toJS() as Doc;
  if (!d.spec) return undefined;
  const name = d.metadata?.name ?? 'deployment';
  const replicas = d.spec.replicas ?? 1;
  const next = replicas >= 4 ? replicas - 1 : replicas <= 1 ? 2 : replicas + (random() < 0.5 ? 1 : -1);
  doc.setIn(['spec', 'replicas'], next);
  doc.setIn(['status', 'replicas'], next);
  doc.setIn(['status', 'updatedReplicas'], next);
  if (d.status?.readyReplicas === replicas) doc.setIn(['status', 'readyReplicas'], next);
  return `scaled ${name} from ${replicas} to ${next} replicas`;
}

function bumpImage(doc: YamlDoc): string | undefined {
  const d = doc.toJS() as Doc;
  const image = d.spec?.template?.spec?.containers?.[0]?.image;
  const m = image ? /^(.*:)(\d+)\.(\d+)\.(\d+)$/.exec(image) : null;
  if (!m) return undefined;
  const next = `${m[1]}${m[2]}.${m[3]}.${Number(m[4]) + 1}`;
  doc.setIn(['spec', 'template', 'spec', 'containers', 0, 'image'], next);
  return `rolled ${d.metadata?.name ?? 'deployment'} out to ${next}`;
}

/**
 * One plausible operator action on the demo cluster: scale a deployment or roll out a new
 * image patch version. Returns what it did, or undefined when there was nothing to change.
 */
export function mutateDemoCatalog(baseDir: string, random = Math.random): string | undefined {
  const file = path.join(baseDir, DEMO_FOLDER, 'kubernetes', 'deployments.yaml');
  if (!fs.existsSync(file)) return undefined;
  const docs = YAML.parseAllDocuments(fs.readFileSync(file, 'utf8'));
  // An empty document (a trailing '---') parses to null.
  const deployments = docs.filter((d) => (d.toJS() as { kind?: string } | null)?.kind === 'Deployment');
  // Start at a random deployment and take the first that the chosen action applies to.
  const start = Math.floor(random() * deployments.length);
  const scale = random() < 0.5;
  let what: string | undefined;
  for (let i = 0; i < deployments.length && !what; i++) {
    const doc = deployments[(start + i) % deployments.length];
    if (doc) what = scale ? scaleDeployment(doc, random) : bumpImage(doc);
  }
  if (!what) return undefined;
  fs.writeFileSync(file, docs.map((x) => x.toString()).join('---\n'));
  return what;
}
