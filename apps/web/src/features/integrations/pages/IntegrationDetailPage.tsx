import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useParams } from 'react-router';
import { CACHE } from '../../../api/queryClient.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { JobHistoryTab } from '../../../ui/settings-resource/JobHistoryTab.js';
import { settingsResourceKeys } from '../../../ui/settings-resource/keys.js';
import { SettingsForm } from '../../../ui/settings-resource/SettingsForm.js';
import { fetchSettingsRow } from '../../../ui/settings-resource/settingsResourceApi.js';
import { Tabs } from '../../../ui/Tabs.js';
import { IntegrationLinks } from '../components/IntegrationLinks.js';
import { integrationTable, INTEGRATIONS_PATH } from '../lib/integrationTables.js';

const CRUMBS = [{ label: 'Settings' }, { label: 'Integrations', href: INTEGRATIONS_PATH }];

/**
 * /settings/integrations/{type}/{id}: the Spec tab (the generic resource form) and the Job
 * History tab, the related links, 'Unknown type' for a type that is not an integration.
 */
export function IntegrationDetailPage() {
  const { type, id = '' } = useParams();
  const t = integrationTable(type);
  const [params, setParams] = useUrlParams();
  const found = useQuery({
    queryKey: settingsResourceKeys.row(t?.table ?? '', id),
    queryFn: ({ signal }) => (t ? fetchSettingsRow(t, id, signal) : Promise.resolve(null)),
    enabled: t !== undefined,
    meta: { silent: true },
    ...CACHE.settings,
  });

  if (!t)
    return (
      <Page crumbs={[...CRUMBS, { label: 'Unknown type' }]}>
        <div className="card flex h-28 items-center justify-center text-muted">Unknown type</div>
      </Page>
    );
  if (found.isPending)
    return (
      <Page crumbs={CRUMBS}>
        <Loader2 className="mx-auto size-5 animate-spin text-muted" aria-label="Loading" />
      </Page>
    );
  if (found.isError)
    return (
      <Page crumbs={CRUMBS}>
        <ErrorView error={found.error} onRetry={() => void found.refetch()} />
      </Page>
    );
  const row = found.data;
  if (!row)
    return (
      <Page crumbs={[...CRUMBS, { label: 'No resources found' }]}>
        <div className="card flex h-28 items-center justify-center text-muted">No resources found</div>
      </Page>
    );
  const tab = params.get('tab') === 'jobHistory' ? 'jobHistory' : 'spec';
  return (
    <Page crumbs={[...CRUMBS, { label: row.name }]}>
      <IntegrationLinks agentId={row.agent?.id} />
      <Tabs
        className="flex min-h-0 flex-1 flex-col"
        value={tab}
        onValueChange={(v) => setParams({ tab: v === 'spec' ? null : v })}
        tabs={[
          { value: 'spec', label: 'Spec', content: <SettingsForm key={row.id} table={t} row={row} /> },
          {
            value: 'jobHistory',
            label: 'Job History',
            // Logging backends run no jobs: their history is empty.
            content: (
              <JobHistoryTab
                table={t.table}
                resourceType={t.jobResourceType ?? 'logging_backend'}
                id={row.id}
              />
            ),
          },
        ]}
      />
    </Page>
  );
}
