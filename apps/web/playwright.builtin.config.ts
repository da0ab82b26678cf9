import base, { SIGN_IN_JOURNEYS } from './playwright.config.js';
import { defineConfig } from '@playwright/test';

/**
 * The journeys that sign in (identity, health, connections) against a server in AUTH_MODE=builtin with a
 * known admin password.
 * It starts its own server (own port and data directory), so it runs after the main config.
 */
const adminPassword = (process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password-0123');
// Workers inherit this (the fixtures read it); the base config only set a default.
process.env.E2E_AUTH_MODE = 'builtin';

const baseServer = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer;

export default defineConfig({
  ...base,
  testMatch: SIGN_IN_JOURNEYS,
  testIgnore: [],
  webServer: baseServer
    ? { ...baseServer, env: { ...baseServer.env, AUTH_MODE: 'builtin', ADMIN_PASSWORD: adminPassword } }
    : undefined,
});
