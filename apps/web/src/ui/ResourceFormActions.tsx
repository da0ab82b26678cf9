import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog.js';

type ResourceFormActionsProps = {
  /** Singular name shown in the delete dialog's title, e.g. 'Catalog Scraper'. */
  resourceName: string;
  /** Set when the form edits a stored row: shows Delete and labels the submit 'Update'. */
  editing: boolean;
  /** What the delete dialog asks, naming the row and what deleting it does. */
  deleteQuestion: string;
  saving: boolean;
  /** A field is invalid: submit stays disabled until it is fixed (doc 3 §5). */
  invalid?: boolean;
  deleting: boolean;
  onDelete: () => void;
  /** Buttons beside Save/Update, such as Run once. */
  extraActions?: ReactNode;
};

/** The footer of a settings resource form: Delete with confirmation, Save/Update (Saving/Updating). */
export function ResourceFormActions({
  resourceName,
  editing,
  deleteQuestion,
  saving,
  invalid = false,
  deleting,
  onDelete,
  extraActions,
}: ResourceFormActionsProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <>
      <div className="flex items-center gap-2 border-t border-line pt-3">
        {editing ? (
          <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)}>
            <Trash2 className="size-3.5" aria-hidden /> Delete
          </button>
        ) : null}
        <div className="flex-1" />
        {extraActions}
        <button type="submit" className="btn btn-primary" disabled={saving || invalid}>
          {/* Busy: 'Saving' a new one, 'Updating' a stored one (doc 3 §4). */}
          {saving ? (editing ? 'Updating' : 'Saving') : editing ? 'Update' : 'Save'}
        </button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${resourceName}`}
        description={deleteQuestion}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={deleting}
        destructive
        onConfirm={onDelete}
      />
    </>
  );
}
