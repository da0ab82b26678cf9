import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useHasPermission } from '../../../auth/permissions.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { PrimaryAction } from '../../../ui/PrimaryAction.js';
import { playbookKeys } from '../api/keys.js';
import { fetchPlaybooks } from '../api/playbooks.js';
import type { PlaybookRow } from '../api/types.js';
import { DeletePlaybookDialog } from '../components/DeletePlaybookDialog.js';
import { PlaybookCard } from '../components/PlaybookCard.js';
import { RunPlaybookDialog } from '../components/RunPlaybookDialog.js';
import { SpecEditorModal } from '../components/SpecEditorModal.js';
import { byCategory } from '../lib/groups.js';

type Open = { kind: 'add' } | { kind: 'edit' | 'run' | 'delete'; playbook: PlaybookRow } | undefined;

/** /playbooks: cards grouped by category; Add, Edit, Delete and Run for writers. */
export function PlaybooksPage() {
  const canWrite = useHasPermission('playbooks', 'write');
  // Editing a playbook also needs write on connections (doc 3 §6): its spec names them.
  const canEdit = useHasPermission('connections', 'write') && canWrite;
  const [open, setOpen] = useState<Open>();
  const list = useQuery({
    queryKey: playbookKeys.list(),
    queryFn: ({ signal }) => fetchPlaybooks(signal),
    meta: { silent: true },
  });
  const close = () => setOpen(undefined);

  return (
    <Page
      crumbs={[{ label: 'Playbooks' }]}
      actions={
        <>
          <Link className="btn" to="/playbooks/runs">
            Runs
          </Link>
          {canWrite ? (
            <PrimaryAction icon={Plus} label="Add Playbook" onClick={() => setOpen({ kind: 'add' })} />
          ) : null}
        </>
      }
    >
      {list.isError ? <ErrorView error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? (
        <p className="py-16 text-center text-muted" aria-busy="true">
          Loading…
        </p>
      ) : null}
      {list.isSuccess && list.data.length === 0 ? (
        <p className="py-16 text-center text-muted">No data available</p>
      ) : null}
      <div className="flex flex-col gap-6 overflow-y-auto">
        {byCategory(list.data ?? []).map((g) => (
          <section
            key={g.category || '-'}
            aria-label={g.category || 'Playbooks'}
            className="flex flex-col gap-2"
          >
            {g.category ? (
              <h2 className="text-[13px] font-semibold text-muted uppercase">{g.category}</h2>
            ) : null}
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {g.playbooks.map((p) => (
                <PlaybookCard
                  key={p.id}
                  playbook={p}
                  canWrite={canWrite}
                  canEdit={canEdit}
                  onRun={() => setOpen({ kind: 'run', playbook: p })}
                  onEdit={() => setOpen({ kind: 'edit', playbook: p })}
                  onDelete={() => setOpen({ kind: 'delete', playbook: p })}
                />
              ))}
            </div>
          </section>
        ))}
      </div>
      {open?.kind === 'add' ? <SpecEditorModal close={close} /> : null}
      {open?.kind === 'edit' ? <SpecEditorModal playbook={open.playbook} close={close} /> : null}
      {open?.kind === 'run' ? <RunPlaybookDialog playbook={open.playbook} close={close} /> : null}
      {open?.kind === 'delete' ? <DeletePlaybookDialog playbook={open.playbook} close={close} /> : null}
    </Page>
  );
}
