import type { HypothesisType } from '@opsdeck/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { TOAST_MS } from '../../../api/queryClient.js';
import { Modal } from '../../../ui/Modal.js';
import { createHypothesis } from './api.js';
import { PART_TEXT } from './texts.js';

/** Where the new hypothesis goes: the root of an empty tree, or a child of the chosen node. */
export type AddTarget = { type: HypothesisType; parentId?: string };

type Props = {
  incidentId: string;
  target: AddTarget | undefined;
  onClose: () => void;
  onChanged: () => void;
};

/** 'Add hypothesis': a title; the type follows from the parent and the status starts possible. */
export function AddHypothesisModal({ incidentId, target, onClose, onChanged }: Props) {
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);

  function close() {
    setTitle('');
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!target || !title.trim()) return;
    setSaving(true);
    try {
      await createHypothesis({
        incident_id: incidentId,
        ...(target.parentId ? { parent_id: target.parentId } : {}),
        title: title.trim(),
        type: target.type,
        status: 'possible',
      });
      close();
      onChanged();
    } catch (err) {
      toast.error(errorMessage(err), { duration: TOAST_MS });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={target !== undefined}
      onOpenChange={(o) => !o && close()}
      title={PART_TEXT.addHypothesis}
      size="sm"
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <p className="text-muted">Type: {target?.type}</p>
        <label className="flex flex-col gap-1">
          <span>Title</span>
          <input className="input" value={title} onChange={(e) => setTitle(e.target.value)} autoFocus />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving || !title.trim()}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
