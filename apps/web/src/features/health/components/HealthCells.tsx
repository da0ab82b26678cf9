import { formatLatency, formatPercent, formatRelativeTime, formatDateTime } from '@opsdeck/shared';
import { cn } from '../../../lib/cn.js';
import { uptimeTextClass } from '../../../ui/health.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import { uptimePercent } from '../lib/checks.js';

type UptimeProps = {
  uptime: { passed: number; failed: number } | null | undefined;
  /** The window it covers, as 'last 24 h', shown on hover where no header says it. */
  covers?: string;
};

/** Uptime as a percentage with passed/failed counts; the text colour follows `uptimeTextClass`. */
export function UptimeText({ uptime, covers }: UptimeProps) {
  const pct = uptimePercent({ uptime });
  if (pct === undefined) return <span className="text-muted">—</span>;
  return (
    <span
      className="inline-flex items-baseline gap-1.5 tabular-nums"
      title={covers ? `Uptime (${covers})` : undefined}
    >
      <span className={cn('font-medium', uptimeTextClass(pct))} data-testid="uptime">
        {formatPercent(pct)}
      </span>
      <span className="text-[11px] text-muted">
        {uptime?.passed ?? 0}/{(uptime?.passed ?? 0) + (uptime?.failed ?? 0)}
      </span>
    </span>
  );
}

export function HealthCell({ status }: { status: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <StatusDot status={status} />
      <span className="capitalize">{status}</span>
    </span>
  );
}

export function LatencyText({ ms }: { ms: number | null | undefined }) {
  if (ms === null || ms === undefined) return <span className="text-muted">—</span>;
  return <span className="tabular-nums">{formatLatency(ms)}</span>;
}

export function AgeText({ time }: { time: string | null | undefined }) {
  if (!time) return <span className="text-muted">—</span>;
  return <span title={formatDateTime(time)}>{formatRelativeTime(time)}</span>;
}
