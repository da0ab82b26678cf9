import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CACHE } from '../../../api/queryClient.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { statusPageKeys } from '../api/keys.js';
import { fetchStatusPage } from '../api/statusPages.js';
import { StatusPageForm } from '../components/StatusPageForm.js';

const CRUMB = { label: 'Status Pages', href: '/settings/status-pages' };

/** /settings/status-pages/new and /settings/status-pages/:id. */
export function StatusPageDetailPage() {
  const { id } = useParams();
  const row = useQuery({
    queryKey: statusPageKeys.one(id ?? 'new'),
    queryFn: ({ signal }) => fetchStatusPage(id ?? '', signal),
    enabled: id !== undefined,
    ...CACHE.settings,
  });
  if (id === undefined)
    return (
      <Page crumbs={[{ label: 'Settings' }, CRUMB, { label: 'New' }]}>
        <StatusPageForm />
      </Page>
    );
  return (
    <Page crumbs={[{ label: 'Settings' }, CRUMB, { label: row.data?.title ?? '…' }]}>
      {row.isError ? <ErrorView error={row.error} onRetry={() => void row.refetch()} /> : null}
      {row.data === null ? <p className="text-muted">No status page found</p> : null}
      {row.data ? <StatusPageForm key={row.data.id} row={row.data} /> : null}
    </Page>
  );
}
