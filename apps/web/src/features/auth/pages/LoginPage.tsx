import type { Flow } from '../api/flows.js';
import { FlowPage } from '../components/FlowPage.js';
import { LoginLinks } from '../components/LoginLinks.js';

/** The login title by variant: sign in, refresh or second factor. */
export function loginTitle(flow: Flow | undefined): string {
  if (flow?.requested_aal === 'aal2' || flow?.ui.nodes.some((n) => n.attributes.name === 'totp_code'))
    return 'Two-Factor Authentication';
  if (flow?.refresh) return 'Confirm Action';
  return 'Sign In to your account';
}

export function LoginPage() {
  return <FlowPage kind="login" title={loginTitle} footer={() => <LoginLinks />} />;
}
