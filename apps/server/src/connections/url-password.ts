import { SECRET_MASK } from '@opsdeck/shared';
import type { SecretBox } from '../lib/secrets/index.js';
import { isSealed, seal, unseal } from './sealed.js';

/** Where a URL's password stands: `url.slice(start, end)`. */
type Span = { start: number; end: number };

/** `scheme://user:` — a user name has no `:`, `/`, `@` or space. */
const URL_USER = /^[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:/i;
/** Go DSN `user:password@tcp(host:port)/db` or `user:password@/db` (MySQL as canary-checker users write it). */
const GO_DSN = /^([^:/@\s(]*):(\S+)@(?:[a-z0-9]*\(|\/)/i;
/** What may follow the `@` of user info: a host (name, IPv4, [IPv6]) and maybe a port. */
const HOST_AFTER = /^[^\s/?#@]+/;

/**
 * The password's span in `scheme://user:password@host…` or a Go DSN. A password may hold `/`
 * (libpq and most drivers read the user info up to the `@` before the host), so the first `@`
 * followed by a host ends it; `host:8080/path/@x` is a port and a path, not a password.
 */
export function urlPasswordSpan(url: string): Span | undefined {
  const user = URL_USER.exec(url);
  if (user) {
    const start = user[0].length;
    for (let at = url.indexOf('@', start); at !== -1; at = url.indexOf('@', at + 1)) {
      const password = url.slice(start, at);
      if (/\s/.test(password)) return undefined;
      if (/^\d*\//.test(password) || !HOST_AFTER.test(url.slice(at + 1))) continue;
      return password === '' ? undefined : { start, end: at };
    }
    return undefined;
  }
  const dsn = GO_DSN.exec(url);
  if (dsn?.[2]) {
    const start = (dsn[1] ?? '').length + 1;
    return { start, end: start + dsn[2].length };
  }
  return undefined;
}

const isPlaceholder = (password: string) => /^\$\(.*\)$|^\{\{.*\}\}$/s.test(password);

function replaceSpan(url: string, span: Span, password: string): string {
  return url.slice(0, span.start) + password + url.slice(span.end);
}

/**
 * A URL sent back as it was shown (`user:***@host`) gets the stored password back (still
 * sealed); any other URL is taken as given.
 */
export function keepStoredUrlPassword(given: string, stored: string | null): string {
  const span = urlPasswordSpan(given);
  if (!span || given.slice(span.start, span.end) !== SECRET_MASK || !stored) return given;
  const before = urlPasswordSpan(stored);
  return before ? replaceSpan(given, span, stored.slice(before.start, before.end)) : given;
}

/**
 * The URL to store: a password written in it is sealed in place (`user:enc:v1.…@host`), like
 * the password column; `$(password)` placeholders, templates and sealed values stay as they are.
 */
export function sealUrlPassword(url: string, box: SecretBox): string {
  const span = urlPasswordSpan(url);
  if (!span) return url;
  const password = url.slice(span.start, span.end);
  if (isSealed(password) || isPlaceholder(password) || password === SECRET_MASK) return url;
  return replaceSpan(url, span, seal(box, password));
}

/** A stored URL with its sealed password opened, ready to render and use. */
export function openUrlPassword(url: string, box: SecretBox, what: string): string {
  const span = urlPasswordSpan(url);
  if (!span) return url;
  const password = url.slice(span.start, span.end);
  return isSealed(password) ? replaceSpan(url, span, unseal(box, password, what)) : url;
}
