import {
  Ban,
  CalendarClock,
  CheckCircle2,
  CircleDashed,
  Clock,
  Hourglass,
  Loader2,
  Moon,
  RotateCw,
  SkipForward,
  TimerOff,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../lib/cn.js';

/** Icon and colour of each run or step state (playbooks, the catalog tab, the topology panel). */
const LOOK: Record<string, { icon: LucideIcon; className: string }> = {
  completed: { icon: CheckCircle2, className: 'text-health-healthy' },
  cancelled: { icon: Ban, className: 'text-muted' },
  failed: { icon: XCircle, className: 'text-health-unhealthy' },
  timed_out: { icon: TimerOff, className: 'text-health-unhealthy' },
  pending: { icon: Clock, className: 'text-health-warning' },
  pending_approval: { icon: Clock, className: 'text-health-warning' },
  waiting: { icon: Hourglass, className: 'text-muted' },
  waiting_children: { icon: Hourglass, className: 'text-muted' },
  running: { icon: Loader2, className: 'animate-spin text-brand-600' },
  retrying: { icon: RotateCw, className: 'text-health-warning' },
  scheduled: { icon: CalendarClock, className: 'text-muted' },
  sleeping: { icon: Moon, className: 'text-muted' },
  skipped: { icon: SkipForward, className: 'text-muted' },
};

/** 'pending_approval' → 'Pending Approval'. */
export function runStatusLabel(status: string): string {
  return status
    .split('_')
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** The state's icon; its name is the tooltip and the accessible name. */
export function PlaybookRunStatusIcon({ status, className }: { status: string; className?: string }) {
  const look = LOOK[status] ?? { icon: CircleDashed, className: 'text-muted' };
  const Icon = look.icon;
  return (
    <Icon
      className={cn('size-4 shrink-0', look.className, className)}
      role="img"
      aria-label={runStatusLabel(status)}
      data-status={status}
    />
  );
}

/** Icon and label together, for tables and headers. */
export function PlaybookRunStatus({ status }: { status: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <PlaybookRunStatusIcon status={status} />
      {runStatusLabel(status)}
    </span>
  );
}
