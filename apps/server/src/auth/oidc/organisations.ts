import type { OidcConfig } from '../../config-oidc.js';
import type { Queryable } from '../../db/types.js';
import { organisationsOf } from './people.js';

export type Organisation = { name: string; url: string; current: boolean };

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The organisations the person belongs to (OIDC_ORG_CLAIM at the last sign-in) that
 * ORGANISATIONS gives a console URL, in that order; `current` is the one served here.
 */
export async function organisationsFor(
  db: Queryable,
  cfg: OidcConfig,
  publicUrl: string | undefined,
  personId: string,
): Promise<Organisation[]> {
  const member = new Set(await organisationsOf(db, personId));
  const here = origin(publicUrl);
  return [...cfg.organisations]
    .filter(([name]) => member.has(name))
    .map(([name, url]) => ({ name, url, current: here !== null && origin(url) === here }));
}
