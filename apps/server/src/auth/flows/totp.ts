import { generateSecret, generateURI, verifySync } from 'otplib';

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: 'Opsdeck', label: email, secret });
}

/** Accepts the current code and one 30-second step either side (clock drift). */
export function checkTotp(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code.trim())) return false;
  try {
    return verifySync({ secret, token: code.trim(), epochTolerance: 30 }).valid;
  } catch {
    return false;
  }
}
