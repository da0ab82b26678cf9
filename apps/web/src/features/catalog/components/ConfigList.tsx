import { useMemo } from 'react';
import { DataTable, columnHelper } from '../../../ui/DataTable/index.js';
import { AgentBadge } from '../../../ui/AgentBadge.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import { Tags } from '../../../ui/Tags.js';
import type { ConfigRow } from '../api/schemas.js';
import { LIST_DEFAULTS } from '../lib/pageQueries.js';
import { AnalysisBadges, ChangesCount, When, whenCell } from './cells.js';
import { CostCell } from './CostCell.js';

type Props = {
  rows: ConfigRow[];
  total: number | undefined;
  loading: boolean;
  onOpen: (row: ConfigRow) => void;
  /** `groupByProp`: the Tags column shows just this tag ('key: value'), nothing without it. */
  tagKey?: string | undefined;
};

/** The tag `groupByProp` names, alone, as Mission Control's list shows it. */
function GroupTag({ tags, tagKey }: { tags: ConfigRow['tags']; tagKey: string }) {
  const value = tags?.[tagKey];
  if (value === undefined || value === null || value === '') return null;
  return <Tags tags={{ [tagKey]: value }} />;
}

/** The flat, server-sorted list of config items. */
export function ConfigList({ rows, total, loading, onOpen, tagKey }: Props) {
  const columns = useMemo(() => {
    const col = columnHelper<ConfigRow>();
    return col.columns([
      col.accessor('name', {
        header: 'Name',
        size: 260,
        cell: (c) => (
          <span className="flex items-center gap-1.5">
            <span
              className={
                c.row.original.deleted_at
                  ? 'truncate font-medium text-muted line-through'
                  : 'truncate font-medium'
              }
            >
              {c.getValue() ?? c.row.original.id}
            </span>
            <AgentBadge agentId={c.row.original.agent_id} />
          </span>
        ),
      }),
      col.accessor('type', { header: 'Type', size: 200 }),
      col.accessor('status', {
        header: 'Status',
        size: 150,
        cell: (c) => (
          <span className="flex items-center gap-1.5">
            <StatusDot status={c.row.original.health ?? 'unknown'} />
            <span className="truncate">{c.getValue() ?? c.row.original.health ?? ''}</span>
          </span>
        ),
      }),
      col.accessor('changes', {
        header: 'Changes',
        size: 90,
        cell: (c) => <ChangesCount value={c.getValue()} />,
      }),
      col.accessor('tags', {
        header: 'Tags',
        size: 240,
        enableSorting: false,
        cell: (c) =>
          tagKey ? <GroupTag tags={c.getValue()} tagKey={tagKey} /> : <Tags tags={c.getValue()} max={2} />,
      }),
      col.accessor((r) => r.analysis ?? {}, {
        id: 'analysis',
        header: 'Analysis',
        size: 160,
        enableSorting: false,
        cell: (c) => <AnalysisBadges analysis={c.getValue()} />,
      }),
      col.accessor('cost_total_30d', {
        header: 'Cost',
        size: 120,
        cell: (c) => <CostCell row={c.row.original} />,
      }),
      col.accessor('created_at', { header: 'Created', size: 120, cell: whenCell }),
      col.accessor('updated_at', { header: 'Updated', size: 120, cell: whenCell }),
      col.accessor('deleted_at', { header: 'Deleted At', size: 120, cell: whenCell }),
      col.accessor((r) => r.updated_at ?? null, {
        id: 'changed',
        header: 'Changed',
        size: 120,
        enableSorting: false,
        cell: (c) => <When value={c.getValue()} />,
      }),
    ]);
  }, [tagKey]);
  return (
    <DataTable
      id="catalog-list"
      className="flex-1"
      columns={columns}
      data={rows}
      totalEntries={total}
      manual
      defaults={LIST_DEFAULTS}
      loading={loading}
      getRowId={(r) => r.id}
      onRowClick={onOpen}
      emptyText="No configs found"
    />
  );
}
