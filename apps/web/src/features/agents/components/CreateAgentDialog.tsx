import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { Modal } from '../../../ui/Modal.js';
import { useServerFieldErrors } from '../../../ui/useServerFieldErrors.js';
import { generateAgent, type AgentInstallPayload, type GeneratedAgent } from '../api/agents.js';
import { agentKeys } from '../api/keys.js';
import { agentFormSchema, installPayload, newAgentForm, type AgentForm } from '../lib/agentForm.js';
import { AgentFormFields } from './AgentFormFields.js';

type Props = {
  onClose: () => void;
  /** The agent exists: the caller shows its install instructions (and its token, once). */
  onCreated: (agent: GeneratedAgent, payload: AgentInstallPayload) => void;
};

/**
 * Add Agent: the form, then POST /api/agent/generate. A failure toasts the server's message;
 * one about a field (a taken name) is also said next to it.
 */
export function CreateAgentDialog({ onClose, onCreated }: Props) {
  const qc = useQueryClient();
  const form = useForm<AgentForm>({ resolver: zodResolver(agentFormSchema), defaultValues: newAgentForm() });
  const create = useMutation({
    mutationFn: generateAgent,
    onSuccess: (agent, payload) => {
      void qc.invalidateQueries({ queryKey: agentKeys.all });
      toast.success('Agent created', { duration: TOAST_MS });
      onCreated(agent, payload);
    },
  });
  // A taken name is said next to the Name field (and toasted, as every failed save is).
  useServerFieldErrors(form, create.error);
  const submit = (f: AgentForm) => create.mutate(installPayload(f));
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add Agent"
      size="md"
      footer={
        <button
          type="submit"
          form="agent-create-form"
          className="btn btn-primary"
          disabled={create.isPending}
        >
          {create.isPending ? 'Saving…' : 'Save'}
        </button>
      }
    >
      <form id="agent-create-form" noValidate onSubmit={(ev) => void form.handleSubmit(submit)(ev)}>
        <AgentFormFields form={form} editing={false} />
      </form>
    </Modal>
  );
}
