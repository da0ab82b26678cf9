import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CACHE } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { DEBOUNCE, useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { DataTable, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { PrimaryAction } from '../../../ui/PrimaryAction.js';
import { fetchIntegrations } from '../api/integrationsApi.js';
import { integrationsKeys } from '../api/keys.js';
import { AddIntegrationModal } from '../components/AddIntegrationModal.js';
import { integrationColumns } from '../components/integrationColumns.js';

/**
 * /settings/integrations: scrapers, topologies and logging backends with their job status;
 * search, sorting and paging by the server, all in the URL. The add button needs write.
 */
export function IntegrationsPage() {
  const state = useTableUrlState('', { sortBy: 'name' });
  const [params, setParams] = useUrlParams();
  const search = params.get('search') ?? '';
  const [text, setText] = useState(search);
  const debounced = useDebouncedValue(text, DEBOUNCE.list);
  useEffect(() => {
    // A new search starts again at the first page.
    if (debounced !== search) setParams({ search: debounced || null, pageIndex: null });
  }, [debounced, search, setParams]);
  const canWrite = useHasPermission('integrations', 'write');
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: integrationsKeys.list(search, state.sorting, state.pagination),
    queryFn: ({ signal }) => fetchIntegrations(search, state.sorting, state.pagination, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    ...CACHE.settings,
  });

  return (
    <Page
      crumbs={[{ label: 'Settings' }, { label: 'Integrations' }]}
      actions={
        canWrite ? (
          <PrimaryAction icon={Plus} label="Add Integration" onClick={() => setAdding(true)} />
        ) : null
      }
    >
      <div className="relative flex max-w-sm items-center">
        <Search className="pointer-events-none absolute left-2.5 size-4 text-muted" aria-hidden />
        <input
          className="input pl-8"
          type="search"
          placeholder="Search"
          aria-label="Search integrations"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {list.isError ? <ErrorView error={list.error} onRetry={() => void list.refetch()} /> : null}
      <DataTable
        id="settings-integrations"
        className="flex-1"
        columns={integrationColumns}
        data={list.data?.data ?? []}
        manual
        totalEntries={list.data?.totalEntries}
        defaults={{ sortBy: 'name' }}
        loading={list.isFetching}
        getRowId={(r) => `${r.integration_type}/${r.id}`}
        onRowClick={(r) => void navigate(`/settings/integrations/${r.integration_type}/${r.id}`)}
      />
      {canWrite ? <AddIntegrationModal open={adding} onOpenChange={setAdding} /> : null}
    </Page>
  );
}
