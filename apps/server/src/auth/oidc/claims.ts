import type { Role } from '@opsdeck/shared';
import type { OidcConfig } from '../../config-oidc.js';

export type Claims = Record<string, unknown>;

/** A claim that lists names: an array of strings, or one string (some issuers send a single group). */
export function claimList(claims: Claims, name: string | undefined): string[] {
  if (!name) return [];
  const value = claims[name];
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/**
 * The roles OIDC_ROLE_MAP gives the groups in OIDC_ROLE_CLAIM; none mapped means viewer (no
 * role). null without OIDC_ROLE_CLAIM: then roles are given in Opsdeck, not by the issuer.
 */
export function rolesFromClaims(cfg: OidcConfig, claims: Claims): Role[] | null {
  if (!cfg.roleClaim) return null;
  const roles = new Set<Role>();
  for (const group of claimList(claims, cfg.roleClaim)) {
    const role = cfg.roleMap.get(group);
    if (role) roles.add(role);
  }
  return [...roles];
}

function text(claims: Claims, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The person's display name from the usual claims, falling back to the subject. */
export function nameFromClaims(claims: Claims, subject: string): string {
  const given = [text(claims, 'given_name'), text(claims, 'family_name')].filter(Boolean).join(' ');
  return (
    text(claims, 'name') ??
    (given || undefined) ??
    text(claims, 'preferred_username') ??
    text(claims, 'email') ??
    subject
  );
}

/** The email to show and mail to, unless the issuer says it is unverified. Never used to find a person. */
export function emailFromClaims(claims: Claims): string | null {
  if (claims.email_verified === false) return null;
  return text(claims, 'email') ?? null;
}
