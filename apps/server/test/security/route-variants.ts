import type { RouteEntry } from '../../src/platform/route-table.js';

/** A concrete path for a route pattern: parameters and wildcards filled with plausible values. */
export function samplePath(pattern: string): string {
  return pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return 'login/browser';
      if (!segment.startsWith(':')) return segment;
      // /api/db/:name reaches a real table; ids look like ids.
      if (segment === ':name') return 'people';
      return '00000000-0000-0000-0000-000000000001';
    })
    .join('/');
}

function encodeFirstLetter(segment: string): string {
  const i = segment.search(/[a-z]/i);
  if (i < 0) return segment;
  return `${segment.slice(0, i)}%${segment.charCodeAt(i).toString(16)}${segment.slice(i + 1)}`;
}

/**
 * Every spelling of `path` that a router or proxy might map to the same route: percent-encoded
 * letters in each segment, `//`, `/./`, `/../`, mixed case, a trailing slash, `;` parameters,
 * double encoding, encoded slashes and absolute-form targets.
 */
export function pathVariants(path: string, port: number): string[] {
  const segments = path.split('/').slice(1);
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const variants = new Set<string>([path]);
  segments.forEach((segment, i) => {
    const encoded = [...segments];
    encoded[i] = encodeFirstLetter(segment);
    variants.add(join(encoded));
    const doubled = [...segments];
    doubled[i] = encodeFirstLetter(segment).replace('%', '%25');
    variants.add(join(doubled));
    const upper = [...segments];
    upper[i] = segment.toUpperCase();
    variants.add(join(upper));
    variants.add(join([...segments.slice(0, i), '.', ...segments.slice(i)]));
    variants.add(join([...segments.slice(0, i), 'x', '..', ...segments.slice(i)]));
    variants.add(join([...segments.slice(0, i), '', ...segments.slice(i)]));
    const semi = [...segments];
    semi[i] = `${segment};x=1`;
    variants.add(join(semi));
  });
  variants.add(
    `/${segments.map((s) => [...s].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')).join('/')}`,
  );
  variants.add(`/${segments.join('%2f')}`);
  variants.add(`/${segments.join('%2F')}`);
  variants.add(`${path}/`);
  variants.add(`${path}?`);
  variants.add(`${path}#x`);
  variants.add(`/${segments.join('\\')}`);
  variants.add(`http://evil.example${path}`);
  variants.add(`http://127.0.0.1:${port}${path}`);
  variants.add(`HTTP://127.0.0.1:${port}//${segments.join('/')}`);
  return [...variants];
}

/** Routes a client could call: everything in the table except files of the web app. */
export function apiRoutes(routes: RouteEntry[]): RouteEntry[] {
  return routes.filter((r) => !r.webAsset && r.method !== 'HEAD' && r.method !== 'OPTIONS');
}
