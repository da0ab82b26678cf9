import { z } from 'zod';

/**
 * The one email rule: something, an @, something, no spaces. No TLD is required, so local
 * addresses such as admin@localhost work; the mail server is the real judge of an address.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** The message the user form shows for an address that is not an email. */
export const EMAIL_FORMAT_MESSAGE = 'Entered value does not match email format';

export const emailSchema = z.string().trim().regex(EMAIL_PATTERN, EMAIL_FORMAT_MESSAGE);
