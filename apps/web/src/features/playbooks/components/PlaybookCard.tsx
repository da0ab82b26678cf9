import { History, MoreVertical, Pencil, Play, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { NamedIcon } from '../../../ui/NamedIcon.js';
import type { PlaybookRow } from '../api/types.js';

type Props = {
  playbook: PlaybookRow;
  canWrite: boolean;
  /** Edit needs write on connections too (doc 3 §6). */
  canEdit: boolean;
  onRun: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One playbook: icon, title and description, History and Run, and an Edit/Delete menu. */
export function PlaybookCard({ playbook: p, canWrite, canEdit, onRun, onEdit, onDelete }: Props) {
  const title = p.title || p.name;
  return (
    <article
      aria-label={title}
      className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3 shadow-xs"
    >
      <div className="flex items-start gap-2">
        <NamedIcon name={p.icon} className="mt-0.5 size-5" />
        <h3 className="min-w-0 flex-1 truncate font-semibold" title={title}>
          {title}
        </h3>
        {canWrite ? (
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              className="btn btn-ghost btn-icon -mr-1 h-7 w-7"
              aria-label={`${title} actions`}
            >
              <MoreVertical className="size-4" aria-hidden />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="end" sideOffset={4} className="menu">
                {canEdit ? (
                  <DropdownMenu.Item className="menu-item" onSelect={onEdit}>
                    <Pencil className="size-4" aria-hidden /> Edit
                  </DropdownMenu.Item>
                ) : null}
                <DropdownMenu.Item className="menu-item text-health-unhealthy" onSelect={onDelete}>
                  <Trash2 className="size-4" aria-hidden /> Delete
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        ) : null}
      </div>
      {p.description ? <p className="line-clamp-3 text-[13px] text-muted">{p.description}</p> : null}
      <div className="mt-auto flex gap-2 pt-1">
        <Link className="btn" to={`/playbooks/runs?playbook=${encodeURIComponent(p.id)}`}>
          <History className="size-4" aria-hidden /> History
        </Link>
        {canWrite ? (
          <button type="button" className="btn btn-primary" onClick={onRun}>
            <Play className="size-4" aria-hidden /> Run
          </button>
        ) : null}
      </div>
    </article>
  );
}
