import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { BellOff, Trash2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Guard } from '../../../auth/Guard.js';
import { ResourceActionButtons } from '../../../platform/resourceActions.js';
import { preloadCodeEditor } from '../../../ui/CodeEditor/CodeEditor.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { Tabs } from '../../../ui/Tabs.js';
import { CONFIG_CACHE, fetchConfigDetail } from '../api/catalog.js';
import { ChangesView } from '../components/ChangesView.js';
import { ChecksTab } from '../components/ChecksTab.js';
import { ConfigIncidents } from '../components/ConfigIncidents.js';
import { ConfigSidePanel } from '../components/ConfigSidePanel.js';
import { TopologySplit } from '../components/TopologySplit.js';
import { fetchConfigComponents, splitComponent } from '../api/components.js';
import { ConfigYaml, readSelectedLines, toYaml } from '../components/ConfigYaml.js';
import { configEvidence } from '../lib/evidence.js';
import { InsightsView } from '../components/InsightsView.js';
import { PlaybooksTab } from '../components/PlaybooksTab.js';
import { RelationshipsTab } from '../components/RelationshipsTab.js';
import { SidePanelFrame } from '../components/SidePanelFrame.js';
import { catalogKeys } from '../api/keys.js';

export const DETAIL_TABS = ['config', 'changes', 'insights', 'relationships', 'playbooks', 'checks'] as const;
type DetailTab = (typeof DETAIL_TABS)[number];

function isTab(v: string | undefined): v is DetailTab {
  return (DETAIL_TABS as readonly string[]).includes(v ?? '');
}

/** /catalog/{id} and /catalog/{id}/{tab}: one item with its side panel. */
export function ConfigDetailPage() {
  const { id = '', tab } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current: DetailTab = isTab(tab) ? tab : 'config';
  // The Config tab's editor loads while the item does, so it shows the moment the data arrives.
  useEffect(preloadCodeEditor, []);
  const detail = useQuery({
    queryKey: catalogKeys.config(id),
    queryFn: ({ signal }) => fetchConfigDetail(id, signal),
    meta: { silent: true },
    ...CONFIG_CACHE,
    staleTime: 0,
  });
  const config = detail.data;
  const summary = config?.summary ?? {};
  const components = useQuery({
    queryKey: catalogKeys.components(id),
    queryFn: ({ signal }) => fetchConfigComponents(id, signal),
    meta: { silent: true },
  });
  const split = splitComponent(components.data ?? []);
  const selectedKey = readSelectedLines(params).join(',');
  // Link to Incident keeps the YAML lines and the selection (the `selected` parameter).
  const evidence = useMemo(() => {
    if (!config) return undefined;
    const selected = selectedKey ? selectedKey.split(',').map(Number) : [];
    return configEvidence(config, toYaml(config.config), selected);
  }, [config, selectedKey]);

  const go = (t: string) => {
    // Keep the config type across tabs; drop the previous tab's own filters.
    const keep = new URLSearchParams();
    const type = params.get('configType');
    if (type) keep.set('configType', type);
    const qs = keep.toString();
    void navigate(`/catalog/${id}${t === 'config' ? '' : `/${t}`}${qs ? `?${qs}` : ''}`);
  };

  const name = config ? (
    <span className="inline-flex items-center gap-1.5">
      {config.name ?? config.id}
      {config.deleted_at ? (
        <span
          className="inline-flex items-center gap-1 rounded bg-red-100 px-1.5 text-xs font-medium text-red-700 dark:bg-red-950 dark:text-red-300"
          title={`Deleted: ${formatRelativeTime(config.deleted_at)} (${formatDateTime(config.deleted_at)})`}
        >
          <Trash2 className="size-3" aria-hidden />
          Deleted
        </span>
      ) : null}
    </span>
  ) : (
    id
  );

  const content = (t: DetailTab) => {
    if (!config) return null;
    switch (t) {
      case 'config':
        return <ConfigYaml config={config.config} />;
      case 'changes':
        return <ChangesView configId={config.id} />;
      case 'insights':
        return <InsightsView configId={config.id} />;
      case 'relationships':
        return <RelationshipsTab config={config} />;
      case 'playbooks':
        return <PlaybooksTab configId={config.id} configName={config.name ?? config.id} />;
      case 'checks':
        return <ChecksTab configId={config.id} />;
    }
  };

  const tabs = (
    <Tabs
      className="flex min-h-0 min-w-0 flex-1 flex-col [&>[role=tabpanel]]:flex [&>[role=tabpanel]]:min-h-0 [&>[role=tabpanel]]:flex-1 [&>[role=tabpanel]]:flex-col"
      value={current}
      onValueChange={go}
      tabs={[
        { value: 'config', label: 'Config', content: content('config') },
        {
          value: 'changes',
          label: 'Changes',
          count: summary.changes ?? 0,
          content: content('changes'),
        },
        {
          value: 'insights',
          label: 'Insights',
          count: summary.analysis ?? 0,
          content: content('insights'),
        },
        {
          value: 'relationships',
          label: 'Relationships',
          count: summary.relationships ?? 0,
          content: content('relationships'),
        },
        {
          value: 'playbooks',
          label: 'Playbooks',
          count: summary.playbook_runs ?? 0,
          content: content('playbooks'),
        },
        { value: 'checks', label: 'Checks', count: summary.checks ?? 0, content: content('checks') },
      ]}
    />
  );

  return (
    <Page
      crumbs={[
        { label: 'Catalog', href: '/catalog' },
        ...(config
          ? [{ label: config.type, href: `/catalog?configType=${encodeURIComponent(config.type)}` }]
          : []),
        { label: name },
      ]}
      actions={
        config ? (
          <>
            <ResourceActionButtons
              resource={{
                kind: 'config',
                id: config.id,
                name: config.name ?? config.id,
                ...(evidence ? { evidence } : {}),
              }}
            />
            <Guard resource="notifications" action="write">
              {/* The silence form lives in the notifications area: linked, not imported. */}
              <Link
                to={`/notifications/silences/add?config_id=${encodeURIComponent(config.id)}`}
                className="btn"
              >
                <BellOff className="size-4" aria-hidden /> Silence
              </Link>
            </Guard>
          </>
        ) : null
      }
    >
      {detail.isError ? <ErrorView error={detail.error} onRetry={() => void detail.refetch()} /> : null}
      {detail.isSuccess && !config ? <p className="py-16 text-center text-muted">Details not found</p> : null}
      {config ? (
        // On a phone the Details sheet's button sits above the tabs (col-reverse), beside them on wider screens.
        <div className="flex min-h-0 flex-1 flex-col-reverse gap-3 md:flex-row">
          {split ? <TopologySplit component={split}>{tabs}</TopologySplit> : tabs}
          <SidePanelFrame>
            <ConfigSidePanel config={config} />
            <ConfigIncidents configId={config.id} />
          </SidePanelFrame>
        </div>
      ) : null}
    </Page>
  );
}
