import { HYPOTHESIS_STATUSES, type HypothesisStatus } from '@opsdeck/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { TOAST_MS } from '../../../api/queryClient.js';
import { deleteHypothesis, updateHypothesis } from './api.js';
import { DeleteHypothesisDialog } from './DeleteHypothesisDialog.js';
import { EvidenceItem } from './EvidenceItem.js';
import { HypothesisComments } from './HypothesisComments.js';
import { PART_TEXT, statusLabel } from './texts.js';
import { childType, type HypothesisNode } from './tree.js';
import { useDebouncedCall } from './useDebouncedCall.js';

/** Debounces: status updates 200 ms, title updates 1000 ms. */
export const STATUS_DEBOUNCE_MS = 200;
export const TITLE_DEBOUNCE_MS = 1000;

type Props = {
  node: HypothesisNode;
  canWrite: boolean;
  onAdd: (node: HypothesisNode) => void;
  onChanged: () => void;
};

/** One node of the tree with its evidence and children. */
export function HypothesisItem({ node, canWrite, onAdd, onChanged }: Props) {
  const [status, setStatus] = useState<HypothesisStatus>(node.status ?? 'possible');
  const [title, setTitle] = useState(node.title ?? '');
  // Follow the server when the refetched incident brings a different value (someone else's edit).
  const [seen, setSeen] = useState({ status: node.status, title: node.title });
  if (seen.status !== node.status || seen.title !== node.title) {
    setSeen({ status: node.status, title: node.title });
    if (seen.status !== node.status) setStatus(node.status ?? 'possible');
    if (seen.title !== node.title) setTitle(node.title ?? '');
  }
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  async function save(body: Parameters<typeof updateHypothesis>[1]) {
    try {
      await updateHypothesis(node.id, body);
      onChanged();
    } catch (e) {
      toast.error(errorMessage(e), { duration: TOAST_MS });
    }
  }
  const saveStatus = useDebouncedCall((s: HypothesisStatus) => void save({ status: s }), STATUS_DEBOUNCE_MS);
  const saveTitle = useDebouncedCall((t: string) => void save({ title: t }), TITLE_DEBOUNCE_MS);

  function changeStatus(s: HypothesisStatus) {
    setStatus(s);
    saveStatus(s);
  }

  async function disprove() {
    setBusy(true);
    setStatus('disproven');
    await save({ status: 'disproven' });
    setBusy(false);
    setConfirmDelete(false);
  }

  async function remove() {
    setBusy(true);
    try {
      await deleteHypothesis(node.id);
      setConfirmDelete(false);
      onChanged();
    } catch (e) {
      toast.error(errorMessage(e), { duration: TOAST_MS });
    } finally {
      setBusy(false);
    }
  }

  const next = childType(node.type);
  return (
    <li
      role="treeitem"
      aria-label={node.title ?? node.type}
      aria-selected={false}
      className="flex flex-col gap-2"
    >
      {/* Off-screen rows skip layout and paint until scrolled to (large trees render at once). */}
      <div className="flex flex-wrap items-center gap-2 rounded-md border border-line p-2 [contain-intrinsic-size:auto_3rem] [content-visibility:auto]">
        <span className="rounded bg-subtle px-1.5 text-xs text-muted uppercase">{node.type}</span>
        <input
          aria-label="Title"
          className="input min-w-0 flex-1"
          value={title}
          readOnly={!canWrite}
          onChange={(e) => {
            setTitle(e.target.value);
            saveTitle(e.target.value);
          }}
        />
        <select
          aria-label="Status"
          className="input w-auto"
          value={status}
          disabled={!canWrite}
          onChange={(e) => changeStatus(e.target.value as HypothesisStatus)}
        >
          {HYPOTHESIS_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
        {canWrite ? (
          <>
            {next ? (
              <button type="button" className="btn btn-sm" onClick={() => onAdd(node)}>
                {PART_TEXT.addHypothesis}
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-sm"
              disabled={busy || status === 'disproven'}
              onClick={() => void disprove()}
            >
              {PART_TEXT.disprove}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label="Delete hypothesis"
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </>
        ) : null}
      </div>
      {node.evidences.length > 0 ? (
        <ul className="ml-6 flex flex-col gap-1" aria-label="Evidence">
          {node.evidences.map((e) => (
            <EvidenceItem key={e.id} evidence={e} onChanged={onChanged} />
          ))}
        </ul>
      ) : null}
      <HypothesisComments comments={node.comments} />
      {node.children.length > 0 ? (
        <ul role="group" className="ml-6 flex flex-col gap-2">
          {node.children.map((c) => (
            <HypothesisItem key={c.id} node={c} canWrite={canWrite} onAdd={onAdd} onChanged={onChanged} />
          ))}
        </ul>
      ) : null}
      {/* Mounted only while asked: a tree of hundreds of nodes should not carry a dialog each. */}
      {confirmDelete ? (
        <DeleteHypothesisDialog
          open
          busy={busy}
          onOpenChange={setConfirmDelete}
          onDisprove={() => void disprove()}
          onDelete={() => void remove()}
        />
      ) : null}
    </li>
  );
}
