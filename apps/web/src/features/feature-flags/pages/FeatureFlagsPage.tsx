import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { Badge } from '../../../ui/Badge.js';
import { columnHelper } from '../../../ui/DataTable/index.js';
import { Page } from '../../../ui/Page.js';
import { PrimaryAction } from '../../../ui/PrimaryAction.js';
import { QueryTable } from '../../../ui/QueryTable.js';
import { isLocal, LOCAL_FLAG_TEXT, useFeatureFlags, type FeatureFlag } from '../api/featureFlags.js';
import { FeatureFlagDialog } from '../components/FeatureFlagDialog.js';

const col = columnHelper<FeatureFlag>();
const time = (v: string) => <span title={formatDateTime(v)}>{v ? formatRelativeTime(v) : '—'}</span>;
const columns = col.columns([
  col.accessor('name', { header: 'Name', size: 220 }),
  col.accessor((f) => f.description ?? '', { id: 'description', header: 'Description', size: 220 }),
  col.accessor('value', { header: 'Value', size: 90 }),
  col.accessor((f) => f.source ?? '', {
    id: 'source',
    header: 'Source',
    size: 80,
    cell: (c) => <Badge tone={c.getValue() === 'local' ? 'yellow' : 'grey'}>{c.getValue() || '—'}</Badge>,
  }),
  col.accessor((f) => f.created_by?.name ?? '', { id: 'created_by', header: 'Created By', size: 120 }),
  col.accessor((f) => f.created_at ?? '', {
    id: 'created_at',
    header: 'Created At',
    size: 110,
    cell: (c) => time(c.getValue()),
  }),
  col.accessor((f) => f.updated_at ?? '', {
    id: 'updated_at',
    header: 'Updated At',
    size: 110,
    cell: (c) => time(c.getValue()),
  }),
]);

/** Settings → Feature Flags: a row click edits; local flags are read-only. */
export function FeatureFlagsPage() {
  const flags = useFeatureFlags();
  const canWrite = useHasPermission('properties', 'write');
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<FeatureFlag>();
  const add = () => {
    setEditing(undefined);
    setOpen(true);
  };
  return (
    <Page
      crumbs={[{ label: 'Settings' }, { label: 'Feature Flags' }]}
      actions={canWrite ? <PrimaryAction icon={Plus} label="Add Feature Flag" onClick={add} /> : null}
    >
      <QueryTable
        id="settings-feature-flags"
        query={flags}
        columns={columns}
        getRowId={(f) => f.name}
        pagination={false}
        onRowClick={(f) => {
          if (isLocal(f)) {
            toast.error(LOCAL_FLAG_TEXT, { duration: TOAST_MS });
            return;
          }
          setEditing(f);
          setOpen(true);
        }}
      />
      <FeatureFlagDialog open={open} onOpenChange={setOpen} flag={editing} canWrite={canWrite} />
    </Page>
  );
}
