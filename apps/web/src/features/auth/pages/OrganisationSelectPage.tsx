import { Building2, Check } from 'lucide-react';
import { Navigate } from 'react-router';
import { useHostedMode, useWhoami, type Organisation } from '../../../auth/whoami.js';
import { AuthCard } from '../components/AuthCard.js';

/** Each organisation has its own console: choosing another goes there (a full page load). */
function open(org: Organisation): void {
  window.location.assign(new URL('/organizations/orgs-switched', org.url).toString());
}

/**
 * '/organizations/select' (hosted mode): the user's organisations, the current one marked;
 * the console sends a user here when none of theirs is this console. Outside the hosted
 * mode there is nothing to choose, so it goes home.
 */
export function OrganisationSelectPage() {
  const hosted = useHostedMode();
  const me = useWhoami();
  const organisations = me.data?.organisations ?? [];
  if (me.isSuccess && (!hosted || organisations.length === 0)) return <Navigate to="/" replace />;
  return (
    <AuthCard title="Select an organisation">
      {me.isPending ? <div className="text-muted">Loading…</div> : null}
      <ul aria-label="Organisations" className="flex flex-col gap-2">
        {organisations.map((org) => (
          <li key={org.name}>
            <a
              href={org.current ? '/' : new URL('/organizations/orgs-switched', org.url).toString()}
              className="btn w-full justify-start gap-2"
              onClick={(e) => {
                if (org.current) return;
                e.preventDefault();
                open(org);
              }}
            >
              <Building2 className="size-4 text-muted" aria-hidden />
              <span className="flex-1 truncate text-left">{org.name}</span>
              {org.current ? <Check className="size-4" aria-label="Current organisation" /> : null}
            </a>
          </li>
        ))}
      </ul>
    </AuthCard>
  );
}
