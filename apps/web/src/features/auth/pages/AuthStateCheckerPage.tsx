import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { checkSession } from '../api/flows.js';

/** Where a 401 lands: a live session goes back to return_to, otherwise to the login page. */
export function AuthStateCheckerPage() {
  const [params] = useSearchParams();
  const returnTo = params.get('return_to') || '/';
  useEffect(() => {
    let cancelled = false;
    void checkSession().then((s) => {
      if (cancelled) return;
      // Only paths on this console: return_to comes from the address bar.
      const safe = returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
      if (s.state === 'ok') window.location.replace(safe);
      else if (s.state === 'redirect') window.location.replace(s.to);
      else window.location.replace(`/login?return_to=${encodeURIComponent(safe)}`);
    });
    return () => {
      cancelled = true;
    };
  }, [returnTo]);
  return (
    <div className="flex h-full items-center justify-center bg-canvas text-muted">Checking your session…</div>
  );
}
