import fs from 'node:fs/promises';
import YAML from 'yaml';
import { allowedRealPath, OutsideFileRootsError, resolveSpecPath, type FileAccess } from './file-roots.js';

/**
 * Kubeconfigs given in specs (Kubernetes scrapers now, Kubernetes checks later) may carry
 * credentials, never instructions to run programs or read the server's files: no `exec` or
 * `auth-provider` users, no file-path fields (their `-data` forms are fine). A kubeconfig
 * given as a path must lie inside the file roots. The server's own credentials (in-cluster
 * service account, KUBECONFIG) are used only when the spec says `inCluster: true`.
 */
export type SpecKubeconfigFields = { kubeconfig?: string | { value: string }; inCluster?: boolean };

/** Checked credentials: kubeconfig text to load, or the server's own. */
export type CheckedKubeconfig = { kind: 'text'; text: string } | { kind: 'server' };

export class KubeconfigRefusedError extends Error {}
/** A kubeconfig file the spec names is not there (yet): fine at save time, a failure at run time. */
class KubeconfigMissingError extends KubeconfigRefusedError {}

const FILE_FIELDS: Record<string, Record<string, string>> = {
  user: {
    tokenFile: 'token',
    'token-file': 'token',
    'client-certificate': 'client-certificate-data',
    'client-key': 'client-key-data',
  },
  cluster: { 'certificate-authority': 'certificate-authority-data' },
};

type Named = { name?: unknown; [k: string]: unknown };

function entries(doc: Record<string, unknown>, list: 'users' | 'clusters', field: 'user' | 'cluster') {
  const items = doc[list];
  if (!Array.isArray(items)) return [];
  return items.map((raw: unknown, i) => {
    const e = (raw && typeof raw === 'object' ? raw : {}) as Named;
    const body = e[field];
    const label = `${list}[${i}]${typeof e.name === 'string' ? ` (${e.name})` : ''}`;
    return { label, body: (body && typeof body === 'object' ? body : {}) as Record<string, unknown> };
  });
}

/** What is wrong with kubeconfig text from a spec, one line each; [] when it may be used. */
export function kubeconfigProblems(text: string): string[] {
  let doc: unknown;
  try {
    doc = YAML.parse(text, { maxAliasCount: 100 });
  } catch (e) {
    return [`not valid YAML (${(e as Error).message.split('\n')[0]})`];
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return ['must be a kubeconfig document'];
  const d = doc as Record<string, unknown>;
  const problems: string[] = [];
  for (const { label, body } of entries(d, 'users', 'user')) {
    if (body.exec !== undefined)
      problems.push(`${label}: exec credential plugins are not allowed (they run a program on the server)`);
    if (body['auth-provider'] !== undefined)
      problems.push(`${label}: auth-provider is not allowed (it runs programs or reads files on the server)`);
  }
  for (const [field, list] of [
    ['user', 'users'],
    ['cluster', 'clusters'],
  ] as const) {
    for (const { label, body } of entries(d, list, field)) {
      for (const [key, instead] of Object.entries(FILE_FIELDS[field] ?? {})) {
        if (body[key] !== undefined)
          problems.push(`${label}: ${key} reads a file on the server; give ${instead} instead`);
      }
    }
  }
  return problems;
}

/** The server's own credentials may reference its files, but may not run programs. */
export function serverCredentialProblems(users: { name: string; exec?: unknown; authProvider?: unknown }[]) {
  return users
    .filter((u) => u.exec || u.authProvider)
    .map(
      (u) =>
        `the server's kubeconfig user ${u.name} runs a credential program (exec/auth-provider), which is not allowed`,
    );
}

function refuse(problems: string[]): never {
  throw new KubeconfigRefusedError(problems.join('; '));
}

/**
 * The kubeconfig a spec entry may use, checked; throws KubeconfigRefusedError saying why not.
 * Inline text (a string or `{value}` with line breaks, or JSON) is checked as is; one line is
 * a file path, read through its real path inside the file roots, then checked the same way.
 */
export async function checkedKubeconfig(
  entry: SpecKubeconfigFields,
  access: FileAccess,
): Promise<CheckedKubeconfig> {
  const k = entry.kubeconfig;
  if (k === undefined) {
    if (entry.inCluster === true) return { kind: 'server' };
    refuse([
      "required: give a kubeconfig (inline YAML or a file inside the file roots), or set inCluster: true to use the server's own credentials",
    ]);
  }
  if (entry.inCluster === true) refuse(['give either a kubeconfig or inCluster: true, not both']);
  let text: string;
  // canary-checker's kubeconfig is an EnvVar: its value (or a string) is the document, or a
  // file path when it is one line that is not JSON.
  const given = typeof k === 'object' ? k.value : k;
  if (given.includes('\n') || given.trimStart().startsWith('{')) text = given;
  else {
    let real: string;
    try {
      real = await allowedRealPath(resolveSpecPath(given, access), access);
    } catch (e) {
      if (e instanceof OutsideFileRootsError) refuse([e.message]);
      throw e;
    }
    try {
      text = await fs.readFile(real, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new KubeconfigMissingError(`file ${given} does not exist`);
      refuse([`cannot read ${given}: ${code ?? (e as Error).message}`]);
    }
  }
  const problems = kubeconfigProblems(text);
  if (problems.length) refuse(problems);
  return { kind: 'text', text };
}

/** Save-time check: why the entry's credentials would be refused, or undefined (a missing file is fine). */
export async function kubeconfigSaveProblem(
  entry: SpecKubeconfigFields,
  access: FileAccess,
): Promise<string | undefined> {
  try {
    await checkedKubeconfig(entry, access);
    return undefined;
  } catch (e) {
    if (e instanceof KubeconfigMissingError) return undefined;
    if (e instanceof KubeconfigRefusedError) return e.message;
    throw e;
  }
}
