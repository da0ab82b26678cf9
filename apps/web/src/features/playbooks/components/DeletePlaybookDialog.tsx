import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { playbookKeys } from '../api/keys.js';
import { deletePlaybook } from '../api/playbooks.js';
import type { PlaybookRow } from '../api/types.js';

/** Asks, then deletes the playbook softly; a refusal shows in a toast. */
export function DeletePlaybookDialog({ playbook, close }: { playbook: PlaybookRow; close: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deletePlaybook(playbook.id),
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: playbookKeys.all });
      close();
    },
    onError: (e) => toast.error(`Unable to delete playbook spec: ${errorMessage(e)}`),
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => (o ? undefined : close())}
      title="Delete playbook"
      description={`Delete '${playbook.title || playbook.name}'? Its runs are kept.`}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      busy={remove.isPending}
      destructive
      onConfirm={() => remove.mutate()}
    />
  );
}
