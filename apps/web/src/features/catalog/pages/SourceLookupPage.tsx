import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Badge } from '../../../ui/Badge.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { lookupBySource } from '../api/sourceLookup.js';
import { catalogKeys } from '../api/keys.js';

/**
 * /lookup?external_id={source id}[&type={type}]: the config item or component another system
 * knows by that id. One match opens it; several are listed; none says so.
 */
export function SourceLookupPage() {
  const [params] = useSearchParams();
  const externalId = (params.get('external_id') ?? params.get('id') ?? '').trim();
  const type = params.get('type')?.trim() || undefined;
  const found = useQuery({
    queryKey: catalogKeys.sourceLookup(externalId, type),
    queryFn: ({ signal }) => lookupBySource(externalId, type, signal),
    enabled: externalId !== '',
    meta: { silent: true },
  });
  const only = found.data?.length === 1 ? found.data[0] : undefined;
  if (only) return <Navigate to={only.href} replace />;
  return (
    <Page crumbs={[{ label: 'Catalog', href: '/catalog' }, { label: 'Lookup by source id' }]}>
      {externalId === '' ? (
        <p className="text-muted">Add ?external_id= with the source id to look up.</p>
      ) : null}
      {found.isPending && externalId !== '' ? <p className="text-muted">Looking up {externalId}…</p> : null}
      {found.isError ? <ErrorView error={found.error} onRetry={() => void found.refetch()} /> : null}
      {found.data?.length === 0 ? (
        <p className="text-muted">
          No catalog item or component has the source id <strong>{externalId}</strong>
          {type ? ` and type ${type}` : ''}.
        </p>
      ) : null}
      {found.data && found.data.length > 1 ? (
        <section aria-label="Matches" className="flex flex-col gap-1">
          <p className="text-muted">
            {found.data.length} matches for <strong>{externalId}</strong>:
          </p>
          <ul className="flex flex-col">
            {found.data.map((m) => (
              <li key={`${m.kind}-${m.id}`}>
                <Link
                  to={m.href}
                  className="flex h-8 items-center gap-2 rounded px-1 text-[13px] hover:bg-subtle"
                >
                  <Badge tone={m.kind === 'config' ? 'blue' : 'grey'}>
                    {m.kind === 'config' ? 'Catalog' : 'Component'}
                  </Badge>
                  <span className="truncate">{m.name ?? m.id}</span>
                  {m.type ? <span className="text-xs text-muted">{m.type}</span> : null}
                  {m.deleted_at ? <Badge tone="red">deleted</Badge> : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Page>
  );
}
