import base from './playwright.config.js';
import { defineConfig } from '@playwright/test';

/**
 * The identity journey against a server in AUTH_MODE=builtin with a known admin password.
 * It starts its own server (own port and data directory), so it runs after the main config.
 */
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password-0123';
// Workers inherit this (the fixtures read it); the base config only set a default.
process.env.E2E_AUTH_MODE = 'builtin';

export default defineConfig({
  ...base,
  testMatch: ['identity.spec.ts'],
  webServer: base.webServer
    ? {
        ...(Array.isArray(base.webServer) ? base.webServer[0] : base.webServer),
        env: {
          ...(Array.isArray(base.webServer) ? base.webServer[0]?.env : base.webServer.env),
          AUTH_MODE: 'builtin',
          ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
        },
      }
    : undefined,
});
