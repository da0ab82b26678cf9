import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useHasPermission } from '../../../auth/permissions.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { Tabs } from '../../../ui/Tabs.js';
import { useIncident, useRefresh } from '../api/useIncident.js';
import { SidePanel } from '../components/SidePanel.js';
import { ActionPlan } from '../parts/ActionPlan.js';
import { CommentsTimeline } from '../parts/CommentsTimeline.js';
import { StatusControl } from '../components/StatusControl.js';
import { TopologyStrip } from '../components/TopologyStrip.js';

export const NOT_FOUND = 'Incident not found';
const LIST_CRUMB = { label: 'Incidents', href: '/incidents' };

/** /incidents/{id}: the incident's tabs (comments, action plan) and its right panel. */
export function IncidentDetailPage() {
  const id = useParams().id ?? '';
  const incident = useIncident(id);
  const refresh = useRefresh();
  // The open tab is kept in the URL (?tab=action-plan), so a reload or a shared link keeps it.
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'action-plan' ? 'action-plan' : 'comments';
  const selectTab = (value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'comments') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  const onChanged = () => void refresh();
  const canWrite = useHasPermission('incident', 'write');
  const title = incident.data?.title;
  useEffect(() => {
    // The page title starts 'Incident - {title}'.
    if (title) document.title = `Incident - ${title} · Opsdeck`;
  }, [title]);

  if (incident.isPending)
    return (
      <Page crumbs={[LIST_CRUMB, { label: <span /> }]}>
        <Loader2 className="mx-auto size-5 animate-spin" aria-label="Loading" />
      </Page>
    );
  if (incident.isError)
    return (
      <Page crumbs={[LIST_CRUMB, { label: <span /> }]}>
        <ErrorView error={incident.error} onRetry={() => void incident.refetch()} />
      </Page>
    );
  const data = incident.data;
  if (!data)
    return (
      <Page crumbs={[LIST_CRUMB]}>
        <p className="text-muted">{NOT_FOUND}</p>
      </Page>
    );
  return (
    <Page
      // A node, not a string: the page sets the document title itself.
      crumbs={[
        LIST_CRUMB,
        {
          label: (
            <span>
              <span className="text-muted">{data.incident_id}</span> {data.title}
            </span>
          ),
        },
      ]}
      actions={<StatusControl incident={data} canWrite={canWrite} />}
    >
      <div className="flex min-h-0 flex-1 gap-4 max-md:flex-col">
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <TopologyStrip incident={data} />
          <Tabs
            className="min-h-0 min-w-0 flex-1"
            value={tab}
            onValueChange={selectTab}
            tabs={[
              {
                value: 'comments',
                label: 'Comments',
                content: <CommentsTimeline incident={data} onChanged={onChanged} />,
              },
              {
                value: 'action-plan',
                label: 'Action Plan',
                content: <ActionPlan incident={data} onChanged={onChanged} />,
              },
            ]}
          />
        </div>
        <SidePanel incident={data} canWrite={canWrite} onChanged={onChanged} />
      </div>
    </Page>
  );
}
