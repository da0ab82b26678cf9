import { zodResolver } from '@hookform/resolvers/zod';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '@opsdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errors.js';
import { FormField } from '../../../ui/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import { createIncident } from '../api/incidents.js';
import { incidentKeys } from '../api/keys.js';
import { createIncidentSchema, EMPTY_INCIDENT, type CreateIncidentForm } from '../lib/createForm.js';
import { ValueOptions } from './ValueOptions.js';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Create New Incident': on success the new incident opens; a server error shows in the modal. */
export function CreateIncidentModal({ open, onOpenChange }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, formState } = useForm<CreateIncidentForm>({
    resolver: zodResolver(createIncidentSchema),
    defaultValues: EMPTY_INCIDENT,
  });
  const create = useMutation({
    mutationFn: (values: CreateIncidentForm) => createIncident({ ...values, title: values.title.trim() }),
    // The modal shows the error itself.
    meta: { silent: true },
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: incidentKeys.all });
      onOpenChange(false);
      void navigate(`/incidents/${id}`);
    },
  });
  useEffect(() => {
    if (open) {
      reset(EMPTY_INCIDENT);
      create.reset();
    }
    // create.reset is stable; resetting on open only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);
  const e = formState.errors;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Create New Incident" size="md">
      <form
        className="space-y-3"
        onSubmit={(ev) => void handleSubmit((v) => create.mutate(v))(ev)}
        noValidate
      >
        <FormField label="Title" required error={e.title?.message}>
          <input className="input w-full" aria-required {...register('title')} />
        </FormField>
        <FormField label="Description" error={e.description?.message}>
          <textarea className="input min-h-24 w-full py-2" {...register('description')} />
        </FormField>
        <div className="grid grid-cols-3 gap-3">
          <FormField label="Severity" required error={e.severity?.message}>
            <select className="input w-full" aria-required {...register('severity')}>
              <ValueOptions values={INCIDENT_SEVERITIES} />
            </select>
          </FormField>
          <FormField label="Status" required error={e.status?.message}>
            <select className="input w-full" aria-required {...register('status')}>
              <ValueOptions values={INCIDENT_STATUSES} />
            </select>
          </FormField>
          <FormField label="Type" required error={e.type?.message}>
            <select className="input w-full" aria-required {...register('type')}>
              <ValueOptions values={INCIDENT_TYPES} />
            </select>
          </FormField>
        </div>
        {create.isError ? (
          <p role="alert" className="text-health-unhealthy">
            {errorMessage(create.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  );
}
