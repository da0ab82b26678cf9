/**
 * The one rule for addresses a page sends the browser to (return_to after a sign-in flow, the
 * session check, logout) and for links kept in sanitised HTML, used alike by the server and the
 * web app. It reads an address the way a browser does — the WHATWG URL parser strips leading and
 * trailing spaces and control characters, drops tabs and newlines anywhere, and reads `\` as `/`
 * in http(s) URLs — so `/\t/evil.example` and `/\evil.example` are seen as the `//evil.example`
 * the browser would go to, not as the paths they look like.
 */

const HTTP = new Set(['http:', 'https:']);

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/**
 * A return address that stays on this console, or null. `origins` are the console's own origins,
 * the page's first (`window.location.origin` in the browser; the request's origin, then
 * PUBLIC_URL's, on the server): the value is resolved against the first, as the browser would,
 * and must land on one of them over http(s). The answer is the address as resolved — a path
 * (`/catalog?x=1#y`) on the first origin, the full URL on another — so what is sent on is
 * exactly what was checked.
 */
export function sameOriginReturnTo(value: unknown, origins: readonly string[]): string | null {
  const [page] = origins;
  if (typeof value !== 'string' || value === '' || page === undefined) return null;
  const url = parse(value, `${page}/`);
  if (!url || !HTTP.has(url.protocol) || !origins.includes(url.origin)) return null;
  return url.origin === page ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

// Leading and trailing C0 controls and spaces, and tabs and newlines anywhere, as the parser drops them.
// eslint-disable-next-line no-control-regex
const EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;

/**
 * A link target kept in sanitised HTML (without the spaces, tabs and newlines a browser would
 * drop), or null: an absolute http(s) URL, a
 * `mailto:` address, or a path of this console — one `/` not followed by another `/` or a `\`
 * (which a browser would read as `//host`, another site).
 */
export function safeLinkHref(value: string): string | null {
  const v = value.replace(EDGES, '').replace(TAB_OR_NEWLINE, '');
  if (/^mailto:/i.test(v)) return v;
  if (v.startsWith('/')) return v[1] === '/' || v[1] === '\\' ? null : v;
  const url = parse(v);
  return url && HTTP.has(url.protocol) && url.host !== '' ? v : null;
}

/**
 * Hostile return_to values as they appear in a query string (percent-encoded where an attacker
 * would encode them; `{host}` stands for the console's own host:port), for the tests of every
 * place that reads one. Each either must be refused or resolves to this console anyway.
 */
export const HOSTILE_RETURN_TO: readonly string[] = [
  // Scheme-relative, and the backslash a browser reads as a slash.
  '//evil.example/x',
  '%2F%2Fevil.example%2Fx',
  '/\\evil.example/x',
  '%2F%5Cevil.example%2Fx',
  '%5C%5Cevil.example%2Fx',
  '%5C%2Fevil.example%2Fx',
  '/%5Cevil.example/x',
  '///evil.example/x',
  '/%2F/evil.example/x',
  // Tabs and newlines, which the parser drops anywhere.
  '%2F%09%2Fevil.example%2Fx',
  '/%09/evil.example/x',
  '%2F%0A%2Fevil.example%2Fx',
  '%2F%0D%2Fevil.example%2Fx',
  '%2F%0D%0A%2Fevil.example%2Fx',
  '%2F%09%5Cevil.example%2Fx',
  '%5C%09%5Cevil.example%2Fx',
  '%09%2F%2Fevil.example%2Fx',
  '%20%2F%2Fevil.example%2Fx',
  '%2F%2F%09evil.example%2Fx',
  // Encoded twice: the value is a path of this console after one decoding.
  '%252F%252Fevil.example%252Fx',
  '%2F%2509%2Fevil.example%2Fx',
  '%2F%255Cevil.example%2Fx',
  // Absolute, and schemes without slashes.
  'https://evil.example/x',
  'https%3A%2F%2Fevil.example%2Fx',
  'HtTpS%3A%2F%2FEVIL.example%2Fx',
  'http%3A%2F%2Fevil.example',
  'https%3Aevil.example%2Fx',
  'https%3A%5C%5Cevil.example%2Fx',
  'https%3A%2F%5Cevil.example%2Fx',
  'javascript%3Aalert(document.cookie)',
  'data%3Atext%2Fhtml%2C%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  // Userinfo: this console's host as the user name of another.
  'http%3A%2F%2F{host}%40evil.example%2Fx',
  'http%3A%2F%2F{host}%3Apw%40evil.example%2Fx',
  '%2F%2F{host}%40evil.example%2Fx',
  'http%3A%2F%2Fevil.example%5C%40{host}%2Fx',
  'http%3A%2F%2Fevil.example%23%40{host}%2Fx',
];
