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

export function handleUnauthorized(): void {
  if (appMode === 'checker' || !onUnauthorized) return;
  const { pathname, search } = window.location;
  if (AUTH_PAGES.some((p) => pathname.startsWith(p))) return;
  onUnauthorized(pathname + search);
}

/** Where a 401 sends the browser. */
export function authCheckerUrl(returnTo: string): string {
  return `/auth-state-checker?return_to=${encodeURIComponent(returnTo)}`;
}
