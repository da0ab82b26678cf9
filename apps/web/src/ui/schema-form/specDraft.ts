import { parse, stringify } from 'yaml';

/**
 * Specs whose parts are lists keyed by type (a canary's `http: [...]`, a scraper's
 * `file: [...]`): the guided form edits the first item of one type, the YAML holds the rest.
 */

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export type ParsedSpec = { ok: true; spec: Record<string, unknown> } | { ok: false; error: string };

/** The YAML text as a spec object, or why it cannot be one. Empty text is an empty spec. */
export function parseSpecText(text: string): ParsedSpec {
  try {
    const v: unknown = parse(text);
    if (v === null || v === undefined) return { ok: true, spec: {} };
    if (isObject(v)) return { ok: true, spec: v };
    return { ok: false, error: 'The spec must be a YAML object' };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** The spec a whole resource document (kind + spec) wraps, or the spec itself. */
export function specBody(spec: Record<string, unknown>): Record<string, unknown> {
  return typeof spec.kind === 'string' && isObject(spec.spec) ? spec.spec : spec;
}

/** The first of `keys` the spec has a list for. */
export function firstListKey<K extends string>(
  spec: Record<string, unknown>,
  keys: readonly K[],
): K | undefined {
  const b = specBody(spec);
  return keys.find((k) => Array.isArray(b[k]));
}

/** The item the form edits: the first of the list under `key`. */
export function itemOf(spec: Record<string, unknown>, key: string): Record<string, unknown> {
  const list = specBody(spec)[key];
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  return isObject(first) ? first : {};
}

/** The spec with the first item under `key` replaced; everything else stays as it was. */
export function withItem(
  spec: Record<string, unknown>,
  key: string,
  item: Record<string, unknown>,
): Record<string, unknown> {
  const b = specBody(spec);
  const list = Array.isArray(b[key]) ? (b[key] as unknown[]) : [];
  const next = { ...b, [key]: [item, ...list.slice(1)] };
  return b === spec ? next : { ...spec, spec: next };
}

/** A spec object as the YAML the Code view shows. */
export function specText(spec: Record<string, unknown>): string {
  return Object.keys(spec).length === 0 ? '' : stringify(spec);
}
