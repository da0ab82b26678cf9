import { createHash } from 'node:crypto';
import type { BaseScraperSpec } from '@opsdeck/shared';
import { evalCel, evalCelBool, renderTemplate } from '../expr/index.js';
import { queryJsonPath, type PathKey } from '../lib/jsonpath.js';
import { runJavaScript } from '../sandbox/javascript.js';
import type { ScrapedItem } from './types.js';

/**
 * config-db's `transform`, in its order: the script (`gotemplate`, `expr`, `javascript` or
 * `jsonpath`) runs on each scraped document and returns the items' configs; then, per item,
 * `exclude` drops fields, `relationship` selectors are collected (relationships.ts) and
 * `mask` replaces values.
 */

type Transform = NonNullable<BaseScraperSpec['transform']>;

export class TransformError extends Error {}

function parseOutput(kind: string, out: unknown): unknown {
  if (typeof out !== 'string') return out;
  const text = out.trim();
  if (text === '') return [];
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new TransformError(
      `transform.${kind}: the output is not JSON (${(e as Error).message}): ${text.slice(0, 120)}`,
    );
  }
}

/** Script output → configs: an array is one item per element, anything else one item. */
function asConfigs(out: unknown): unknown[] {
  if (out === null || out === undefined) return [];
  return Array.isArray(out) ? out : [out];
}

/** Runs the entry's script on one document; undefined when the entry has none. */
export async function runTransformScript(
  transform: Transform | undefined,
  config: unknown,
): Promise<unknown[] | undefined> {
  if (!transform) return undefined;
  const vars = { config };
  try {
    if (transform.gotemplate !== undefined)
      return asConfigs(parseOutput('gotemplate', renderTemplate(transform.gotemplate, vars)));
    if (transform.expr !== undefined) return asConfigs(parseOutput('expr', evalCel(transform.expr, vars)));
    if (transform.javascript !== undefined)
      return asConfigs(parseOutput('javascript', await runJavaScript(transform.javascript, vars)));
    if (transform.jsonpath !== undefined)
      return queryJsonPath(vars, transform.jsonpath).flatMap((m) => asConfigs(m.value));
  } catch (e) {
    if (e instanceof TransformError) throw e;
    const kind = ['gotemplate', 'expr', 'javascript', 'jsonpath'].find(
      (k) => transform[k as keyof Transform] !== undefined,
    );
    throw new TransformError(`transform.${kind ?? 'script'}: ${(e as Error).message}`);
  }
  return undefined;
}

function setAt(doc: unknown, path: PathKey[], value: unknown, remove: boolean): void {
  let cur = doc;
  for (const k of path.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return;
    cur = (cur as Record<PathKey, unknown>)[k];
  }
  const last = path.at(-1);
  if (last === undefined || cur === null || typeof cur !== 'object') return;
  if (remove && Array.isArray(cur) && typeof last === 'number') cur.splice(last, 1);
  else if (remove) delete (cur as Record<PathKey, unknown>)[last];
  else (cur as Record<PathKey, unknown>)[last] = value;
}

/** What CEL selectors of an item see, with config-db's names. */
export function itemEnv(item: ScrapedItem): Record<string, unknown> {
  return {
    config: item.config,
    id: item.externalId[0],
    name: item.name ?? '',
    type: item.type,
    config_type: item.type,
    config_class: item.configClass ?? '',
    namespace: item.namespace ?? '',
    labels: item.labels,
    tags: item.tags,
  };
}

/** The text config-db hashes: strings as they are, other values as sorted JSON. */
function hashInput(v: unknown): string {
  if (typeof v === 'string') return v;
  const sorted = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(sorted)
      : x !== null && typeof x === 'object'
        ? Object.fromEntries(
            Object.entries(x as Record<string, unknown>)
              .filter(([, y]) => y !== null && y !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, y]) => [k, sorted(y)]),
          )
        : x;
  return JSON.stringify(sorted(v), null, 2);
}

/** `md5sum` and `sha256` hash the value (so equal secrets stay comparable); anything else replaces it. */
export function maskValue(mode: string | undefined, value: unknown): string {
  if (mode === 'md5sum' || mode === 'sha256')
    return createHash(mode === 'md5sum' ? 'md5' : 'sha256')
      .update(hashInput(value))
      .digest('hex');
  return mode ?? '******';
}

/** A selector that fails (a missing field) does not match, as in config-db. */
function selected(selector: string | undefined, item: ScrapedItem): boolean {
  if (!selector) return true;
  try {
    return evalCelBool(selector, itemEnv(item));
  } catch {
    return false;
  }
}

/** transform.exclude: fields removed before anything is stored (and from change detection). */
export function applyExcludes(entry: BaseScraperSpec, item: ScrapedItem): void {
  for (const ex of entry.transform?.exclude ?? []) {
    if (ex.types && !ex.types.includes(item.type)) continue;
    // Deepest and last first, so array indexes stay valid while removing.
    const matches = queryJsonPath(item.config, ex.jsonpath).reverse();
    for (const m of matches) setAt(item.config, m.path, undefined, true);
  }
}

/** transform.mask: values replaced (or hashed) in the items its selector and types pick. */
export function applyMasks(entry: BaseScraperSpec, item: ScrapedItem): void {
  for (const mask of entry.transform?.mask ?? []) {
    if (mask.types && !mask.types.includes(item.type)) continue;
    if (!selected(mask.selector, item)) continue;
    for (const m of queryJsonPath(item.config, mask.jsonpath))
      setAt(item.config, m.path, maskValue(mask.value, m.value), false);
  }
}
