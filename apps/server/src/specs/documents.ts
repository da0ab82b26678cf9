import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { DocumentError } from './errors.js';
import { CLUSTER_KINDS, kindOf, SPEC_KINDS, type SpecDocument } from './types.js';

const documentSchema = z
  .object({
    apiVersion: z.string().optional(),
    kind: z.string({ error: 'kind is required' }),
    metadata: z
      .object({
        name: z.string({ error: 'metadata.name is required' }).min(1, 'metadata.name is required'),
        namespace: z.string().min(1).optional(),
        labels: z.record(z.string(), z.string()).optional(),
      })
      .loose(),
    spec: z.unknown().optional(),
  })
  .loose();

const SPEC_FILE = /\.(ya?ml|json)$/i;

/** Every YAML or JSON file of a path: the file itself, or a directory's, recursively, sorted. */
function filesOf(target: string): string[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    throw new DocumentError(`${target}: no such file or directory`);
  }
  if (stat.isFile()) return [target];
  if (!stat.isDirectory()) throw new DocumentError(`${target}: not a file or directory`);
  return fs
    .readdirSync(target, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const full = path.join(target, e.name);
      if (e.isDirectory()) return filesOf(full);
      return e.isFile() && SPEC_FILE.test(e.name) ? [full] : [];
    });
}

/** The documents of one file's text; an empty document (`---` at the end) is skipped. */
export function parseDocuments(file: string, text: string): SpecDocument[] {
  const out: SpecDocument[] = [];
  const docs = YAML.parseAllDocuments(text);
  docs.forEach((doc, i) => {
    const where = docs.length > 1 ? `${file} (document ${i + 1})` : file;
    if (doc.errors.length) throw new DocumentError(`${where}: not valid YAML: ${doc.errors[0]?.message}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) return;
    // A kubectl-style `kind: List` holds its documents in `items`.
    if (isList(value)) {
      value.items.forEach((item, j) => out.push(readDocument(`${where} item ${j + 1}`, file, i + 1, item)));
      return;
    }
    out.push(readDocument(where, file, i + 1, value));
  });
  return out;
}

function isList(value: unknown): value is { items: unknown[] } {
  const v = value as { kind?: unknown; items?: unknown };
  return typeof value === 'object' && v.kind === 'List' && Array.isArray(v.items);
}

function readDocument(where: string, file: string, index: number, value: unknown): SpecDocument {
  const parsed = documentSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new DocumentError(`${where}: ${at}${issue?.message ?? 'not a document'}`);
  }
  const kind = kindOf(parsed.data.kind);
  if (!kind) {
    throw new DocumentError(
      `${where}: kind ${parsed.data.kind} is not one Opsdeck stores; the kinds are ${SPEC_KINDS.join(', ')}`,
    );
  }
  const { metadata } = parsed.data;
  return {
    file,
    index,
    kind,
    name: metadata.name,
    namespace: CLUSTER_KINDS.includes(kind) ? 'default' : (metadata.namespace ?? 'default'),
    labels: metadata.labels ?? {},
    // The server's schemas name the kind as Opsdeck spells it.
    document: { ...parsed.data, kind },
  };
}

/** The documents of every path given with -f, in file order; the same object twice is refused. */
export function readDocuments(targets: string[]): SpecDocument[] {
  const docs = targets.flatMap(filesOf).flatMap((file) => {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new DocumentError(`${file}: ${(e as Error).message}`);
    }
    return parseDocuments(file, text);
  });
  const seen = new Map<string, SpecDocument>();
  for (const d of docs) {
    const key = objectKey(d);
    const first = seen.get(key);
    if (first) throw new DocumentError(`${key} is in both ${first.file} and ${d.file}: keep one`);
    seen.set(key, d);
  }
  return docs;
}

/** `Canary/default/web`: how the object is named in messages and in the printed plan. */
export function objectKey(d: Pick<SpecDocument, 'kind' | 'namespace' | 'name'>): string {
  return `${d.kind}/${d.namespace}/${d.name}`;
}
