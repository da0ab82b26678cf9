/**
 * How specs name a connection (Mission Control's forms): `connection://namespace/name`,
 * `connection://name` (namespace `default`) or the connection's id. Anything else is not a
 * reference: a plain URL where a connection string is expected stays a URL.
 */
export type ConnectionReference =
  { kind: 'id'; id: string } | { kind: 'name'; namespace: string; name: string; explicitNamespace: boolean };

const SCHEME = 'connection://';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DEFAULT_NAMESPACE = 'default';

/** Whether a spec value names a connection (and must then resolve). */
export function isConnectionReference(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const v = value.trim();
  return v.toLowerCase().startsWith(SCHEME) || UUID.test(v);
}

/** The parts of a reference, or undefined for a malformed one (`connection://a/b/c`). */
export function parseConnectionReference(value: string): ConnectionReference | undefined {
  const v = value.trim();
  if (UUID.test(v)) return { kind: 'id', id: v.toLowerCase() };
  if (!v.toLowerCase().startsWith(SCHEME)) return undefined;
  const parts = v.slice(SCHEME.length).split('/').map(decodeSegment);
  if (parts.some((p) => p === undefined || p === '')) return undefined;
  const [first, second] = parts as string[];
  if (parts.length === 1 && first) {
    return { kind: 'name', namespace: DEFAULT_NAMESPACE, name: first, explicitNamespace: false };
  }
  if (parts.length === 2 && first && second) {
    return { kind: 'name', namespace: first, name: second, explicitNamespace: true };
  }
  return undefined;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
