import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useParams } from 'react-router';
import { CACHE } from '../../api/queryClient.js';
import { useHasPermission } from '../../auth/permissions.js';
import { useUrlParams } from '../../lib/urlState.js';
import { ErrorView } from '../ErrorView.js';
import { Page } from '../Page.js';
import { Tabs, type TabItem } from '../Tabs.js';
import { JobHistoryTab } from './JobHistoryTab.js';
import { settingsResourceKeys } from './keys.js';
import type { SettingsRow } from './row.js';
import { SettingsForm } from './SettingsForm.js';
import { fetchSettingsRow } from './settingsResourceApi.js';
import type { SettingsTable } from './types.js';

function tabsOf(t: SettingsTable, row: SettingsRow, canWrite: boolean): TabItem[] {
  const tabs: TabItem[] = [
    { value: 'spec', label: 'Spec', content: <SettingsForm key={row.id} table={t} row={row} /> },
  ];
  for (const extra of t.extraTabs ?? [])
    tabs.push({ value: extra.value, label: extra.label, content: extra.render(row, canWrite) });
  if (t.jobResourceType)
    tabs.push({
      value: 'jobHistory',
      label: 'Job History',
      content: <JobHistoryTab table={t.table} resourceType={t.jobResourceType} id={row.id} />,
    });
  return tabs;
}

/**
 * /settings/{table}/{id} and /settings/{table}/new: a breadcrumb, 'No resources
 * found' when the row does not exist, and the tabs spec, the table's own (manageTeam) and
 * jobHistory; the open tab is kept in the URL.
 */
export function SettingsDetailPage({ table: t }: { table: SettingsTable }) {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const canWrite = useHasPermission(t.resource, 'write');
  const [params, setParams] = useUrlParams();
  const found = useQuery({
    queryKey: settingsResourceKeys.row(t.table, id),
    queryFn: ({ signal }) => fetchSettingsRow(t, id, signal),
    enabled: !isNew,
    meta: { silent: true },
    ...CACHE.settings,
  });
  const crumbs = [{ label: 'Settings' }, { label: t.title, href: `/settings/${t.table}` }];

  if (isNew)
    return (
      <Page crumbs={[...crumbs, { label: `New ${t.resourceName}` }]}>
        <SettingsForm table={t} />
      </Page>
    );
  if (found.isPending)
    return (
      <Page crumbs={crumbs}>
        <Loader2 className="mx-auto size-5 animate-spin text-muted" aria-label="Loading" />
      </Page>
    );
  if (found.isError)
    return (
      <Page crumbs={crumbs}>
        <ErrorView error={found.error} onRetry={() => void found.refetch()} />
      </Page>
    );
  const row = found.data;
  if (!row)
    return (
      <Page crumbs={[...crumbs, { label: 'No resources found' }]}>
        <div className="card flex h-28 items-center justify-center text-muted">No resources found</div>
      </Page>
    );
  const tabs = tabsOf(t, row, canWrite);
  const first = t.defaultTab ?? 'spec';
  const asked = params.get('tab') ?? first;
  const tab = tabs.some((x) => x.value === asked) ? asked : 'spec';
  return (
    <Page crumbs={[...crumbs, { label: row.name }]}>
      <Tabs
        className="flex min-h-0 flex-1 flex-col"
        tabs={tabs}
        value={tab}
        onValueChange={(v) => setParams({ tab: v === first ? null : v })}
      />
    </Page>
  );
}
