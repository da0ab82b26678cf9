import { formatDateTime, formatDuration, formatRelativeTime } from '@opsdeck/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useResourceActions, type ResourceAction } from '../../../platform/resourceActions.js';
import { columnHelper, DataTable, useInfiniteRows } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { NamedIcon } from '../../../ui/NamedIcon.js';
import { PlaybookRunStatus } from '../../../ui/PlaybookRunStatus.js';
import { fetchConfigRuns, type ConfigRun } from '../api/playbookRuns.js';
import { catalogKeys } from '../api/keys.js';

/** The id of the playbooks area's 'Run playbook' resource action. */
const RUN_PLAYBOOK_ACTION = 'run-playbook';

function durationMs(r: ConfigRun): number | undefined {
  if (!r.start_time) return undefined;
  return Math.max(0, (r.end_time ? Date.parse(r.end_time) : Date.now()) - Date.parse(r.start_time));
}

const col = columnHelper<ConfigRun>();
const columns = col.columns([
  col.accessor((r) => r.playbooks?.title || r.playbooks?.name || '', {
    id: 'playbook',
    header: 'Playbook',
    size: 260,
    enableSorting: false,
    cell: (c) => (
      <span className="flex items-center gap-1.5">
        <NamedIcon name={c.row.original.playbooks?.icon} />
        <span className="truncate">{c.getValue()}</span>
      </span>
    ),
  }),
  col.accessor('status', {
    header: 'Status',
    size: 150,
    enableSorting: false,
    cell: (c) => <PlaybookRunStatus status={c.getValue()} />,
  }),
  col.accessor((r) => r.start_time ?? null, {
    id: 'started',
    header: 'Started',
    size: 150,
    enableSorting: false,
    cell: (c) => {
      const v = c.getValue();
      return v ? <span title={formatDateTime(v)}>{formatRelativeTime(v)}</span> : null;
    },
  }),
  col.accessor((r) => durationMs(r), {
    id: 'duration',
    header: 'Duration',
    size: 100,
    enableSorting: false,
    cell: (c) => formatDuration(c.getValue()),
  }),
  col.accessor((r) => r.created_by?.name ?? r.trigger ?? '', {
    id: 'triggered_by',
    header: 'Triggered By',
    size: 160,
    enableSorting: false,
  }),
]);

/**
 * /catalog/{id}/playbooks: the item's playbook runs, newest first, an infinite list of 50 a
 * page (a row opens the run), and Run playbook.
 */
export function PlaybooksTab({ configId, configName }: { configId: string; configName: string }) {
  const navigate = useNavigate();
  const runAction = useResourceActions('config').find((a) => a.id === RUN_PLAYBOOK_ACTION);
  const [open, setOpen] = useState<ResourceAction | undefined>();
  const {
    query: runs,
    rows,
    infinite,
  } = useInfiniteRows({
    queryKey: catalogKeys.playbookRuns(configId),
    fetchPage: (range, signal) => fetchConfigRuns(configId, range, signal),
    silent: true,
  });
  const Icon = runAction?.icon;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      {runAction ? (
        <div className="flex justify-end">
          <button type="button" className="btn" onClick={() => setOpen(runAction)}>
            {Icon ? <Icon className="size-4" aria-hidden /> : null}
            {runAction.label}
          </button>
        </div>
      ) : null}
      {runs.isError && !runs.data ? (
        <ErrorView error={runs.error} onRetry={() => void runs.refetch()} />
      ) : (
        <DataTable
          id="config-playbook-runs"
          className="flex-1"
          columns={columns}
          data={rows}
          infinite={infinite}
          manual
          loading={runs.isFetching && !runs.isFetchingNextPage}
          getRowId={(r) => r.id}
          onRowClick={(r) => void navigate(`/playbooks/runs/${r.id}`)}
        />
      )}
      {open
        ? open.render({
            resource: { kind: 'config', id: configId, name: configName },
            close: () => setOpen(undefined),
          })
        : null}
    </div>
  );
}
