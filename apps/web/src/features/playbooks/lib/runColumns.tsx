import { formatDateTime, formatDuration, formatRelativeTime, type RelativeTimeRange } from '@opsdeck/shared';
import { Link } from 'react-router';
import { columnHelper } from '../../../ui/DataTable/index.js';
import { NamedIcon } from '../../../ui/NamedIcon.js';
import { PlaybookRunStatus } from '../../../ui/PlaybookRunStatus.js';
import type { RunRow } from '../api/types.js';

/** The runs list's default range: the last 7 days. */
export const RUNS_DEFAULT_RANGE: RelativeTimeRange = {
  type: 'relative',
  range: 'now-7d',
  display: 'Last 7 days',
};

/** From start to end (or to now while running); empty before it starts. */
export function runDurationMs(
  run: Pick<RunRow, 'start_time' | 'end_time'>,
  now = Date.now(),
): number | undefined {
  if (!run.start_time) return undefined;
  const end = run.end_time ? Date.parse(run.end_time) : now;
  return Math.max(0, end - Date.parse(run.start_time));
}

/** Who started the run: a person's name, else how it was triggered. */
export function triggeredBy(run: Pick<RunRow, 'created_by' | 'trigger'>): string {
  return run.created_by?.name ?? run.trigger ?? '';
}

/** The run's resource: name, where it links and its icon. */
export function runResource(run: RunRow): { name: string; href: string; icon?: string | null } | undefined {
  if (run.component)
    return {
      name: run.component.name ?? run.component.id,
      href: `/topology/${run.component.id}`,
      icon: run.component.icon,
    };
  if (run.config)
    return {
      name: run.config.name ?? run.config.id,
      href: `/catalog/${run.config.id}`,
      icon: run.config.type,
    };
  if (run.check)
    return {
      name: run.check.name ?? run.check.id,
      href: `/health?checkId=${run.check.id}`,
      icon: run.check.icon,
    };
  return undefined;
}

const col = columnHelper<RunRow>();
export const runColumns = col.columns([
  col.accessor((r) => r.playbooks?.title || r.playbooks?.name || r.playbook_id, {
    id: 'playbook',
    header: 'Playbook',
    size: 240,
    enableSorting: false,
    cell: (c) => (
      <span className="flex items-center gap-1.5">
        <NamedIcon name={c.row.original.playbooks?.icon} />
        <span className="truncate">{c.getValue()}</span>
      </span>
    ),
  }),
  col.accessor((r) => runResource(r)?.name ?? '', {
    id: 'resource',
    header: 'Resource',
    size: 220,
    enableSorting: false,
    cell: (c) => {
      const res = runResource(c.row.original);
      if (!res) return null;
      return (
        <Link
          to={res.href}
          onClick={(e) => e.stopPropagation()}
          className="flex items-center gap-1.5 hover:underline"
        >
          <NamedIcon name={res.icon} />
          <span className="truncate">{res.name}</span>
        </Link>
      );
    },
  }),
  col.accessor('status', {
    header: 'Status',
    size: 150,
    cell: (c) => <PlaybookRunStatus status={c.getValue()} />,
  }),
  col.accessor((r) => r.start_time ?? null, {
    id: 'start_time',
    header: 'Started',
    size: 150,
    cell: (c) => {
      const v = c.getValue();
      return v ? <span title={formatDateTime(v)}>{formatRelativeTime(v)}</span> : null;
    },
  }),
  col.accessor((r) => runDurationMs(r), {
    id: 'duration',
    header: 'Duration',
    size: 100,
    enableSorting: false,
    cell: (c) => formatDuration(c.getValue()),
  }),
  col.accessor((r) => triggeredBy(r), {
    id: 'triggered_by',
    header: 'Triggered By',
    size: 160,
    enableSorting: false,
  }),
]);
