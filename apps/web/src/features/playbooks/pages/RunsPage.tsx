import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pencil, Play } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useHasPermission } from '../../../auth/permissions.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { DataTable, tableParamKeys, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { runStatusLabel } from '../../../ui/PlaybookRunStatus.js';
import { Select } from '../../../ui/Select.js';
import { TimeRangePicker } from '../../../ui/TimeRangePicker/TimeRangePicker.js';
import { useTimeRangeParams } from '../../../ui/TimeRangePicker/timeRangeParams.js';
import { playbookKeys } from '../api/keys.js';
import { fetchPlaybookNames, fetchPlaybooks } from '../api/playbooks.js';
import { fetchRuns, RUN_STATUS_FILTERS } from '../api/runs.js';
import { RunPlaybookDialog } from '../components/RunPlaybookDialog.js';
import { SpecEditorModal } from '../components/SpecEditorModal.js';
import { RUNS_DEFAULT_RANGE, runColumns } from '../lib/runColumns.js';

const DEFAULTS = { sortBy: 'created_at', sortDesc: true };
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...RUN_STATUS_FILTERS.map((s) => ({ value: s, label: runStatusLabel(s) })),
];

/** /playbooks/runs: top-level runs, server-paged, filtered by playbook, status and time range. */
export function RunsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useUrlParams();
  const table = useTableUrlState('', DEFAULTS);
  const [range, setRange] = useTimeRangeParams('', RUNS_DEFAULT_RANGE);
  const canWrite = useHasPermission('playbooks', 'write');
  // Editing a playbook also needs write on connections (doc 3 §6).
  const canEdit = useHasPermission('connections', 'write') && canWrite;
  const [dialog, setDialog] = useState<'edit' | 'run' | undefined>();
  const { pageIndex, pageSize } = table.pagination;
  const filters = useMemo(
    () => ({ playbookId: params.get('playbook') ?? '', status: params.get('status') ?? '', range }),
    [params, range],
  );

  const names = useQuery({
    queryKey: playbookKeys.names(),
    queryFn: ({ signal }) => fetchPlaybookNames(signal),
  });
  const runs = useQuery({
    queryKey: playbookKeys.runs(filters, pageIndex, pageSize, table.sorting),
    queryFn: ({ signal }) => fetchRuns(filters, pageIndex, pageSize, table.sorting, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  // Edit and Run need the chosen playbook's row (with its spec).
  const playbooks = useQuery({
    queryKey: playbookKeys.list(),
    queryFn: ({ signal }) => fetchPlaybooks(signal),
    enabled: Boolean(filters.playbookId) && canWrite,
  });
  const chosen = playbooks.data?.find((p) => p.id === filters.playbookId);

  // A new filter starts again at the first page.
  const setFilter = (key: string, value: string) =>
    setParams({ [key]: value, [tableParamKeys().pageIndex]: null });

  return (
    <Page
      crumbs={[{ label: 'Playbooks', href: '/playbooks' }, { label: 'Runs' }]}
      actions={
        chosen && canWrite ? (
          <>
            {canEdit ? (
              <button type="button" className="btn" onClick={() => setDialog('edit')}>
                <Pencil className="size-4" aria-hidden /> Edit Playbook
              </button>
            ) : null}
            <button type="button" className="btn btn-primary" onClick={() => setDialog('run')}>
              <Play className="size-4" aria-hidden /> Run Playbook
            </button>
          </>
        ) : null
      }
    >
      <div className="flex flex-wrap items-center gap-2" role="search" aria-label="Run filters">
        <Select
          label="Playbook"
          value={filters.playbookId}
          onChange={(v) => setFilter('playbook', v)}
          options={[
            { value: '', label: 'All' },
            ...(names.data ?? []).map((n) => ({ value: n.id, label: n.title || n.name })),
          ]}
        />
        <Select
          label="Status"
          value={filters.status}
          onChange={(v) => setFilter('status', v)}
          options={STATUS_OPTIONS}
        />
        <div className="flex-1" />
        <TimeRangePicker value={range} onChange={setRange} onClear={() => setRange(undefined)} />
      </div>
      {runs.isError && !runs.data ? (
        <ErrorView error={runs.error} onRetry={() => void runs.refetch()} />
      ) : (
        <DataTable
          id="playbook-runs"
          className="flex-1"
          columns={runColumns}
          data={runs.data?.data ?? []}
          totalEntries={runs.data?.totalEntries}
          manual
          loading={runs.isFetching}
          defaults={DEFAULTS}
          getRowId={(r) => r.id}
          onRowClick={(r) => void navigate(`/playbooks/runs/${r.id}`)}
        />
      )}
      {dialog === 'edit' && chosen ? (
        <SpecEditorModal playbook={chosen} close={() => setDialog(undefined)} />
      ) : null}
      {dialog === 'run' && chosen ? (
        <RunPlaybookDialog playbook={chosen} close={() => setDialog(undefined)} />
      ) : null}
    </Page>
  );
}
