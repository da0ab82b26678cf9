import crypto from 'node:crypto';

/** A password for the first admin or a reset: 16 URL-safe characters, 96 bits. */
export function randomPassword(): string {
  return crypto.randomBytes(12).toString('base64url');
}

/**
 * The sign-in details in a frame of lines, so they stand out from log lines:
 *
 *   ┌─────────────────────────────┐
 *   │ heading                     │
 *   │ ...                         │
 *   └─────────────────────────────┘
 */
export function passwordBanner(heading: string, email: string, password: string): string {
  const lines = [
    heading,
    '',
    `  email:     ${email}`,
    `  password:  ${password}`,
    '',
    'Shown only this once: change it under profile settings after signing in.',
    'Lost it? Run: npx opsdeck admin reset-password',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '─'.repeat(width + 2);
  const body = lines.map((l) => `│ ${l.padEnd(width)} │`);
  return ['', `┌${rule}┐`, ...body, `└${rule}┘`, ''].join('\n') + '\n';
}
