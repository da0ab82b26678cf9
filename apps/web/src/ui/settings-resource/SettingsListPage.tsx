import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { CACHE } from '../../api/queryClient.js';
import { useHasPermission } from '../../auth/permissions.js';
import { DataTable, useTableUrlState } from '../DataTable/index.js';
import { ErrorView } from '../ErrorView.js';
import { Page } from '../Page.js';
import { PrimaryAction } from '../PrimaryAction.js';
import { settingsResourceKeys } from './keys.js';
import { settingsColumns, type SettingsListRow } from './settingsColumns.js';
import { fetchSettingsJobs, fetchSettingsPage, latestJobs } from './settingsResourceApi.js';
import type { SettingsTable } from './types.js';

/** Runs looked at for Job Status and Last Failed: enough for a page of rows. */
const JOBS_LIMIT = 2000;

/**
 * /settings/{table}: the add button (write permission), the table's columns,
 * sorting and paging by the server with both kept in the URL; a row opens its detail page.
 */
export function SettingsListPage({ table: t }: { table: SettingsTable }) {
  const state = useTableUrlState('', { sortBy: 'name' });
  const canWrite = useHasPermission(t.resource, 'write');
  const navigate = useNavigate();
  const columns = useMemo(() => settingsColumns(t), [t]);
  const list = useQuery({
    queryKey: settingsResourceKeys.list(t.table, state.sorting, state.pagination),
    queryFn: async ({ signal }) => {
      const found = await fetchSettingsPage(t, state.sorting, state.pagination, signal);
      const jobs = t.jobResourceType
        ? await fetchSettingsJobs(
            t.jobResourceType,
            found.data.map((r) => r.id),
            JOBS_LIMIT,
            signal,
          )
        : [];
      return { ...found, jobs };
    },
    placeholderData: keepPreviousData,
    meta: { silent: true },
    ...CACHE.settings,
  });
  const data = useMemo<SettingsListRow[]>(() => {
    if (!list.data) return [];
    const { latest, lastFailed } = latestJobs(list.data.jobs);
    return list.data.data.map((r) => ({ ...r, job: latest.get(r.id), lastFailed: lastFailed.get(r.id) }));
  }, [list.data]);

  return (
    <Page
      crumbs={[{ label: 'Settings' }, { label: t.title }]}
      actions={
        canWrite ? (
          <PrimaryAction
            icon={Plus}
            label={`Add ${t.resourceName}`}
            onClick={() => void navigate(`/settings/${t.table}/new`)}
          />
        ) : null
      }
    >
      {list.isError ? <ErrorView error={list.error} onRetry={() => void list.refetch()} /> : null}
      <DataTable
        id={`settings-${t.table}`}
        className="flex-1"
        columns={columns}
        data={data}
        manual
        totalEntries={list.data?.totalEntries}
        defaults={{ sortBy: 'name' }}
        loading={list.isFetching}
        getRowId={(r) => r.id}
        onRowClick={(r) => void navigate(`/settings/${t.table}/${r.id}`)}
      />
    </Page>
  );
}
