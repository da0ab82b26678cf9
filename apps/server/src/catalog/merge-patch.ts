/** JSON values compared and patched the RFC 7386 way: objects merge, everything else replaces. */
type JsonObject = Record<string, unknown>;

export function isPlainObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Key order does not matter; array order does. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** The RFC 7386 merge patch that turns `before` into `after` (undefined when equal). */
export function createMergePatch(before: unknown, after: unknown): unknown {
  if (!isPlainObject(before) || !isPlainObject(after)) return jsonEqual(before, after) ? undefined : after;
  const patch: JsonObject = {};
  for (const k of Object.keys(before)) if (!Object.hasOwn(after, k)) patch[k] = null;
  for (const [k, v] of Object.entries(after)) {
    if (!Object.hasOwn(before, k)) patch[k] = v;
    else {
      const sub = createMergePatch(before[k], v);
      if (sub !== undefined) patch[k] = sub;
    }
  }
  return Object.keys(patch).length ? patch : undefined;
}

/** Applies an RFC 7386 merge patch. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const result: JsonObject = isPlainObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete result[k];
    else result[k] = applyMergePatch(result[k], v);
  }
  return result;
}

/** Dotted paths of the leaves a merge patch touches: `spec.replicas`, `metadata.labels.app`. */
export function patchPaths(patch: unknown, prefix = ''): string[] {
  if (!isPlainObject(patch)) return [prefix || '.'];
  return Object.entries(patch).flatMap(([k, v]) => {
    const p = prefix ? `${prefix}.${k}` : k;
    return isPlainObject(v) && Object.keys(v).length ? patchPaths(v, p) : [p];
  });
}

/** Same JSON with object keys sorted, so equal content serialises identically. */
export function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (isPlainObject(v)) {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys(v[k])]),
    );
  }
  return v;
}
