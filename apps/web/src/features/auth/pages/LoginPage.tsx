import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAbout } from '../../../api/platform.js';
import type { Flow } from '../api/flows.js';
import { AuthCard } from '../components/AuthCard.js';
import { FlowPage } from '../components/FlowPage.js';
import { LoginLinks } from '../components/LoginLinks.js';
import { OidcSignIn } from '../components/OidcSignIn.js';

/** The login title by variant: sign in, refresh or second factor. */
export function loginTitle(flow: Flow | undefined): string {
  if (flow?.requested_aal === 'aal2' || flow?.ui.nodes.some((n) => n.attributes.name === 'totp_code'))
    return 'Two-Factor Authentication';
  if (flow?.refresh) return 'Confirm Action';
  return 'Sign In to your account';
}

/**
 * With an OIDC issuer (AUTH_MODE=oidc) the page offers 'Sign in with {provider}' alone; in the
 * other modes the password flow. The mode comes from /api/about; if it cannot be read, the
 * password flow is the fallback (it is what builtin, the default, serves).
 */
export function LoginPage() {
  const about = useAbout();
  const [params, setParams] = useSearchParams();
  // `?username=&password=` (doc 3 §2.1) fill the form once; they leave the address bar at once,
  // so a password never stays in the history or a shared link.
  const [prefill] = useState(() => ({
    identifier: params.get('username') ?? '',
    password: params.get('password') ?? '',
  }));
  useEffect(() => {
    if (!params.has('username') && !params.has('password')) return;
    setParams(
      (p) => {
        p.delete('username');
        p.delete('password');
        return p;
      },
      { replace: true },
    );
  }, [params, setParams]);
  // Decided once: a failed /api/about is fetched again when the flow's links mount, which
  // would otherwise flip the page back to "waiting" and unmount the flow, again and again.
  const [oidc, setOidc] = useState<{ provider: string } | false | null>(null);
  if (oidc === null && (about.data || about.isError)) {
    setOidc(about.data?.authMode === 'oidc' ? { provider: about.data.oidcProvider ?? 'SSO' } : false);
  }
  if (oidc === null) return <AuthCard title={loginTitle(undefined)}>{null}</AuthCard>;
  if (oidc)
    return (
      <AuthCard title={loginTitle(undefined)}>
        <OidcSignIn provider={oidc.provider} />
      </AuthCard>
    );
  return <FlowPage kind="login" title={loginTitle} footer={() => <LoginLinks />} prefill={prefill} />;
}
