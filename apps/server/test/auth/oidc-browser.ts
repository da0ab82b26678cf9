import type { Browser } from './browser.js';

/** Where a redirect answer points, resolved against the URL that answered. */
function next(res: Response, from: string): string {
  const location = res.headers.get('location');
  if (!location) throw new Error(`expected a redirect from ${from}, got ${res.status}`);
  return new URL(location, from).href;
}

/**
 * Starts a sign-in at the console and goes through the provider's dev login form as `login`
 * (the subject), up to the provider's redirect back to the console: returns that callback URL
 * without opening it, so a test can open, alter or replay it.
 */
export async function reachCallback(b: Browser, login: string, query = ''): Promise<string> {
  let url = `${b.base}/api/auth/oidc/login${query}`;
  let res = await b.fetch(url, { accept: 'html' });
  for (let step = 0; step < 12; step++) {
    url = next(res, url);
    if (new URL(url).pathname === '/api/auth/oidc/callback') return url;
    res = await b.fetch(url, { accept: 'html' });
    if (res.status === 200) {
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page at ${url}: ${html.slice(0, 200)}`);
      const form: Record<string, string> =
        prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
      const target = new URL(action, url).href;
      res = await b.fetch(target, { form, accept: 'html', headers: { origin: new URL(url).origin } });
      url = target;
    }
  }
  throw new Error('the provider did not send the browser back');
}

/** A whole sign-in: the console's answer to the callback (a redirect to the return URL or the error page). */
export async function signInWithProvider(b: Browser, login: string, query = ''): Promise<Response> {
  return b.fetch(await reachCallback(b, login, query), { accept: 'html' });
}
