import { useActiveMaintenance } from '../../../api/activeMaintenance.js';
import { MaintenanceBadge } from '../../../ui/MaintenanceBadge.js';
import { formatDateTime, formatPercent, formatRelativeTime } from '@opsdeck/shared';
import { BellOff, Loader2, Pencil, Play } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { stringify } from 'yaml';
import { Guard } from '../../../auth/Guard.js';
import { cn } from '../../../lib/cn.js';
import { useMediaQuery } from '../../../lib/useMediaQuery.js';
import { ResourceActionButtons } from '../../../platform/resourceActions.js';
import { CodeEditor } from '../../../ui/CodeEditor/CodeEditor.js';
import { uptimeTextClass } from '../../../ui/health.js';
import { Modal } from '../../../ui/Modal.js';
import { Select } from '../../../ui/Select.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import { Tabs } from '../../../ui/Tabs.js';
import { Tags, type TagMap } from '../../../ui/Tags.js';
import { useCheckGraph, useCheckRow, useRunCheckNow } from '../api/checkApi.js';
import { useCheckLocations } from '../api/locations.js';
import { useCheckSummary } from '../api/summary.js';
import type { CheckSummary } from '../api/types.js';
import { checkHealth, uptimePercent } from '../lib/checks.js';
import {
  defaultRangeForLastRun,
  PANEL_RANGES,
  rangeMinutes,
  serverWindow,
  showRunAge,
} from '../lib/timeRange.js';
import { useHealthParams } from '../lib/useHealthParams.js';
import { CheckHistory } from './CheckHistory.js';
import { CheckLocations } from './CheckLocations.js';
import { CheckRelationships } from './CheckRelationships.js';
import { LatencyValues } from './LatencyValues.js';

const HealthChart = lazy(() => import('./HealthChart.js'));

type StatProps = { label: string; children: ReactNode; className?: string; wrap?: boolean };

/** One figure of the stat row; `wrap` for values that must show whole rather than truncate. */
function Stat({ label, children, className, wrap = false }: StatProps) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', className)}>
      <span className="text-[11px] font-semibold tracking-wide text-muted uppercase">{label}</span>
      <span className={cn('text-[13px]', !wrap && 'truncate')}>{children}</span>
    </div>
  );
}

function When({ time }: { time: string | null | undefined }) {
  if (!time) return <span className="text-muted">—</span>;
  return <span title={formatDateTime(time)}>{formatRelativeTime(time)}</span>;
}

function Chart({ checkId, range, height }: { checkId: string; range: string; height?: number }) {
  const graph = useCheckGraph(checkId, serverWindow(range));
  const fallback = <div className="animate-pulse rounded bg-subtle" style={{ height: height ?? 160 }} />;
  if (!graph.data) return fallback;
  return (
    <Suspense fallback={fallback}>
      <HealthChart graph={graph.data} rangeMinutes={rangeMinutes(range)} height={height} />
    </Suspense>
  );
}

type Props = {
  checkId: string;
  check: CheckSummary | undefined;
  onClose: () => void;
  /** Embedded in another page: the evidence action (Link to Incident) is left out (doc 1 §2). */
  embedded?: boolean;
};

/** The incidents area's evidence action, by its id (areas do not import each other). */
const EVIDENCE_ACTION = 'link-to-incident';

