import { expect, test as base } from '@playwright/test';

/** The server's AUTH_MODE for this run (E2E_AUTH_MODE, default none). */
export const AUTH_MODE = process.env.E2E_AUTH_MODE ?? 'none';

type Fixtures = {
  consoleAllow: RegExp[];
  /** Console errors matching this pattern are expected by the test and do not fail it. */
  allowConsoleErrors: (pattern: RegExp) => void;
  consoleGuard: void;
};

/** Every journey fails on an unexpected console error or uncaught page error. */
export const test = base.extend<Fixtures>({
  // Playwright reads fixture dependencies from the destructuring pattern, so it must stay.
  // eslint-disable-next-line no-empty-pattern
  consoleAllow: async ({}, provide) => {
    await provide([]);
  },
  allowConsoleErrors: async ({ consoleAllow }, provide) => {
    await provide((p) => consoleAllow.push(p));
  },
  consoleGuard: [
    async ({ page, consoleAllow }, provide) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`${msg.text()} @ ${msg.location().url}`);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await provide();
      const unexpected = errors.filter((e) => !consoleAllow.some((p) => p.test(e)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
