import { formatCost, formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PlaybookRunStatusIcon } from '../../../ui/PlaybookRunStatus.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import { Badge } from '../../../ui/Badge.js';
import { useFeatureCheck } from '../../../auth/features.js';
import {
  useComponentChanges,
  useComponentChecks,
  useComponentConfigs,
  useComponentIncidents,
  useComponentInsights,
  useComponentPlaybookRuns,
} from '../api/panelApi.js';
import type { TopologyComponent } from '../api/types.js';
import { propertyText } from '../lib/cards.js';
import { severityTone } from '../../../ui/severityTone.js';
import { CatalogList } from './CatalogSection.js';
import { DEFAULT_INCIDENT_FILTER, IncidentsList } from '../../../ui/IncidentsList.js';
import { PanelSection } from './PanelSection.js';

export const PANEL_SECTIONS = [
  'Details',
  'Catalog',
  'Incidents',
  'Changes',
  'Checks',
  'Playbooks',
  'Teams',
  'Insights',
] as const;
export type PanelSectionName = (typeof PANEL_SECTIONS)[number];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1 text-[13px]">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The component side panel: collapsible sections, only one open at a time. */
export function SidePanel({
  component: c,
  parentName,
}: {
  component: TopologyComponent;
  parentName?: string;
}) {
  const [open, setOpen] = useState<PanelSectionName | null>('Details');
  const [showDeleted, setShowDeleted] = useState(false);
  const [incidentFilter, setIncidentFilter] = useState(DEFAULT_INCIDENT_FILTER);
  const incidentsOff = useFeatureCheck()('incidents');
  const toggle = (s: PanelSectionName) => () => setOpen(open === s ? null : s);
  // The Catalog and Checks counts show on the closed sections: both load with the panel.
  const configs = useComponentConfigs(c.id, true);
  const changes = useComponentChanges(c.id, open === 'Changes');
  const checks = useComponentChecks(c.id, true);
  const incidents = useComponentIncidents(c.id, incidentFilter, open === 'Incidents' && !incidentsOff);
  const insights = useComponentInsights(c.id, open === 'Insights');
  const runs = useComponentPlaybookRuns(c.id, open === 'Playbooks');
  const visibleConfigs = (configs.data ?? []).filter((l) => showDeleted || !l.deleted);
  const costs = [
    ['per minute', c.cost_per_minute],
    ['1 day', c.cost_total_1d],
    ['7 days', c.cost_total_7d],
    ['30 days', c.cost_total_30d],
  ].filter(([, v]) => typeof v === 'number' && v > 0);
  const empty = (text: string) => <p className="py-2 text-xs text-muted">{text}</p>;
  return (
    <aside
      aria-label="Component details"
      className="flex w-96 shrink-0 flex-col overflow-hidden rounded-lg border border-line bg-surface max-md:min-h-full max-md:w-full max-md:rounded-none max-md:border-0"
    >
      <PanelSection title="Details" open={open === 'Details'} onToggle={toggle('Details')}>
        <dl>
          <Row label="Name">
            {c.name}
            {c.type && (
              <Link
                to={`/topology?type=${encodeURIComponent(c.type)}`}
                className="ml-2 text-xs text-brand-600 hover:underline"
              >
                {c.type}
              </Link>
            )}
          </Row>
          <Row label="Status">
            <span className="inline-flex items-center gap-1.5">
              <StatusDot status={c.status} /> {c.status}
            </span>
          </Row>
          {c.namespace && <Row label="Namespace">{c.namespace}</Row>}
          {c.parent_id && (
            <Row label="Parent">
              <Link to={`/topology/${c.parent_id}`} className="hover:underline">
                {parentName ?? c.parent_id}
              </Link>
            </Row>
          )}
          {costs.length > 0 && (
            <Row label="Costs">
              {costs.map(([k, v]) => `${formatCost(v as number)} (${k as string})`).join(' · ')}
            </Row>
          )}
          {c.topology_id && (
            <Row label="Created by">
              <Link to={`/settings/topologies/${c.topology_id}`} className="text-brand-600 hover:underline">
                Topology
              </Link>
            </Row>
          )}
          <Row label="Updated">{formatDateTime(c.updated_at)}</Row>
          {c.deleted_at && <Row label="Deleted">{formatDateTime(c.deleted_at)}</Row>}
          {c.properties
            .filter((p) => propertyText(p))
            .map((p, i) => (
              <Row key={`${p.name ?? i}`} label={p.label ?? p.name ?? ''}>
                {propertyText(p)}
              </Row>
            ))}
          {Object.keys(c.labels).length > 0 && (
            <Row label="Labels">
              <span className="flex flex-wrap gap-1">
                {Object.entries(c.labels).map(([k, v]) => (
                  <Badge key={k}>
                    {k}: {v}
                  </Badge>
                ))}
              </span>
            </Row>
          )}
        </dl>
      </PanelSection>
      <PanelSection
        title="Catalog"
        count={configs.data ? visibleConfigs.length : undefined}
        open={open === 'Catalog'}
        onToggle={toggle('Catalog')}
        actions={
          <button
            type="button"
            className="text-xs text-brand-600 hover:underline"
            onClick={() => setShowDeleted(!showDeleted)}
          >
            {showDeleted ? 'Hide deleted' : 'Show deleted'}
          </button>
        }
      >
        <CatalogList componentId={c.id} links={configs.data ?? []} showDeleted={showDeleted} />
      </PanelSection>
      {!incidentsOff && (
        <PanelSection title="Incidents" open={open === 'Incidents'} onToggle={toggle('Incidents')}>
          <IncidentsList incidents={incidents.data} filter={incidentFilter} onFilter={setIncidentFilter} />
        </PanelSection>
      )}
      <PanelSection title="Changes" open={open === 'Changes'} onToggle={toggle('Changes')}>
        {changes.data?.length === 0 && empty('No changes')}
        <ul>
          {changes.data?.map((ch) => (
            <li
              key={ch.id}
              className="flex flex-col border-b border-line/60 py-1.5 text-[13px] last:border-0"
            >
              <span className="flex items-center gap-2">
                <span className="font-medium">{ch.change_type}</span>
                <span className="truncate text-muted">{ch.name}</span>
                <span className="ml-auto shrink-0 text-xs text-muted">{formatDateTime(ch.created_at)}</span>
              </span>
              {ch.summary && <span className="truncate text-xs text-muted">{ch.summary}</span>}
            </li>
          ))}
        </ul>
      </PanelSection>
      <PanelSection
        title="Checks"
        count={checks.data?.length}
        open={open === 'Checks'}
        onToggle={toggle('Checks')}
      >
        {checks.data?.length === 0 && empty('No checks')}
        <ul>
          {checks.data?.map((k) => (
            <li key={k.id}>
              <Link
                to={`/health?checkId=${k.id}`}
                className="flex h-8 items-center gap-2 rounded px-1 text-[13px] hover:bg-subtle"
              >
                <StatusDot status={k.status ?? 'unknown'} />
                <span className="truncate">{k.name}</span>
                <span className="ml-auto text-xs text-muted">{k.type}</span>
              </Link>
            </li>
          ))}
        </ul>
      </PanelSection>
      <PanelSection title="Playbooks" open={open === 'Playbooks'} onToggle={toggle('Playbooks')}>
        {runs.data?.length === 0 && empty('No playbook runs')}
        <ul>
          {runs.data?.map((r) => (
            <li key={r.id}>
              <Link
                to={`/playbooks/runs/${r.id}`}
                className="flex h-8 items-center gap-2 rounded px-1 text-[13px] hover:bg-subtle"
              >
                <PlaybookRunStatusIcon status={r.status} />
                <span className="truncate">{r.playbooks?.title || r.playbooks?.name}</span>
                <span
                  className="ml-auto shrink-0 text-xs text-muted"
                  title={formatDateTime(r.start_time ?? r.created_at)}
                >
                  {formatRelativeTime(r.start_time ?? r.created_at)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </PanelSection>
      <PanelSection title="Teams" count={c.teams.length} open={open === 'Teams'} onToggle={toggle('Teams')}>
        {c.teams.length === 0 && empty('No teams')}
        <ul>
          {c.teams.map((t) => (
            <li key={t.team_id}>
              <Link
                to={`/settings/teams/${t.team_id}`}
                className="flex h-8 items-center rounded px-1 text-[13px] hover:bg-subtle"
              >
                {t.team.name}
              </Link>
            </li>
          ))}
        </ul>
      </PanelSection>
      <PanelSection title="Insights" open={open === 'Insights'} onToggle={toggle('Insights')}>
        {insights.data?.length === 0 && empty('No insights')}
        <ul>
          {insights.data?.map((a) => (
            <li
              key={a.id}
              className="flex items-center gap-2 border-b border-line/60 py-1.5 text-[13px] last:border-0"
            >
              <Badge tone={severityTone(a.severity)}>{a.severity ?? 'info'}</Badge>
              <span className="truncate">{a.summary ?? a.analyzer}</span>
              <span className="ml-auto shrink-0 text-xs text-muted">{a.analysis_type}</span>
            </li>
          ))}
        </ul>
      </PanelSection>
    </aside>
  );
}