/** The full-size check panel: stats, History, Graph, Spec and Relationships tabs, Run Now. */
export function CheckPanel({ checkId, check, onClose, embedded = false }: Props) {
  const [params, setParams] = useHealthParams();
  const range = params.timeRangeSet ? params.timeRange : defaultRangeForLastRun(check?.last_runtime);
  const stats = useCheckSummary(checkId, serverWindow(range));
  const row = useCheckRow(checkId);
  const shortScreen = useMediaQuery('(max-height: 760px)');
  const [tab, setTab] = useState('history');
  const runNow = useRunCheckNow(checkId);
  const located = useCheckLocations(checkId).data;
  const places = located?.located
    ? located.locations.flatMap((l) => (l.id ? [{ id: l.id, name: l.name }] : []))
    : undefined;
  const maintenance = useActiveMaintenance([checkId]);

  const s = stats.data ?? check;
  const pct = s ? uptimePercent(s) : undefined;
  const health = check ? checkHealth(check) : 'unknown';
  const specYaml = row.data ? stringify(row.data.spec ?? {}) : '';
  const lastRun = check?.last_runtime;
  // The check's own severity: the panel's fresh summary first, the dashboard's row until it loads.
  const severity = s?.severity ?? check?.severity;

  const tabs = [
    {
      value: 'history',
      label: 'History',
      content: <CheckHistory checkId={checkId} rangeMinutes={rangeMinutes(range)} locations={places} />,
    },
    ...(shortScreen
      ? [{ value: 'graph', label: 'Graph', content: <Chart checkId={checkId} range={range} height={240} /> }]
      : []),
    {
      value: 'spec',
      label: 'Spec',
      content: <CodeEditor value={specYaml} language="yaml" readOnly height="420px" ariaLabel="Check spec" />,
    },
    {
      value: 'relationships',
      label: 'Relationships',
      content: <CheckRelationships checkId={checkId} />,
    },
  ];

  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      size="full"
      title={
        <span className="flex items-center gap-2">
          <StatusDot status={health} />
          <span className="truncate">{check?.name ?? 'Check'}</span>
          {check?.type ? <span className="text-xs font-normal text-muted">{check.type}</span> : null}
          <MaintenanceBadge window={maintenance.data?.[checkId]} />
        </span>
      }
      description={
        check ? (
          <span className="flex flex-wrap items-center gap-2">
            {check.canary_name ? <span>{check.canary_name}</span> : null}
            {check.endpoint ? <span className="truncate font-mono text-xs">{check.endpoint}</span> : null}
            <Tags tags={(check.labels ?? {}) as TagMap} max={4} />
          </span>
        ) : undefined
      }
      footer={
        <>
          {check ? (
            <Link to={`/settings/canaries/${check.canary_id}`} className="btn">
              <Pencil className="size-3.5" aria-hidden /> Edit source
            </Link>
          ) : null}
          <Guard resource="notifications" action="write">
            {/* The silence form lives in the notifications area: linked, not imported. */}
            <Link to={`/notifications/silences/add?check_id=${encodeURIComponent(checkId)}`} className="btn">
              <BellOff className="size-3.5" aria-hidden /> Silence
            </Link>
          </Guard>
          {check ? (
            <ResourceActionButtons
              resource={{
                kind: 'check',
                id: checkId,
                name: check.name,
                // Evidence shows the check's results with their messages over the panel's range.
                evidence: { check_id: checkId, includeMessages: true, start: range },
              }}
              exclude={embedded ? [EVIDENCE_ACTION] : undefined}
            />
          ) : null}
          <div className="flex-1" />
          <Guard resource="responder" action="write">
            <span className="flex flex-wrap items-center justify-end gap-2">
              {showRunAge(lastRun) ? (
                <span className="text-xs whitespace-nowrap text-muted" data-testid="run-age">
                  Last run <When time={lastRun} />
                </span>
              ) : null}
              <button
                type="button"
                className="btn btn-primary"
                disabled={runNow.isPending}
                onClick={() => runNow.mutate()}
              >
                {runNow.isPending ? (
                  <Loader2 className="size-3.5 animate-spin" aria-hidden />
                ) : (
                  <Play className="size-3.5" aria-hidden />
                )}
                Run Now
              </button>
            </span>
          </Guard>
        </>
      }
    >
      <div className="flex h-full min-h-0 flex-col gap-4">
        <div className="grid grid-cols-2 gap-4 rounded-lg border border-line bg-subtle/40 p-3 md:grid-cols-4 xl:grid-cols-9">
          <Stat label="Uptime" wrap>
            {pct === undefined ? (
              <span className="text-muted">—</span>
            ) : (
              <span className="flex flex-wrap items-baseline gap-x-1.5">
                <span className={cn('font-semibold', uptimeTextClass(pct))} data-testid="panel-uptime">
                  {formatPercent(pct)}
                </span>
                <span className="text-[11px] text-muted">
                  {s?.uptime?.passed ?? 0} passed, {s?.uptime?.failed ?? 0} failed
                </span>
              </span>
            )}
          </Stat>
          <Stat label="Latency" className="col-span-2" wrap>
            <LatencyValues latency={s?.latency} />
          </Stat>
          <Stat label="Severity">
            {severity ? (
              <span className="capitalize" data-testid="panel-severity">
                {severity}
              </span>
            ) : (
              <span className="text-muted">—</span>
            )}
          </Stat>
          <Stat label="Last Run">
            <When time={lastRun} />
          </Stat>
          <Stat label="Transitioned">
            <When time={check?.last_transition_time} />
          </Stat>
          <Stat label="Next Run">
            <When time={check?.next_runtime} />
          </Stat>
          <div className="col-span-2">
            <Select
              label="Time Range"
              value={range}
              onChange={(v) => setParams({ timeRange: v })}
              options={PANEL_RANGES.map((r) => ({ value: r, label: r }))}
            />
          </div>
        </div>
        {located?.located ? <CheckLocations answer={located} /> : null}
        {!shortScreen ? (
          <section aria-label="Health Overview">
            <h3 className="mb-1 text-xs font-semibold text-muted">Health Overview</h3>
            <Chart checkId={checkId} range={range} />
          </section>
        ) : null}
        <Tabs tabs={tabs} value={tab} onValueChange={setTab} className="flex min-h-0 flex-1 flex-col" />
      </div>
    </Modal>
  );
}
