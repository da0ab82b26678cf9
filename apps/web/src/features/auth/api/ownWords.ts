import type { UiText } from './flows.js';

/**
 * Opsdeck's words for the identity messages people meet most, by Ory's message id, so a
 * wrong password reads the same with the builtin flows and with Kratos (whose text is wordy:
 * '…username, email address, or phone number' — this console signs in by email only).
 */
const OWN_WORDS: Record<number, string> = {
  4000006: 'Wrong email or password. Check both and try again.',
  4000007: 'An account with this email already exists. Sign in, or recover its password.',
  4000008: 'That code is not right. Enter the current code from your authenticator app.',
};

/** The text to show for a flow message: ours when we have words for its id, else its own. */
export function messageText(m: Pick<UiText, 'id' | 'text'>): string {
  return (m.id !== undefined && OWN_WORDS[m.id]) || m.text;
}
