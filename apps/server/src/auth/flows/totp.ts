import { generateSecret, generateURI, verifySync } from 'otplib';
import type { Queryable } from '../../db/types.js';

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: 'Opsdeck', label: email, secret });
}

/**
 * The time step of a valid code (the current one or one step either side, for clock drift),
 * or null. Codes at or before `afterStep` are refused: each code works once.
 */
export function checkTotp(secret: string, code: string, afterStep?: number | null): number | null {
  if (!/^\d{6}$/.test(code.trim())) return null;
  try {
    const result = verifySync({
      secret,
      token: code.trim(),
      epochTolerance: 30,
      ...(afterStep != null ? { afterTimeStep: Number(afterStep) } : {}),
    });
    // The TOTP strategy reports the accepted step; compute it from delta if a plugin does not.
    if (!result.valid) return null;
    const reported = (result as { timeStep?: number }).timeStep;
    return reported ?? Math.floor(Date.now() / 30_000) + result.delta;
  } catch {
    return null;
  }
}

/** Records the step as used; false when a concurrent request used it (or a later one) first. */
export async function claimTotpStep(db: Queryable, identityId: string, step: number): Promise<boolean> {
  const { affectedRows } = await db.query(
    'UPDATE identities SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)',
    [identityId, step],
  );
  return affectedRows === 1;
}
