import { useAbout } from '../../../api/platform.js';

/**
 * Whether sign-up is open, as /api/about says (AUTH_REGISTRATION). An error or no answer
 * counts as closed, so the link never lingers; asking creates nothing on the server.
 */
export function useRegistrationOpen(): boolean {
  return useAbout().data?.registration === true;
}
