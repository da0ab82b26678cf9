import { Modal } from '../../../ui/Modal.js';

type Props = {
  open: boolean;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onDisprove: () => void;
  onDelete: () => void;
};

/** Deleting offers disproving instead: a disproven hypothesis keeps its comments and evidence. */
export function DeleteHypothesisDialog({ open, busy, onOpenChange, onDisprove, onDelete }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Hypothesis"
      size="sm"
      footer={
        <>
          <button type="button" className="btn" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn" onClick={onDisprove} disabled={busy}>
            Disprove
          </button>
          <button type="button" className="btn btn-danger" onClick={onDelete} disabled={busy}>
            Delete
          </button>
        </>
      }
    >
      <p className="text-muted">
        Deleting the hypothesis also deletes its comments and evidence. Disprove it instead to keep them.
      </p>
    </Modal>
  );
}
