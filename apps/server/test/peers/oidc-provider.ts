import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type GrantContext } from 'oidc-provider';

/** A person at the provider; `groups` and `orgs` become claims of the same names. */
export type OidcUser = {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
  orgs?: string[];
};

export type OidcClientRegistration = {
  client_id: string;
  /** Omitted: a public client (PKCE only, token_endpoint_auth_method none). */
  client_secret?: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
};

export type OidcPeer = {
  /** `http://127.0.0.1:port`, also the issuer identifier. */
  issuer: string;
  port: number;
  /** Who can sign in, by subject (changeable between sign-ins: a group change). */
  users: Map<string, OidcUser>;
  /** When set, every ID token the token endpoint hands out goes through it first. */
  tamperIdToken: ((idToken: string) => string) | null;
  /** An RS256 JWT signed with the provider's own key (for crafted ID tokens). */
  sign(payload: Record<string, unknown>): string;
  /** The payload of a JWT, unverified. */
  payloadOf(jwt: string): Record<string, unknown>;
  stop(): Promise<void>;
};

const SCOPES = 'openid profile email groups orgs';

/**
 * A real, certified OpenID Provider (oidc-provider) on 127.0.0.1 for the OIDC sign-in tests.
 * Its dev interactions take any password for a known login (the subject); consent is skipped,
 * every client being first-party here. Claims go into the ID token (conformIdTokenClaims off),
 * as Keycloak, Okta and Entra ID do with a groups mapper.
 */
export async function startOidcProvider(options: {
  port?: number;
  clients: OidcClientRegistration[];
  users: OidcUser[];
}): Promise<OidcPeer> {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = crypto.randomBytes(6).toString('hex');
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const users = new Map(options.users.map((u) => [u.sub, u]));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      ...c,
      token_endpoint_auth_method: c.client_secret ? 'client_secret_basic' : 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      profile: ['name'],
      email: ['email', 'email_verified'],
      groups: ['groups'],
      orgs: ['orgs'],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    // Fixed lifetimes (seconds), which also keeps the provider from noting its defaults.
    ttl: {
      Interaction: 600,
      Grant: 3600,
      Session: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    async findAccount(_ctx: unknown, sub: string) {
      if (!users.has(sub)) return undefined;
      return { accountId: sub, claims: async () => ({ ...users.get(sub), sub }) };
    },
    async loadExistingGrant(ctx: GrantContext) {
      const { client, session, result, provider: p } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return p.Grant.find(grantId);
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
  });
  // Quiet: refused requests are what several tests are about.
  provider.on('server_error', () => undefined);

  const peer: OidcPeer = {
    issuer,
    port,
    users,
    tamperIdToken: null,
    sign(payload) {
      const head = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid })).toString('base64url');
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const signature = crypto.sign('sha256', Buffer.from(`${head}.${body}`), privateKey);
      return `${head}.${body}.${signature.toString('base64url')}`;
    },
    payloadOf(jwt) {
      return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body;
    if (ctx.path !== '/token' || !peer.tamperIdToken || !body || typeof body !== 'object') return;
    const tokens = body as { id_token?: unknown };
    if (typeof tokens.id_token === 'string') tokens.id_token = peer.tamperIdToken(tokens.id_token);
  });
  server.on('request', provider.callback());
  return peer;
}
