import { isRole, type Role } from '@opsdeck/shared';

/** AUTH_MODE=oidc (docs/identity.md): the issuer, the client and how claims become roles and organisations. */
export type OidcConfig = {
  issuer: URL;
  clientId: string;
  /** Undefined: a public client that proves itself with PKCE alone. */
  clientSecret: string | undefined;
  scopes: string;
  /** The claim holding the person's groups (e.g. `groups`); undefined: everyone is a viewer. */
  roleClaim: string | undefined;
  /** Group → role, in the order OIDC_ROLE_MAP lists them. */
  roleMap: ReadonlyMap<string, Role>;
  /** The claim listing the organisations the person belongs to. */
  orgClaim: string | undefined;
  /** Organisation name → its console URL (ORGANISATIONS). */
  organisations: ReadonlyMap<string, string>;
  /** The label of the sign-in button. */
  providerName: string;
};

export type OidcEnv = {
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  OIDC_SCOPES: string;
  OIDC_ROLE_CLAIM?: string;
  OIDC_ROLE_MAP?: string;
  OIDC_ORG_CLAIM?: string;
  ORGANISATIONS?: string;
  OIDC_PROVIDER_NAME?: string;
};

/** `a=b,c=d` as pairs; a problem (for the start-up error) when an entry is not `key=value`. */
function pairs(name: string, value: string, problems: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const entry of value.split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const eq = entry.indexOf('=');
    const key = eq > 0 ? entry.slice(0, eq).trim() : '';
    const val = eq > 0 ? entry.slice(eq + 1).trim() : '';
    if (!key || !val) problems.push(`${name}: "${entry}" is not name=value`);
    else out.push([key, val]);
  }
  return out;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The OIDC settings, checked together: every problem found is returned at once (the caller
 * turns them into the start-up error), a config only when there are none.
 */
export function parseOidcEnv(e: OidcEnv): { config?: OidcConfig; problems: string[] } {
  const problems: string[] = [];
  if (!e.OIDC_ISSUER) problems.push('OIDC_ISSUER: required when AUTH_MODE=oidc');
  else if (!isHttpUrl(e.OIDC_ISSUER)) problems.push('OIDC_ISSUER: expected an http(s) URL');
  if (!e.OIDC_CLIENT_ID) problems.push('OIDC_CLIENT_ID: required when AUTH_MODE=oidc');
  if (!e.OIDC_SCOPES.split(/\s+/).includes('openid')) problems.push('OIDC_SCOPES: must include "openid"');
  const roleMap = new Map<string, Role>();
  for (const [group, role] of pairs('OIDC_ROLE_MAP', e.OIDC_ROLE_MAP ?? '', problems)) {
    if (isRole(role)) roleMap.set(group, role);
    else
      problems.push(`OIDC_ROLE_MAP: "${role}" is not a role (admin, editor, commander, responder or viewer)`);
  }
  if (roleMap.size > 0 && !e.OIDC_ROLE_CLAIM) problems.push('OIDC_ROLE_CLAIM: required with OIDC_ROLE_MAP');
  const organisations = new Map<string, string>();
  for (const [name, url] of pairs('ORGANISATIONS', e.ORGANISATIONS ?? '', problems)) {
    if (isHttpUrl(url)) organisations.set(name, url);
    else problems.push(`ORGANISATIONS: "${url}" (for ${name}) is not an http(s) URL`);
  }
  if (problems.length > 0 || !e.OIDC_ISSUER || !e.OIDC_CLIENT_ID) return { problems };
  const issuer = new URL(e.OIDC_ISSUER);
  return {
    problems,
    config: {
      issuer,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET || undefined,
      scopes: e.OIDC_SCOPES,
      roleClaim: e.OIDC_ROLE_CLAIM || undefined,
      roleMap,
      orgClaim: e.OIDC_ORG_CLAIM || undefined,
      organisations,
      providerName: e.OIDC_PROVIDER_NAME || issuer.hostname,
    },
  };
}
