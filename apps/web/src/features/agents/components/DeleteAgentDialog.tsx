import { useState } from 'react';
import { Modal } from '../../../ui/Modal.js';

type Props = {
  name: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (cleanup: boolean) => void;
};

/** Confirms a (soft) delete; the checkbox asks the server to remove the agent's data as well. */
export function DeleteAgentDialog({ name, busy, onCancel, onConfirm }: Props) {
  const [cleanup, setCleanup] = useState(false);
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title="Delete Agent"
      size="sm"
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={() => onConfirm(cleanup)} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete'}
          </button>
        </>
      }
    >
      <p className="text-muted">Delete agent &apos;{name}&apos;? Its access tokens stop working at once.</p>
      <label className="mt-3 flex items-center gap-2">
        <input type="checkbox" checked={cleanup} onChange={(e) => setCleanup(e.target.checked)} />
        Also delete the checks, configs and other data this agent pushed
      </label>
    </Modal>
  );
}
