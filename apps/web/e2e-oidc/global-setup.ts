import { startOidcProvider } from '../../server/test/peers/oidc-provider.js';

/**
 * Starts the loopback OpenID Provider the oidc journey signs in at, on the port the config
 * chose (the server is configured with it as OIDC_ISSUER); stops it after the run. The server
 * discovers the issuer at the first sign-in, so their start order does not matter.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const base = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const provider = await startOidcProvider({
    port: Number(process.env.E2E_OIDC_PORT),
    clients: [
      {
        client_id: 'opsdeck-e2e',
        client_secret: 'opsdeck-e2e-secret-0123456789',
        redirect_uris: [`${base}/api/auth/oidc/callback`],
        post_logout_redirect_uris: [`${base}/login`],
      },
    ],
    users: [
      {
        sub: 'riley',
        name: 'Riley Responder',
        email: 'riley@example.com',
        groups: ['oncall'],
        orgs: ['acme', 'globex'],
      },
    ],
  });
  return () => provider.stop();
}
