import YAML from 'yaml';
import { z } from 'zod';
import { unifiedDiff } from '../lib/unified-diff.js';
import { appliedSchema, documentDigest, redactedDocument, type Applied } from './applied-record.js';
import type { ApiClient } from './client.js';
import { objectKey } from './documents.js';
import { KINDS } from './kinds.js';
import { CLUSTER_KINDS, SPEC_KINDS, type SpecDocument, type SpecKind } from './types.js';

const storedSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  source: z.string().nullish(),
  applied: appliedSchema.nullish(),
});
type Stored = z.infer<typeof storedSchema>;

export type Change =
  | {
      action: 'create' | 'update' | 'unchanged';
      kind: SpecKind;
      key: string;
      doc: SpecDocument;
      stored?: Stored;
      /** Why an update is one beyond the file's text: a hand edit, a UI-made object taken over. */
      note?: string;
      diff: string;
    }
  | { action: 'delete'; kind: SpecKind; key: string; stored: Stored; note?: string };

/** `app=web,tier=db`: every pair must be among an object's labels. */
export function parseSelector(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([^=!\s]+)=([^=\s]*)$/.exec(part);
    if (!m?.[1]) throw new Error(`--selector: "${part}" is not key=value (several: a=b,c=d)`);
    out[m[1]] = m[2] ?? '';
  }
  if (Object.keys(out).length === 0) throw new Error('--selector: give at least one key=value');
  return out;
}

const matches = (labels: Record<string, string>, selector: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

const enc = encodeURIComponent;

function selectOf(kind: SpecKind): string {
  const nameColumn = KINDS[kind].nameColumn;
  const name = nameColumn ? `name:${nameColumn}` : 'name';
  return !CLUSTER_KINDS.includes(kind) ? `id,${name},namespace,source,applied` : `id,${name},source,applied`;
}

/** The live object a document names, if the console has one. */
async function storedObject(client: ApiClient, d: SpecDocument): Promise<Stored | undefined> {
  const def = KINDS[d.kind];
  const ns = !CLUSTER_KINDS.includes(d.kind) ? `&namespace=eq.${enc(d.namespace)}` : '';
  const rows = await client.get(
    `/api/db/${def.table}?select=${selectOf(d.kind)}&${def.nameColumn ?? 'name'}=eq.${enc(d.name)}${ns}&deleted_at=is.null&order=created_at.asc&limit=1`,
    z.array(storedSchema),
  );
  return rows[0];
}

const yaml = (value: unknown) => (value === undefined ? '' : YAML.stringify(value));

function changeOf(d: SpecDocument, stored: Stored | undefined): Change {
  const key = objectKey(d);
  const after = yaml(redactedDocument(d.document));
  if (!stored)
    return {
      action: 'create',
      kind: d.kind,
      key,
      doc: d,
      diff: unifiedDiff('', after, { before: `${key} (not in the console)`, after: `${key} (${d.file})` }),
    };
  const applied: Applied | null | undefined = stored.applied;
  const base = { kind: d.kind, key, doc: d, stored };
  if (applied && stored.source === 'apply' && !applied.edited && applied.digest === documentDigest(d))
    return { ...base, action: 'unchanged', diff: '' };
  const diff = unifiedDiff(yaml(applied?.document), after, {
    before: `${key} (last applied)`,
    after: `${key} (${d.file})`,
  });
  // Why it is an update beyond the file's text, if it is.
  const note =
    stored.source !== 'apply' || !applied
      ? `made in the ${stored.source ?? 'UI'}: apply takes it over`
      : applied.edited
        ? 'edited by hand since the last apply'
        : undefined;
  return { ...base, action: 'update', diff, ...(note ? { note } : {}) };
}

/** What applying the documents would do to each, in the order it is done (kinds that others name first). */
export async function planApply(client: ApiClient, docs: SpecDocument[]): Promise<Change[]> {
  const ordered = [...docs].sort((a, b) => SPEC_KINDS.indexOf(a.kind) - SPEC_KINDS.indexOf(b.kind));
  const out: Change[] = [];
  for (const d of ordered) out.push(changeOf(d, await storedObject(client, d)));
  return out;
}

const PAGE = 500;

/**
 * `--prune`: the objects an earlier apply made (source 'apply') whose labels match the selector
 * and that none of the documents names any more.
 */
export async function planPrune(
  client: ApiClient,
  docs: SpecDocument[],
  selector: Record<string, string>,
): Promise<Change[]> {
  const kept = new Set(docs.map(objectKey));
  const out: Change[] = [];
  for (const kind of [...SPEC_KINDS].reverse()) {
    const def = KINDS[kind];
    for (let offset = 0; ; offset += PAGE) {
      const rows = await client.get(
        `/api/db/${def.table}?select=${selectOf(kind)}&source=eq.apply&deleted_at=is.null&order=id.asc&limit=${PAGE}&offset=${offset}`,
        z.array(storedSchema),
      );
      for (const stored of rows) {
        const key = objectKey({ kind, namespace: stored.namespace ?? 'default', name: stored.name });
        if (kept.has(key) || !matches(stored.applied?.labels ?? {}, selector)) continue;
        const from = stored.applied?.file;
        out.push({ action: 'delete', kind, key, stored, note: from ? `applied from ${from}` : undefined });
      }
      if (rows.length < PAGE) break;
    }
  }
  return out;
}

/** `opsdeck delete -f`: the live objects the documents name, the last-applied kinds first. */
export async function planDelete(client: ApiClient, docs: SpecDocument[]): Promise<Change[]> {
  const ordered = [...docs].sort((a, b) => SPEC_KINDS.indexOf(b.kind) - SPEC_KINDS.indexOf(a.kind));
  const out: Change[] = [];
  for (const d of ordered) {
    const stored = await storedObject(client, d);
    if (stored) out.push({ action: 'delete', kind: d.kind, key: objectKey(d), stored });
  }
  return out;
}
