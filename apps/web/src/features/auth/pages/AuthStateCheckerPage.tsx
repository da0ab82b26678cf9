import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { returnToParam } from '../../../lib/returnTo.js';
import { checkSession } from '../api/flows.js';

/**
 * Where a 401 lands: a live session goes back to return_to; a session that needs the second
 * factor (403 or 422) to sign-in with aal2; none to the login page.
 */
export function AuthStateCheckerPage() {
  const [params] = useSearchParams();
  // Only addresses of this console: return_to comes from the address bar (lib/returnTo.ts).
  const returnTo = returnToParam(params) ?? '/';
  useEffect(() => {
    let cancelled = false;
    void checkSession().then((s) => {
      if (cancelled) return;
      if (s.state === 'ok') window.location.replace(returnTo);
      else if (s.state === 'redirect') window.location.replace(s.to);
      else if (s.state === 'aal2')
        window.location.replace(`/login?aal=aal2&return_to=${encodeURIComponent(returnTo)}`);
      else window.location.replace(`/login?return_to=${encodeURIComponent(returnTo)}`);
    });
    return () => {
      cancelled = true;
    };
  }, [returnTo]);
  return (
    <div className="flex h-full items-center justify-center bg-canvas text-muted">Checking your session…</div>
  );
}
