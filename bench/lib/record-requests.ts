import { chromium } from '@playwright/test';
import { SESSION_COOKIE } from '../../apps/server/src/auth/sessions.js';

/** One API request as the web app sent it: path with query, method, body. */
export type RecordedRequest = { method: string; url: string; body?: string; contentType?: string };

/**
 * Opens each page of the built web app in headless Chromium with the session `token` and
 * records the API requests the app makes until the network is idle: the load the pages put
 * on the server, as the app's code decides it. Requests that failed are reported and left
 * out (a page the role may not open is not load).
 */
export async function recordPageRequests(
  base: string,
  token: string,
  pages: string[],
): Promise<RecordedRequest[]> {
  const browser = await chromium.launch({
    executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([
      { name: SESSION_COOKIE, value: token, url: base, httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    const recorded: RecordedRequest[] = [];
    const failed: string[] = [];
    page.on('requestfinished', (req) => {
      void req.response().then((res) => {
        const url = new URL(req.url());
        if (!url.pathname.startsWith('/api/') || url.origin !== base) return;
        const entry = `${req.method()} ${url.pathname}${url.search}`;
        if (!res || res.status() >= 400) {
          failed.push(`${entry} → ${res?.status() ?? 'no response'}`);
          return;
        }
        const body = req.postData() ?? undefined;
        recorded.push({
          method: req.method(),
          url: `${url.pathname}${url.search}`,
          ...(body === undefined
            ? {}
            : { body, contentType: req.headers()['content-type'] ?? 'application/json' }),
        });
      });
    });
    for (const path of pages) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
    }
    await context.close();
    if (failed.length) console.error(`  recorded requests that failed (left out): ${failed.join(', ')}`);
    if (!recorded.length) throw new Error('the pages made no API request: is the web app built?');
    return recorded;
  } finally {
    await browser.close();
  }
}
