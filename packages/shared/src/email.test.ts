import { describe, expect, it } from 'vitest';
import { EMAIL_FORMAT_MESSAGE, EMAIL_PATTERN, emailSchema } from './email.js';

describe('email pattern', () => {
  it('accepts ordinary and local addresses', () => {
    for (const email of ['iris@example.com', 'a.b+tag@sub.example.org', 'admin@localhost']) {
      expect(EMAIL_PATTERN.test(email), email).toBe(true);
    }
    expect(emailSchema.parse('  iris@example.com ')).toBe('iris@example.com');
  });

  it('refuses what is not an address, with the form’s message', () => {
    for (const email of [
      '',
      'bad',
      'not-an-email',
      '@example.com',
      'iris@',
      'iris@@example.com',
      'ir is@example.com',
    ]) {
      expect(EMAIL_PATTERN.test(email), email).toBe(false);
    }
    expect(emailSchema.safeParse('bad').error?.issues[0]?.message).toBe(EMAIL_FORMAT_MESSAGE);
  });
});
