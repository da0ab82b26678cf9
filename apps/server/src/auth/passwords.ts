import { loadArgon2 } from '../lib/packages.js';

// argon2id, 19 MiB, t=2, p=1: the OWASP baseline (docs/security.md).
// algorithm 2 is Argon2id (a const enum in the typings, unusable under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function hashSecret(secret: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(secret, OPTIONS);
}

export async function verifySecret(stored: string | null | undefined, secret: string): Promise<boolean> {
  const { hash, verify } = await loadArgon2();
  if (!stored) {
    // Spend the same effort when there is nothing to compare, so timing does not reveal accounts.
    await hash(secret, OPTIONS);
    return false;
  }
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** A password policy message, or undefined when the password is acceptable. */
export function passwordProblem(password: string, identifier: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long, but got ${password.length}.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH)
    return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  const id = identifier.toLowerCase();
  const pw = password.toLowerCase();
  const local = id.split('@')[0] ?? '';
  if (id && (pw.includes(id) || id.includes(pw) || (local.length >= 4 && pw.includes(local)))) {
    return 'The password can not be used because it is too similar to the identifier.';
  }
  return undefined;
}
