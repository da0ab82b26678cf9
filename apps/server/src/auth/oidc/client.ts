import type * as client from 'openid-client';
import { loadOpenidClient } from '../../lib/packages.js';
import type { OidcConfig } from '../../config-oidc.js';

/** How often discovery is tried per use before the request gets an error, and the pause between. */
const DISCOVERY_ATTEMPTS = 3;
const DISCOVERY_PAUSE_MS = 300;
const ISSUER_TIMEOUT_S = 10;

/** The issuer cannot be reached or its discovery document is wrong. */
export class IssuerUnavailableError extends Error {}

/**
 * The OpenID Connect client for AUTH_MODE=oidc. Discovery (and with it the JWKS) happens at
 * first use, not at start-up, so the server starts even while the issuer is briefly down; a
 * failed discovery is retried a few times and then again at the next sign-in.
 *
 * The issuer is an address the operator configured (OIDC_ISSUER), like SMTP_URL or
 * KRATOS_URL, not one a user typed into a spec: it is reached directly, not through the
 * outbound policy for user-given addresses (net/outbound.ts), which may deny loopback or
 * private networks where identity providers usually live.
 */
export class OidcClient {
  private pending: Promise<client.Configuration> | undefined;

  constructor(readonly cfg: OidcConfig) {}

  configuration(): Promise<client.Configuration> {
    this.pending ??= this.discover().catch((e: unknown) => {
      this.pending = undefined;
      throw e;
    });
    return this.pending;
  }

  private async discover(): Promise<client.Configuration> {
    const lib = await loadOpenidClient();
    const { issuer, clientId, clientSecret } = this.cfg;
    // Plain http passed the config check only for a loopback issuer or with ALLOW_INSECURE.
    const execute = issuer.protocol === 'http:' ? [lib.allowInsecureRequests] : [];
    const auth = clientSecret ? lib.ClientSecretBasic(clientSecret) : lib.None();
    let last: unknown;
    for (let attempt = 0; attempt < DISCOVERY_ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, DISCOVERY_PAUSE_MS * attempt));
      try {
        const config = await lib.discovery(issuer, clientId, undefined, auth, {
          execute,
          timeout: ISSUER_TIMEOUT_S,
        });
        // Also check the ID token's signature against the issuer's JWKS: by default it is
        // trusted for having come over the back channel (OpenID Core 3.1.3.7), we want both.
        lib.enableNonRepudiationChecks(config);
        return config;
      } catch (e) {
        last = e;
      }
    }
    const why = last instanceof Error ? last.message : String(last);
    throw new IssuerUnavailableError(`The identity provider at ${issuer.href} cannot be reached: ${why}`);
  }
}
