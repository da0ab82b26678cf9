import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn.js';
import { useFeatureCheck } from '../../../auth/features.js';
import { spaClick } from '../lib/spaLink.js';
import type { TopologyComponent } from '../api/types.js';
import { SUMMARY_LIMIT } from '../lib/cards.js';
import { summarySeverities, type SeverityCount } from '../lib/severity.js';
import { ShowMore } from './ShowMore.js';

const CHECK_TONE: Record<string, string> = {
  healthy: 'text-health-healthy',
  unhealthy: 'text-health-unhealthy',
  warning: 'text-health-warning',
};

/** Critical and high red, medium (low merged in) orange. */
const SEVERITY_TEXT: Record<string, string> = {
  critical: 'text-health-unhealthy',
  blocker: 'text-health-unhealthy',
  high: 'text-health-unhealthy',
  medium: 'text-orange-600 dark:text-orange-400',
};

// Passing checks are hidden on the health page by default: the link asks to show them.
const checksHref = (id: string, status: string) =>
  `/health?component=${id}&status=${status}&hidePassing=false`;

/** A merged medium count holds low ones too: its link leaves the severity open. */
const severityParam = (s: SeverityCount) => (s.merged ? '' : `&severity=${encodeURIComponent(s.severity)}`);

const insightsHref = (id: string, type: string, s: SeverityCount) =>
  `/catalog/insights?component=${id}&type=${encodeURIComponent(type)}${severityParam(s)}`;

// The card counts incidents not yet resolved or closed; the list's own default (open) would
// hide the investigating and mitigated ones, so the link asks for every status.
const incidentsHref = (id: string, type: string, s: SeverityCount) =>
  `/incidents?type=${encodeURIComponent(type)}&component=${id}${severityParam(s)}&status=all`;

type Row = { type: string } & SeverityCount;

function bySeverity(summary: Record<string, Record<string, number>> | undefined): Row[] {
  return Object.entries(summary ?? {}).flatMap(([type, counts]) =>
    summarySeverities(counts).map((s) => ({ type, ...s })),
  );
}

function SummaryLink({
  href,
  label,
  n,
  tone,
  testId,
}: {
  href: string;
  label: string;
  n: number;
  tone?: string;
  testId?: string;
}) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
      data-testid={testId}
      onClick={spaClick(navigate, href)}
      className="flex items-center justify-between gap-2 rounded px-1 py-0.5 text-xs hover:bg-subtle"
    >
      <span className="truncate text-muted">{label}</span>
      <span className={cn('font-semibold tabular-nums', tone)}>{n}</span>
    </a>
  );
}

/** Health-check counts by status, incidents and open insights by type and severity, each a link. */
export function CardSummaries({ component }: { component: TopologyComponent }) {
  const incidentsOff = useFeatureCheck()('incidents');
  const checks = Object.entries(component.summary.checks ?? {}).filter(([, n]) => n > 0);
  const incidents = incidentsOff ? [] : bySeverity(component.summary.incidents);
  const insights = bySeverity(component.summary.insights);
  if (checks.length === 0 && incidents.length === 0 && insights.length === 0) return null;
  const items = [
    ...checks.map(([status, n]) => (
      <SummaryLink
        key={`c-${status}`}
        href={checksHref(component.id, status)}
        label={`Checks ${status}`}
        n={n}
        tone={CHECK_TONE[status]}
      />
    )),
    ...incidents.map((r) => (
      <SummaryLink
        key={`inc-${r.type}-${r.severity}`}
        testId="incident-count"
        href={incidentsHref(component.id, r.type, r)}
        label={`Incidents ${r.type} · ${r.severity}`}
        n={r.n}
        tone={SEVERITY_TEXT[r.severity]}
      />
    )),
    ...insights.map((r) => (
      <SummaryLink
        key={`i-${r.type}-${r.severity}`}
        href={insightsHref(component.id, r.type, r)}
        label={`${r.type} · ${r.severity}`}
        n={r.n}
        tone={SEVERITY_TEXT[r.severity]}
      />
    )),
  ];
  return (
    <div data-testid="card-summaries" className="min-w-36 flex-1">
      <ShowMore items={items} limit={SUMMARY_LIMIT} />
    </div>
  );
}
