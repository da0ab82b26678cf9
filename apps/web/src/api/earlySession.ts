import { startEarly } from './http.js';
import { ABOUT_URL, isAuthPage, WHOAMI_URL } from './session.js';

/**
 * The entry module's first act: ask for what every page waits on — /api/about and the
 * signed-in user — while the app's code is still loading. The app's own requests for them
 * take these answers (http.ts, startEarly), so each is sent once. Sign-in pages ask for no
 * session; in the standalone checker the whoami answer is simply never used.
 */
export function startSessionRequests(pathname: string): void {
  startEarly(ABOUT_URL);
  if (!isAuthPage(pathname)) startEarly(WHOAMI_URL);
}
