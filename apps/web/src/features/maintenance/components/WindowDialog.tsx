import type { MaintenanceWindowRow } from '@opsdeck/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { FormField } from '../../../ui/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import { maintenanceKeys, saveWindow } from '../api/windows.js';
import { bodyOf, formOf, windowFormSchema, type WindowForm } from '../lib/windowForm.js';
import { OccurrencesPreview } from './OccurrencesPreview.js';
import { SelectorFields } from './SelectorFields.js';

type Props = {
  /** The window edited; undefined adds one. */
  row: MaintenanceWindowRow | undefined;
  canWrite: boolean;
  onClose: () => void;
};

/** Add or edit a maintenance window: when (one-off or recurring), what it covers, who is told. */
export function WindowDialog({ row, canWrite, onClose }: Props) {
  const queryClient = useQueryClient();
  const { register, control, handleSubmit, formState } = useForm<WindowForm>({
    resolver: zodResolver(windowFormSchema),
    defaultValues: formOf(row),
  });
  const values = useWatch({ control }) as WindowForm;
  const recurring = values.recurring;
  const errors = formState.errors;
  const save = useMutation({
    mutationFn: (f: WindowForm) => saveWindow(row?.id, bodyOf(f)),
    meta: { silent: true },
    onSuccess: async () => {
      toast.success(row ? 'Maintenance window updated' : 'Maintenance window added', { duration: TOAST_MS });
      await queryClient.invalidateQueries({ queryKey: maintenanceKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['maintenance', 'active'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={row ? 'Edit Maintenance Window' : 'Add Maintenance Window'}
      size="lg"
    >
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(ev) => void handleSubmit((f) => save.mutate(f))(ev)}
      >
        <fieldset className="contents" disabled={!canWrite}>
          <div className="grid grid-cols-2 gap-2">
            <FormField label="Name" required error={errors.name?.message}>
              <input className="input w-full" aria-required {...register('name')} />
            </FormField>
            <FormField label="Namespace" error={errors.namespace?.message}>
              <input className="input w-full" {...register('namespace')} />
            </FormField>
          </div>
          <FormField label="Description">
            <textarea className="input min-h-14 w-full py-1.5" {...register('description')} />
          </FormField>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('recurring')} /> Recurring (cron schedule)
          </label>
          {recurring ? (
            <div className="grid grid-cols-3 gap-2">
              <FormField label="Schedule (cron)" error={errors.schedule?.message}>
                <input className="input w-full font-mono" {...register('schedule')} />
              </FormField>
              <FormField label="Duration" error={errors.duration?.message}>
                <input className="input w-full" placeholder="2h" {...register('duration')} />
              </FormField>
              <FormField label="Time zone" error={errors.time_zone?.message}>
                <input className="input w-full" list="maintenance-time-zones" {...register('time_zone')} />
              </FormField>
            </div>
          ) : null}
          <div className="grid grid-cols-2 gap-2">
            <FormField
              label={recurring ? 'Active from (optional)' : 'Starts'}
              error={errors.starts_at?.message}
            >
              <input type="datetime-local" className="input w-full" {...register('starts_at')} />
            </FormField>
            <FormField label={recurring ? 'Active until (optional)' : 'Ends'} error={errors.ends_at?.message}>
              <input type="datetime-local" className="input w-full" {...register('ends_at')} />
            </FormField>
          </div>
          <OccurrencesPreview timing={bodyOf(values)} />
          <SelectorFields
            control={control}
            register={register}
            error={errors.selectors?.message ?? errors.selectors?.root?.message}
          />
          <FormField label="Notify (emails or connection:// references, comma-separated)">
            <input className="input w-full" {...register('recipients')} />
          </FormField>
          <div className="grid grid-cols-2 gap-2">
            <FormField label="Start message">
              <textarea className="input min-h-14 w-full py-1.5" {...register('startMessage')} />
            </FormField>
            <FormField label="End message">
              <textarea className="input min-h-14 w-full py-1.5" {...register('endMessage')} />
            </FormField>
          </div>
        </fieldset>
        <datalist id="maintenance-time-zones">
          {Intl.supportedValuesOf('timeZone').map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        {save.isError ? <ErrorView error={save.error} /> : null}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn" onClick={onClose}>
            {canWrite ? 'Cancel' : 'Close'}
          </button>
          {canWrite ? (
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving' : 'Save'}
            </button>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
