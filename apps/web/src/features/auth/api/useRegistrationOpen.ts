import { useQuery } from '@tanstack/react-query';
import { createFlow } from './flows.js';
import { authKeys } from './keys.js';

/**
 * Whether sign-up is open: the server only hands out a registration flow while it is. Any
 * other answer (closed, an error, no network) counts as closed, so the link never lingers.
 */
export async function fetchRegistrationOpen(): Promise<boolean> {
  try {
    return (await createFlow('registration')).kind === 'flow';
  } catch {
    return false;
  }
}

/**
 * `enabled` waits for the page's own flow: the first flow of a fresh browser sets its CSRF
 * cookie, and two at once could each set a different one.
 */
export function useRegistrationOpen(enabled: boolean): boolean {
  const q = useQuery({
    queryKey: authKeys.registrationOpen,
    queryFn: fetchRegistrationOpen,
    enabled,
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
  return q.data === true;
}
