import { useNavigate } from 'react-router';
import { spaClick } from '../lib/spaLink.js';
import type { TopologyComponent } from '../api/types.js';
import { SUMMARY_LIMIT } from '../lib/cards.js';
import { ShowMore } from './ShowMore.js';

const CHECK_TONE: Record<string, string> = {
  healthy: 'text-health-healthy',
  unhealthy: 'text-health-unhealthy',
  warning: 'text-health-warning',
};

// Passing checks are hidden on the health page by default: the link asks to show them.
const checksHref = (id: string, status: string) =>
  `/health?component=${id}&status=${status}&hidePassing=false`;

const insightsHref = (id: string, type: string, severity: string) =>
  `/catalog/insights?component=${id}&type=${encodeURIComponent(type)}&severity=${encodeURIComponent(severity)}`;

/** Health-check counts by status, linking to the health page, and open insights by type. */
export function CardSummaries({ component }: { component: TopologyComponent }) {
  const navigate = useNavigate();
  const checks = Object.entries(component.summary.checks ?? {}).filter(([, n]) => n > 0);
  const insights = Object.entries(component.summary.insights ?? {}).flatMap(([type, bySeverity]) =>
    Object.entries(bySeverity)
      .filter(([, n]) => n > 0)
      .map(([severity, n]) => ({ type, severity, n })),
  );
  if (checks.length === 0 && insights.length === 0) return null;
  const items = [
    ...checks.map(([status, n]) => (
      <a
        key={`c-${status}`}
        href={checksHref(component.id, status)}
        onClick={spaClick(navigate, checksHref(component.id, status))}
        className="flex items-center justify-between gap-2 rounded px-1 py-0.5 text-xs hover:bg-subtle"
      >
        <span className="text-muted">Checks {status}</span>
        <span className={`font-semibold tabular-nums ${CHECK_TONE[status] ?? ''}`}>{n}</span>
      </a>
    )),
    ...insights.map(({ type, severity, n }) => (
      <a
        key={`i-${type}-${severity}`}
        href={insightsHref(component.id, type, severity)}
        onClick={spaClick(navigate, insightsHref(component.id, type, severity))}
        className="flex items-center justify-between gap-2 rounded px-1 py-0.5 text-xs hover:bg-subtle"
      >
        <span className="truncate text-muted">
          {type} · {severity}
        </span>
        <span className="font-semibold tabular-nums">{n}</span>
      </a>
    )),
  ];
  return (
    <div data-testid="card-summaries" className="min-w-36 flex-1">
      <ShowMore items={items} limit={SUMMARY_LIMIT} />
    </div>
  );
}
