import { whoamiKey } from '../../../auth/whoami.js';

/** Every query key of the sign-in and profile pages. */
export const authKeys = {
  /** The signed-in user (the user menu shows name and email). */
  whoami: whoamiKey,
  flowError: (id: string) => ['auth', 'flow-error', id] as const,
};
