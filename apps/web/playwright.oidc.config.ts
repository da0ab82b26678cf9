import base, { freePort } from './playwright.config.js';
import { defineConfig } from '@playwright/test';

/**
 * The single sign-on journey: a server in AUTH_MODE=oidc against a real OpenID Provider
 * (oidc-provider) that globalSetup starts on loopback. Own port and data directory, like the
 * builtin config; it runs after the main config.
 */
process.env.E2E_AUTH_MODE = 'oidc';
// The first evaluation fixes the provider's port; the workers inherit it.
process.env.E2E_OIDC_PORT ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const OIDC_E2E = {
  issuer: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`,
  clientId: 'opsdeck-e2e',
  clientSecret: 'opsdeck-e2e-secret-0123456789',
  baseURL,
};

const baseServer = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer;

export default defineConfig({
  ...base,
  testDir: './e2e-oidc',
  testIgnore: [],
  globalSetup: './e2e-oidc/global-setup.ts',
  webServer: baseServer
    ? {
        ...baseServer,
        env: {
          ...baseServer.env,
          AUTH_MODE: 'oidc',
          PUBLIC_URL: baseURL,
          OIDC_ISSUER: OIDC_E2E.issuer,
          OIDC_CLIENT_ID: OIDC_E2E.clientId,
          OIDC_CLIENT_SECRET: OIDC_E2E.clientSecret,
          OIDC_SCOPES: 'openid profile email groups orgs',
          OIDC_ROLE_CLAIM: 'groups',
          OIDC_ROLE_MAP: 'ops-admins=admin,oncall=responder',
          OIDC_ORG_CLAIM: 'orgs',
          ORGANISATIONS: `acme=${baseURL},globex=https://globex.example`,
          OIDC_PROVIDER_NAME: 'Loopback IdP',
        },
      }
    : undefined,
});
