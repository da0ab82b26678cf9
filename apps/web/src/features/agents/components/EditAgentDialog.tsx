import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { CACHE, TOAST_MS } from '../../../api/queryClient.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Modal } from '../../../ui/Modal.js';
import { deleteAgent, fetchAgent, updateAgent, type AgentRow } from '../api/agents.js';
import { agentKeys } from '../api/keys.js';
import { agentFormSchema, propertiesOf, storedAgentForm, type AgentForm } from '../lib/agentForm.js';
import { AgentFormFields } from './AgentFormFields.js';
import { DeleteAgentDialog } from './DeleteAgentDialog.js';

/** Edit Agent: description and properties (the name is read-only), and Delete. */
export function EditAgentDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useQuery({
    queryKey: agentKeys.detail(id),
    queryFn: () => fetchAgent(id),
    meta: { silent: true },
    ...CACHE.settings,
  });
  let body;
  if (detail.isPending) body = <p className="py-6 text-center text-muted">Loading…</p>;
  else if (detail.isError) body = <ErrorView error={detail.error} onRetry={() => void detail.refetch()} />;
  else body = <StoredAgent row={detail.data} onClose={onClose} />;
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title="Edit Agent" size="md">
      {body}
    </Modal>
  );
}

function StoredAgent({ row, onClose }: { row: AgentRow; onClose: () => void }) {
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<AgentForm>({
    resolver: zodResolver(agentFormSchema),
    defaultValues: storedAgentForm(row),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: agentKeys.all });
  const save = useMutation({
    mutationFn: (f: AgentForm) =>
      updateAgent(row.id, { description: f.description, properties: propertiesOf(f.properties) }),
    onSuccess: () => {
      void refresh();
      toast.success('Agent updated', { duration: TOAST_MS });
      onClose();
    },
  });
  const remove = useMutation({
    mutationFn: (cleanup: boolean) => deleteAgent(row.id, cleanup),
    onSuccess: () => {
      void refresh();
      toast.success('Agent deleted', { duration: TOAST_MS });
      setConfirming(false);
      onClose();
    },
  });
  return (
    <form noValidate onSubmit={(ev) => void form.handleSubmit((f) => save.mutate(f))(ev)}>
      <AgentFormFields form={form} editing />
      <div className="mt-4 flex justify-between">
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          Delete
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
      {confirming ? (
        <DeleteAgentDialog
          name={row.name}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={(cleanup) => remove.mutate(cleanup)}
        />
      ) : null}
    </form>
  );
}
