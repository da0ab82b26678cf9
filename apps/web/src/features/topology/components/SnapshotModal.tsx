import { useState } from 'react';
import { toast } from 'sonner';
import { Modal } from '../../../ui/Modal.js';
import { Select } from '../../../ui/Select.js';
import { downloadSnapshot } from '../api/topologyApi.js';
import type { TopologyComponent } from '../api/types.js';

/** Snapshot time ranges; the first is the default. */
export const SNAPSHOT_RANGES = [
  { value: '1h', label: 'Last 1 hour' },
  { value: '6h', label: 'Last 6 hours' },
  { value: '1d', label: 'Last 1 day' },
  { value: '2d', label: 'Last 2 days' },
  { value: '7d', label: 'Last 7 days' },
];

export function SnapshotModal({ component, onClose }: { component: TopologyComponent; onClose: () => void }) {
  const [start, setStart] = useState(SNAPSHOT_RANGES[0]!.value);
  const [related, setRelated] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadSnapshot(component.id, start, related);
      onClose();
    } catch {
      toast.error('Error downloading file');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Snapshot: ${component.name}`}
      size="sm"
      footer={
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void download()}>
          {busy ? 'Downloading...' : 'Download'}
        </button>
      }
    >
      <div className="flex flex-col gap-3">
        <Select label="Time range" value={start} onChange={setStart} options={SNAPSHOT_RANGES} />
        <label className="flex items-center gap-2 text-[13px]">
          <input type="checkbox" checked={related} onChange={(e) => setRelated(e.target.checked)} />
          Include related components
        </label>
      </div>
    </Modal>
  );
}
