import { LogIn } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { returnToParam } from '../../../lib/returnTo.js';

/**
 * AUTH_MODE=oidc: a plain link to the server's sign-in start, which redirects to the identity
 * provider; the browser comes back signed in, at return_to.
 */
export function OidcSignIn({ provider }: { provider: string }) {
  const [params] = useSearchParams();
  // Only addresses of this console: return_to comes from the address bar.
  const returnTo = returnToParam(params) ?? '/';
  const href = `/api/auth/oidc/login?return_to=${encodeURIComponent(returnTo)}`;
  return (
    <a className="btn btn-primary w-full justify-center" href={href}>
      <LogIn className="size-4" aria-hidden /> Sign in with {provider}
    </a>
  );
}
