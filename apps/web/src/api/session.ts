/**
 * What a 401 does. The app installs the handler (it owns the router); the http client calls
 * it. In the standalone checker (`appMode: 'checker'`) nothing needs a session, so no redirect.
 */
let appMode: string | undefined;
let onUnauthorized: ((returnTo: string) => void) | undefined;

export function setAppMode(mode: string | undefined): void {
  appMode = mode;
}

export function setUnauthorizedHandler(handler: (returnTo: string) => void): void {
  onUnauthorized = handler;
}

/** Pages that deal with sign-in themselves must not bounce to the checker again. */
const AUTH_PAGES = ['/auth-state-checker', '/login', '/registration', '/recovery', '/verification'];

/** What every page waits for: the deployment (checker or not, sign-in kind) and the session. */
export const ABOUT_URL = '/api/about';
export const WHOAMI_URL = '/api/auth/whoami';

/** A sign-in page: it asks for no session. */
export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.some((p) => pathname.startsWith(p));
}

export function handleUnauthorized(): void {
  if (appMode === 'checker' || !onUnauthorized) return;
  const { pathname, search } = window.location;
  if (isAuthPage(pathname)) return;
  onUnauthorized(pathname + search);
}

/** Where a 401 sends the browser. */
export function authCheckerUrl(returnTo: string): string {
  return `/auth-state-checker?return_to=${encodeURIComponent(returnTo)}`;
}
